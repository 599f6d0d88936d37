// An OpenLayers page that opens a layer's vector tiles from the tile API's landing page alone:
// landing `data` link → collections → `tilesets-vector` link → the tileset's `self` link, which
// OpenLayers' OGC API - Tiles source reads (its `item` template and `tiling-scheme` matrix set).
/* global window */
// Bundled by e2e/tiles/openlayers.e2e-spec.ts with rolldown; never imported by Node.
import Map from 'ol/Map.js';
import View from 'ol/View.js';
import MVT from 'ol/format/MVT.js';
import VectorTileLayer from 'ol/layer/VectorTile.js';
import { fromLonLat } from 'ol/proj.js';
import OGCVectorTile from 'ol/source/OGCVectorTile.js';

async function json(url) {
  const res = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return res.json();
}

const link = (doc, rel) => doc.links.find((l) => l.rel === rel && l.type === 'application/json');

/** Opens collection `id` from the landing page; resolves with the tileset URL once the map has drawn. */
window.openTiles = async (landingUrl, id, lonLat, zoom) => {
  const landing = await json(landingUrl);
  const collections = await json(link(landing, 'data').href);
  const collection = collections.collections.find((c) => c.id === id);
  const tilesets = await json(link(collection, 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector').href);
  const tilesetUrl = link(tilesets.tilesets[0], 'self').href;
  const source = new OGCVectorTile({ url: tilesetUrl, format: new MVT() });
  // The source reads the tileset and its tile matrix set first: ready, or an error saying why.
  await new Promise((resolve, reject) => {
    const settled = () => {
      if (source.getState() === 'ready') resolve();
      else if (source.getState() === 'error') reject(new Error(`the tileset could not be read: ${source.getError?.()}`));
      else source.once('change', settled);
    };
    settled();
  });
  const layer = new VectorTileLayer({ source });
  const map = new Map({ target: 'map', layers: [layer], view: new View({ center: fromLonLat(lonLat), zoom }) });
  window.map = map;
  window.layer = layer;
  await new Promise((resolve) => map.once('rendercomplete', resolve));
  return tilesetUrl;
};

/** The `attribute` of the features drawn at (lon, lat). */
window.namesAt = async (lonLat, attribute) => {
  const features = await window.layer.getFeatures(window.map.getPixelFromCoordinate(fromLonLat(lonLat)));
  return features.map((f) => f.get(attribute)).sort();
};
