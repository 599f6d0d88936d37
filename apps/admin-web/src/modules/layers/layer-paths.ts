import { qualifiedLayerName, type BoundingBox, type LayerRef } from '../../api';

/** The console page of a layer. */
export const layerPagePath = (ref: LayerRef): string => `/layers/${encodeURIComponent(ref.workspace)}/${encodeURIComponent(ref.name)}`;

/**
 * The standalone preview of a layer drawn in the browser: `/preview/ws:layer?mode=client` (without
 * `mode` the WMS draws it, as the Layer Preview page links it). The colon stays readable (names
 * never hold one, so it cannot be ambiguous); everything else in the names is encoded.
 */
export const previewPath = (ref: LayerRef): string => `/preview/${encodeURIComponent(qualifiedLayerName(ref)).replace(/%3A/gi, ':')}?mode=client`;

/** A box for a table cell: `-109.05, 37 … -102.04, 41` with up to 4 decimals. */
export function formatBox(box: BoundingBox | null): string {
  if (!box) return '—';
  const n = (value: number) => String(Number(value.toFixed(4)));
  return `${n(box.minx)}, ${n(box.miny)} … ${n(box.maxx)}, ${n(box.maxy)}`;
}
