import { tileCollectionDocument, tileJsonDocument, tilesetDocument, tilesetList, tilesLandingPage } from './tiles-documents';
import { TilesLinks } from './tiles-links';
import { HALF_WORLD } from './web-mercator-quad';

type Link = { href: string; rel: string; type: string; templated?: boolean };
const links = new TilesLinks('http://h/geoserver/ogc/tiles/v1');
const states = { id: 'topp:states', title: 'USA states', description: 'The states', latLonBbox: { minx: -124.7, miny: 24.9, maxx: -66.9, maxy: 49.4 } };
const rel = (doc: object, name: string) => (doc as { links: Link[] }).links.filter((l) => l.rel === name);

describe('the tile API documents', () => {
  it('lead from the landing page to the collections and the tile matrix sets', () => {
    const landing = tilesLandingPage(links);
    expect(rel(landing, 'data')).toEqual([
      { href: 'http://h/geoserver/ogc/tiles/v1/collections', rel: 'data', type: 'application/json', title: 'Collections' },
    ]);
    expect(rel(landing, 'http://www.opengis.net/def/rel/ogc/1.0/tiling-schemes')[0].href).toBe('http://h/geoserver/ogc/tiles/v1/tileMatrixSets');
  });

  it('give a collection one box, in EPSG:3857, and its vector tilesets', () => {
    const doc = tileCollectionDocument(links, states) as { extent: { spatial: { bbox: number[][]; crs: string } } };
    expect(doc.extent.spatial.crs).toBe('http://www.opengis.net/def/crs/EPSG/0/3857');
    expect(doc.extent.spatial.bbox).toHaveLength(1);
    expect(doc.extent.spatial.bbox[0].map((v) => Math.round(v))).toEqual([-13881541, 2863467, -7447274, 6343008]); // as gdaltransform -s_srs EPSG:4326 -t_srs EPSG:3857 writes them
    expect(rel(doc, 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector')[0].href).toBe('http://h/geoserver/ogc/tiles/v1/collections/topp:states/tiles');
    const unknown = tileCollectionDocument(links, { ...states, latLonBbox: null }) as typeof doc;
    expect(unknown.extent.spatial.bbox).toEqual([[-HALF_WORLD, -HALF_WORLD, HALF_WORLD, HALF_WORLD]]);
  });

  it('list one tileset, and describe it with its tile template, tiling scheme, zooms and box', () => {
    const list = tilesetList(links, states) as { tilesets: Array<{ dataType: string; links: Link[] }> };
    expect(list.tilesets).toHaveLength(1);
    expect(list.tilesets[0].dataType).toBe('vector');
    const tileset = tilesetDocument(links, states, 'states') as { tileMatrixSetLimits: unknown[]; boundingBox: object; layers: object[] };
    expect(rel(tileset, 'item')).toEqual([
      {
        href: 'http://h/geoserver/ogc/tiles/v1/collections/topp:states/tiles/WebMercatorQuad/{tileMatrix}/{tileRow}/{tileCol}',
        rel: 'item',
        type: 'application/vnd.mapbox-vector-tile',
        title: 'Mapbox Vector Tiles',
        templated: true,
      },
    ]);
    expect(rel(tileset, 'http://www.opengis.net/def/rel/ogc/1.0/tiling-scheme')[0].href).toBe('http://h/geoserver/ogc/tiles/v1/tileMatrixSets/WebMercatorQuad');
    expect(rel(tileset, 'alternate')[0]).toMatchObject({ href: expect.stringMatching(/\?f=tilejson$/), type: 'application/vnd.mapbox.tile+json' });
    expect(tileset.tileMatrixSetLimits).toHaveLength(25);
    expect(tileset.boundingBox).toEqual({ lowerLeft: [-124.7, 24.9], upperRight: [-66.9, 49.4], crs: 'http://www.opengis.net/def/crs/OGC/1.3/CRS84' });
    expect(tileset.layers).toEqual([expect.objectContaining({ id: 'states', minTileMatrix: '0', maxTileMatrix: '24' })]);
  });

  it('write TileJSON 3.0.0 with the {z}/{y}/{x} template and the layer’s fields', () => {
    expect(tileJsonDocument(links, states, 'states', { name: 'String', persons: 'Number' })).toEqual({
      tilejson: '3.0.0',
      name: 'USA states',
      description: 'The states',
      scheme: 'xyz',
      tiles: ['http://h/geoserver/ogc/tiles/v1/collections/topp:states/tiles/WebMercatorQuad/{z}/{y}/{x}'],
      minzoom: 0,
      maxzoom: 24,
      bounds: [-124.7, 24.9, -66.9, 49.4],
      vector_layers: [{ id: 'states', description: 'The states', minzoom: 0, maxzoom: 24, fields: { name: 'String', persons: 'Number' } }],
    });
    const across = tileJsonDocument(links, { ...states, latLonBbox: { minx: 170, miny: -20, maxx: 190, maxy: -10 } }, 'fiji', {}) as { bounds: number[] };
    expect(across.bounds).toEqual([-180, -20, 180, -10]);
  });
});
