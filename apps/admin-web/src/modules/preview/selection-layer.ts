import Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import type { Geometry } from 'ol/geom';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import { FIT_PADDING } from './view-extent';

/** Identified features: an amber outline over a white halo (points: an amber ring). */
export const HIGHLIGHT = [
  new Style({ stroke: new Stroke({ color: 'rgba(255, 255, 255, 0.9)', width: 5 }) }),
  new Style({
    stroke: new Stroke({ color: '#f59e0b', width: 2.5 }),
    image: new CircleStyle({ radius: 7, stroke: new Stroke({ color: '#f59e0b', width: 2.5 }) }),
  }),
];

/** The colour of the attribute table's selected feature on the map. */
export const SELECTED_COLOUR = '#c026d3';

/** The attribute table's selected feature: a magenta outline over a white halo (points: a ring); the layer's own fill stays visible. */
const SELECTED = [
  new Style({ stroke: new Stroke({ color: 'rgba(255, 255, 255, 0.95)', width: 7 }) }),
  new Style({
    stroke: new Stroke({ color: SELECTED_COLOUR, width: 3.5 }),
    image: new CircleStyle({ radius: 8, stroke: new Stroke({ color: SELECTED_COLOUR, width: 3.5 }) }),
  }),
];

/** A feature chosen in the attribute table: its GeoJSON geometry (CRS84); `zoom` counts the "zoom to"s, so each new one fits the view. */
export interface MapSelection {
  id: string;
  geometry: unknown;
  zoom: number;
}

/** The layer that draws the selected feature over the map, and how to show a selection (or none). */
export function selectionLayer(): { layer: VectorLayer<VectorSource>; show: (map: OlMap, selection: MapSelection | null, fit: boolean) => void } {
  const source = new VectorSource();
  const format = new GeoJSON();
  const layer = new VectorLayer({ source, style: SELECTED, zIndex: 10 });
  return {
    layer,
    /** Draws `selection` (nothing for null); with `fit`, fits the view to it. */
    show: (map, selection, fit) => {
      source.clear();
      if (!selection?.geometry) return;
      let geometry: Geometry | null;
      try {
        geometry = format.readGeometry(selection.geometry, { dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });
      } catch {
        return;
      }
      if (!geometry) return;
      source.addFeature(new Feature({ geometry }));
      if (fit) map.getView().fit(geometry.getExtent(), { padding: FIT_PADDING, maxZoom: 16, size: map.getSize() });
    },
  };
}

/**
 * Keeps a map's selection drawn: call with each new selection; fits the view when its `zoom` is
 * new (a "zoom to"), not when the same selection is drawn again on a new map.
 */
export function selectionFollower(map: OlMap, show: (map: OlMap, selection: MapSelection | null, fit: boolean) => void, initial: MapSelection | null) {
  let zoomed = initial?.zoom ?? 0;
  show(map, initial, false);
  return (selection: MapSelection | null) => {
    const fit = !!selection && selection.zoom !== zoomed;
    if (selection) zoomed = selection.zoom;
    show(map, selection, fit);
  };
}
