// An OpenLayers page on another origin than the api's: it draws a layer's WMS map and vector
// tiles without credentials (crossOrigin 'anonymous', as a public web map does), and reports what
// loaded and what failed. Bundled by e2e/tiles/cross-origin.e2e-spec.ts; never imported by Node.
/* global window, document */
import Map from 'ol/Map.js';
import View from 'ol/View.js';
import MVT from 'ol/format/MVT.js';
import ImageLayer from 'ol/layer/Image.js';
import VectorTileLayer from 'ol/layer/VectorTile.js';
import { fromLonLat } from 'ol/proj.js';
import ImageWMS from 'ol/source/ImageWMS.js';
import OGCVectorTile from 'ol/source/OGCVectorTile.js';

function newMap(layer) {
  const target = document.createElement('div');
  target.style.width = '400px';
  target.style.height = '300px';
  document.body.appendChild(target);
  return new Map({ target, layers: [layer], view: new View({ center: fromLonLat([-105, 41]), zoom: 4 }) });
}

/** Draws `layer` of the WMS at `url`: 'drawn' (and the map's pixels readable), or 'error'. */
window.drawWms = (url, layer) =>
  new Promise((resolve) => {
    const source = new ImageWMS({ url, params: { LAYERS: layer, VERSION: '1.3.0' }, crossOrigin: 'anonymous', ratio: 1 });
    source.once('imageloaderror', () => resolve('error'));
    source.once('imageloadend', () => resolve('drawn'));
    newMap(new ImageLayer({ source }));
  });

/** Draws the vector tiles of the tileset at `url`: the number of features drawn, or 'error'. */
window.drawTiles = (url) =>
  new Promise((resolve) => {
    const source = new OGCVectorTile({ url, format: new MVT() });
    let loaded = 0;
    let failed = 0;
    source.on('tileloadend', () => loaded++);
    source.on('tileloaderror', () => failed++);
    const start = () => {
      if (source.getState() === 'error') return resolve('error');
      if (source.getState() !== 'ready') return source.once('change', start);
      const layer = new VectorTileLayer({ source });
      const map = newMap(layer);
      map.once('rendercomplete', async () => {
        if (failed || !loaded) return resolve('error');
        const features = await layer.getFeatures(map.getPixelFromCoordinate(fromLonLat([-105.5, 39])));
        resolve(features.length);
      });
    };
    start();
  });
