import Feature, { type FeatureLike } from 'ol/Feature';
import VectorLayer from 'ol/layer/Vector';
import RenderFeature, { toGeometry } from 'ol/render/Feature';
import VectorSource from 'ol/source/Vector';
import type { StyleLike } from 'ol/style/Style';
import { useEffect, useRef } from 'react';
import 'ol/ol.css';
import type { RestClient } from '../../../api';
import { featureLayer } from '../feature-layer';
import type { MapStatus } from '../map-status';
import { createPreviewMap } from '../preview-map';
import { HIGHLIGHT, selectionFollower, selectionLayer, type MapSelection } from '../selection-layer';
import { createTileLayer, tileFeatureProperties, tilePointsNear, tileStyle } from '../tile-layer';
import './layer-map.css';

/** A feature the user clicked: its id and attributes (no geometry). */
export interface IdentifiedFeature {
  id: string;
  properties: Record<string, unknown>;
}

export interface LayerMapProps {
  /** The OGC API collection (`ws:layer`). */
  collectionId: string;
  /** Lat/lon box `[minx, miny, maxx, maxy]` the view is fitted to. */
  extent: [number, number, number, number] | null;
  /** The layer's style; OpenLayers' default when null. */
  style: StyleLike | null;
  features: RestClient;
  /**
   * A client on the tile API: when given, the layer is drawn from vector tiles instead of loading
   * its features (for large layers); identify then reads the tiles' features.
   */
  tiles?: RestClient | null;
  /** The layer's feature count, when known (shown with tiles). */
  featureCount?: number | null;
  /** A client filter (ECQL / CQL2 text) on what is drawn, features or tiles; '' for none. */
  filter?: string;
  /** The attribute table's selected feature, drawn over the layer. */
  selection?: MapSelection | null;
  /** Accessible name of the map. */
  label: string;
  onIdentify?: (features: IdentifiedFeature[]) => void;
  onStatus?: (status: MapStatus) => void;
  /** The pointer's coordinates as text, null when it leaves the map. */
  onPointer?: (text: string | null) => void;
  className?: string;
}

/** How close to a tile point (in pixels) a click identifies it. */
const POINT_HIT_PIXELS = 5;

/**
 * An OpenLayers map of one layer over the offline countries basemap and a faint graticule (preview-map.ts):
 * features loaded by extent from the OGC API (bbox strategy) — or, given `tiles`, vector tiles —
 * drawn with `style`. The map is
 * focusable: arrow keys pan, + and − zoom, Enter identifies what is at the centre.
 */
