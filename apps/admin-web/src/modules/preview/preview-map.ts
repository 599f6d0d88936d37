import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import ScaleLine from 'ol/control/ScaleLine';
import type BaseLayer from 'ol/layer/Base';
import Graticule from 'ol/layer/Graticule';
import { toLonLat } from 'ol/proj';
import Stroke from 'ol/style/Stroke';
import { createBasemap } from './basemap';
import { FIT_PADDING, formatLonLat, mercatorExtent } from './view-extent';

export interface PreviewMapOptions {
  target: HTMLElement;
  /** The layer's own map layers, drawn over the basemap and the graticule. */
  layers: BaseLayer[];
  /** The lat/lon box the view is fitted to (with padding, across the antimeridian). */
  extent: readonly [number, number, number, number] | null;
  /** The pointer's position as text ("Lon …, Lat …"), or null when it leaves the map. */
  onPointer?: (text: string | null) => void;
}

/**
 * The preview's OpenLayers map in EPSG:3857: the offline countries basemap, a faint graticule,
 * then `layers`; zoom and scale line controls; the view fitted to `extent`; the pointer's
 * coordinates reported as it moves.
 */
export function createPreviewMap({ target, layers, extent, onPointer }: PreviewMapOptions): OlMap {
  const view = new View({ center: [0, 0], zoom: 2, maxZoom: 22 });
  const map = new OlMap({
    target,
    view,
    layers: [
      createBasemap(),
      new Graticule({ strokeStyle: new Stroke({ color: 'rgba(100, 116, 139, 0.28)', width: 1 }), showLabels: false, wrapX: false }),
      ...layers,
    ],
    controls: defaultControls({ attribution: false, rotate: false }).extend([new ScaleLine()]),
  });
  const box = extent ? mercatorExtent(extent) : null;
  if (box) view.fit(box, { padding: FIT_PADDING, maxZoom: 18, size: map.getSize() ?? [800, 600] });
  if (onPointer) {
    map.on('pointermove', (event) => onPointer(formatLonLat(toLonLat(event.coordinate))));
    target.addEventListener('pointerleave', () => onPointer(null));
  }
  return map;
}
