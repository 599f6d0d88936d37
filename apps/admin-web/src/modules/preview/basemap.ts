import GeoJSON from 'ol/format/GeoJSON';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';

/** Pale land and white borders: under any layer's colours, never mistaken for data. */
const LAND = new Style({ fill: new Fill({ color: '#e7eaee' }), stroke: new Stroke({ color: '#ffffff', width: 0.75 }) });

/**
 * The offline basemap: Natural Earth's countries at 1:110m from the `world-atlas` package (bundled
 * with the map, no tile server), drawn under the layer. Not identifiable, not in the legend.
 */
export function createBasemap(): VectorLayer<VectorSource> {
  const topology = countries as unknown as Topology<{ countries: GeometryCollection }>;
  const geojson = feature(topology, topology.objects.countries);
  const source = new VectorSource({
    features: new GeoJSON().readFeatures(geojson, { dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' }),
  });
  const layer = new VectorLayer({ source, style: LAND, properties: { basemap: true } });
  return layer;
}