export function LayerMap(props: LayerMapProps) {
  const {
    collectionId,
    extent,
    style,
    features,
    tiles,
    featureCount,
    filter = '',
    selection = null,
    label,
    onIdentify,
    onStatus,
    onPointer,
    className,
  } = props;
  const targetRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<{ setStyle(style: StyleLike | null): void; setFilter(filter: string): void } | null>(null);
  const filterRef = useRef(filter);
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  const followRef = useRef<((selection: MapSelection | null) => void) | null>(null);
  const countRef = useRef(featureCount ?? null);
  countRef.current = featureCount ?? null;
  const callbacks = useRef({ onIdentify, onStatus, onPointer });
  callbacks.current = { onIdentify, onStatus, onPointer };
  const styleRef = useRef(style);
  styleRef.current = style;
  // The extent fits the view once per collection; later changes must not jump the view.
  const extentRef = useRef(extent);
  extentRef.current = extent;

  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const status: MapStatus = { loading: false, loaded: 0, matched: tiles ? countRef.current : null, capped: false, error: null, tiles: !!tiles };
    const report = (change: Partial<MapStatus>) => {
      Object.assign(status, change);
      callbacks.current.onStatus?.({ ...status });
    };
    const controller = new AbortController();

    const currentFilter = () => filterRef.current;
    const vector = tiles
      ? createTileLayer(tiles, collectionId, styleRef.current, (r) => report({ loading: r.pending > 0, error: r.error }), controller.signal, currentFilter)
      : featureLayer(features, collectionId, styleRef.current, report, controller.signal, currentFilter);
    const refilter = (next: string) => {
      if (next === filterRef.current) return;
      filterRef.current = next;
      const tileSource = tiles ? (vector as ReturnType<typeof createTileLayer>).getSource() : null;
      // A new key makes the renderer fetch every tile again, now with the filter in its URL.
      if (tileSource) tileSource.setTileUrlFunction(tileSource.getTileUrlFunction(), `filter:${next}`);
      else if (!tiles) (vector as VectorLayer<VectorSource>).getSource()?.refresh();
    };
    layerRef.current = tiles
      ? { setStyle: (next) => (vector as ReturnType<typeof createTileLayer>).setStyle(tileStyle(next)), setFilter: refilter }
      : { setStyle: (next) => (vector as VectorLayer<VectorSource>).setStyle(next ?? undefined), setFilter: refilter };
    if (tiles) report({});
    const highlightSource = new VectorSource();
    const highlight = new VectorLayer({ source: highlightSource, style: HIGHLIGHT });
    const selected = selectionLayer();

    const map = createPreviewMap({
      target,
      layers: [vector, selected.layer, highlight],
      extent: extentRef.current,
      onPointer: (text) => callbacks.current.onPointer?.(text),
    });
    const view = map.getView();
    followRef.current = selectionFollower(map, selected.show, selectionRef.current);

    const identifyAt = (pixel: number[]) => {
      const hits: FeatureLike[] = map.getFeaturesAtPixel(pixel, { hitTolerance: 3, layerFilter: (layer) => layer === vector });
      if (tiles) {
        const points = tilePointsNear(
          vector as ReturnType<typeof createTileLayer>,
          map.getCoordinateFromPixel(pixel),
          POINT_HIT_PIXELS * (view.getResolution() ?? 0),
        );
        // A feature near a tile's edge is in the buffers of its neighbours too: one entry per id.
        const seen = new Set(hits.map((h) => h.getId()).filter((id) => id !== undefined));
        for (const point of points) {
          const id = point.getId();
          if (id !== undefined && seen.has(id)) continue;
          if (id !== undefined) seen.add(id);
          hits.push(point);
        }
      }
      highlightSource.clear();
      hits.slice(0, 20).forEach((feature) => {
        const geometry = feature instanceof RenderFeature ? toGeometry(feature) : feature.getGeometry();
        if (geometry) highlightSource.addFeature(new Feature({ geometry }));
      });
      callbacks.current.onIdentify?.(hits.map((feature) => ({ id: String(feature.getId() ?? ''), properties: tileFeatureProperties(feature) })));
    };
    map.on('singleclick', (event) => identifyAt(event.pixel));
    map.on('pointermove', (event) => {
      if (event.dragging) return;
      const hit = map.hasFeatureAtPixel(event.pixel, { hitTolerance: 3, layerFilter: (layer) => layer === vector });
      target.style.cursor = hit ? 'pointer' : '';
    });
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.target !== target) return;
      const size = map.getSize();
      if (size) identifyAt([size[0] / 2, size[1] / 2]);
    };
    target.addEventListener('keydown', onKey);

    // The map follows its container's size (the side panel can wrap under it).
    const resize = new ResizeObserver(() => map.updateSize());
    resize.observe(target);

    return () => {
      controller.abort();
      resize.disconnect();
      target.removeEventListener('keydown', onKey);
      map.setTarget(undefined);
      map.dispose();
      layerRef.current = null;
      followRef.current = null;
    };
  }, [collectionId, features, tiles]);

  useEffect(() => {
    layerRef.current?.setStyle(style);
  }, [style]);

  useEffect(() => {
    layerRef.current?.setFilter(filter);
  }, [filter]);

  useEffect(() => {
    followRef.current?.(selection);
  }, [selection]);

  return (
    <div
      ref={targetRef}
      className={`layer-map${className ? ` ${className}` : ''}`}
      tabIndex={0}
      role="application"
      aria-label={`${label}. Arrow keys pan, plus and minus zoom, Enter identifies the feature at the centre.`}
    />
  );
}
