import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../test/fake-rest';
import { dataStoreBody, parseConnectionTest, parseDataStore, testDataStoreConnection } from './datastores';
import { featuresBaseFor, itemsPath, parseCollection, parseFeaturePage } from './features';
import { geometryTypeOf, parseFeatureType } from './featuretypes';
import { layerPatchBody, parseLayer, parseLayerName } from './layers';
import { RestClient } from './rest-client';
import { parseStyleRef, stylePath } from './styles';

describe('data stores', () => {
  it('reads connection parameters from entry pairs', () => {
    const store = parseDataStore(
      {
        dataStore: {
          name: 'pg',
          type: 'PostGIS',
          enabled: false,
          connectionParameters: {
            entry: [
              { '@key': 'host', $: 'db' },
              { '@key': 'port', $: 5432 },
            ],
          },
        },
      },
      'acme',
    );
    expect(store).toEqual({
      workspace: 'acme',
      name: 'pg',
      description: '',
      type: 'PostGIS',
      enabled: false,
      connectionParameters: { host: 'db', port: '5432' },
    });
  });

  it('writes the PostGIS body, leaving out empty optional parameters', () => {
    const body = dataStoreBody({ name: 'pg', parameters: { host: ' db ', port: '5432', database: 'gis', schema: '', user: 'u', passwd: '' } }) as {
      dataStore: { connectionParameters: { entry: Array<{ '@key': string }> } };
    };
    expect(body.dataStore.connectionParameters.entry.map((e) => e['@key'])).toEqual(['host', 'port', 'database', 'user', 'dbtype']);
  });

  it('reads a connection test answer; a refusal is a failed test, a missing endpoint an error', async () => {
    expect(parseConnectionTest('{"connectionTest":{"ok":true,"message":"PostGIS 3.4"}}')).toEqual({ ok: true, message: 'PostGIS 3.4' });
    const input = { name: 'x', parameters: { host: 'h', port: '1', database: 'd', schema: '', user: 'u', passwd: 'p' } };
    const refused = new RestClient({ restBase: '', fetch: fakeFetch(() => ({ status: 502, body: 'timeout' })).fetch });
    expect(await testDataStoreConnection(refused, input)).toEqual({ ok: false, message: 'timeout' });
    const missing = new RestClient({ restBase: '', fetch: fakeFetch(() => ({ status: 404, body: 'nope' })).fetch });
    await expect(testDataStoreConnection(missing, input)).rejects.toMatchObject({ status: 404 });
  });
});

describe('feature types', () => {
  it('reads title, CRS, boxes and attributes', () => {
    const ft = parseFeatureType({
      featureType: {
        name: 'states',
        title: 'US States',
        srs: 'EPSG:4326',
        latLonBoundingBox: { minx: -111, maxx: -74, miny: 37, maxy: 45, crs: 'GEOGCS[...]' },
        nativeBoundingBox: { minx: 'x' },
        store: { name: 'acme:pg' },
        attributes: { attribute: { name: 'geom', binding: 'org.locationtech.jts.geom.MultiPolygon' } },
      },
    });
    expect(ft.latLonBoundingBox).toEqual({ minx: -111, miny: 37, maxx: -74, maxy: 45, crs: 'GEOGCS[...]' });
    expect(ft.nativeBoundingBox).toBeNull();
    expect(ft.nativeName).toBe('states');
    expect(geometryTypeOf(ft.attributes)).toBe('MultiPolygon');
  });
});

describe('layers', () => {
  it('reads the default and other styles, global and of a workspace, and the resource path', () => {
    const layer = parseLayer(
      {
        layer: {
          defaultStyle: { name: 'acme:blue', workspace: 'acme', href: 'http://h/geoserver/rest/workspaces/acme/styles/blue.json' },
          styles: { '@class': 'linked-hash-set', style: [{ name: 'polygon', href: 'http://h/geoserver/rest/styles/polygon.json' }] },
          resource: { name: 'acme:states', href: 'http://other:9/geoserver/rest/workspaces/acme/datastores/pg/featuretypes/states.json' },
          enabled: true,
        },
      },
      { workspace: 'acme', name: 'states' },
    );
    expect(layer.defaultStyle).toEqual({ workspace: 'acme', name: 'blue' });
    expect(layer.styles).toEqual([{ workspace: null, name: 'polygon' }]);
    expect(layer.resourcePath).toBe('/workspaces/acme/datastores/pg/featuretypes/states.json');
  });

  it('splits qualified names and writes patches with only the changed fields', () => {
    expect(parseLayerName('été:地图')).toEqual({ workspace: 'été', name: '地图' });
    expect(layerPatchBody({ enabled: false })).toEqual({ layer: { enabled: false } });
    expect(layerPatchBody({ defaultStyle: { workspace: null, name: 'polygon' } })).toEqual({ layer: { defaultStyle: { name: 'polygon' } } });
  });

  it('reads a workspace style named only by its link (the layer styles list)', () => {
    expect(parseStyleRef({ name: 'acme:blue', href: 'http://h/geoserver/rest/workspaces/acme/styles/blue.json' })).toEqual({ workspace: 'acme', name: 'blue' });
    expect(stylePath({ workspace: 'a b', name: 'x' }, '.sld')).toBe('/workspaces/a%20b/styles/x.sld');
  });
});

describe('OGC API features', () => {
  it('finds the API beside the REST API', () => {
    expect(featuresBaseFor('/maps/rest')).toBe('/maps/ogc/features/v1');
  });

  it('reads a collection extent and clamps item boxes to the CRS84 range', () => {
    expect(parseCollection({ id: 'acme:states', extent: { spatial: { bbox: [[-181.5, -18.5, -178, -15]] } } }).bbox).toEqual([-181.5, -18.5, -178, -15]);
    expect(itemsPath('acme:states', [-200.123456789, -95, 10, 20], 1000)).toBe('/collections/acme%3Astates/items?bbox=-180,-90,10,20&limit=1000');
  });

  it('reads a page of items with its next link', () => {
    const page = parseFeaturePage({ type: 'FeatureCollection', features: [{}], numberMatched: 3, links: [{ rel: 'next', href: 'http://h/next' }] });
    expect([page.numberMatched, page.numberReturned, page.next]).toEqual([3, 1, 'http://h/next']);
    expect(() => parseFeaturePage({ type: 'Feature' })).toThrow();
  });
});
