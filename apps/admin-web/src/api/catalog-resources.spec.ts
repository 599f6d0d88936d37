import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../test/fake-rest';
import { dataStoreBody, parseConnectionTest, parseDataStore, testDataStoreConnection } from './datastores';
import { featuresBaseFor, itemsPath, parseCollection, parseFeaturePage } from './features';
import { geometryTypeOf, parseFeatureType } from './featuretypes';
import { layerPatchBody, parseLayer, parseLayerName } from './layers';
import { RestClient } from './rest-client';
import { stylePath } from './styles';

describe('data stores', () => {
  it('reads every declared field, connection parameters from entry pairs', () => {
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
      type: 'PostGIS',
      enabled: false,
      // Declared, not sent: the declaration's default.
      disableOnConnFailure: false,
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
        namespace: { name: 'acme', href: 'http://h/geoserver/rest/namespaces/acme.json' },
        title: 'US States',
        srs: 'EPSG:4326',
        latLonBoundingBox: { minx: -111, maxx: -74, miny: 37, maxy: 45, crs: 'GEOGCS[...]' },
        store: { '@class': 'dataStore', name: 'acme:pg' },
        maxFeatures: 25,
        attributes: { attribute: { name: 'geom', binding: 'org.locationtech.jts.geom.MultiPolygon' } },
      },
    });
    expect(ft.latLonBbox).toEqual({ minx: -111, miny: 37, maxx: -74, maxy: 45 });
    expect(ft.nativeBbox).toBeUndefined();
    expect([ft.nativeName, ft.namespace, ft.store, ft.maxFeatures, ft.enabled]).toEqual(['states', 'acme', 'pg', 25, true]);
    expect(geometryTypeOf(ft.attributes)).toBe('MultiPolygon');
  });

  it('refuses a value its declaration refuses, in the api’s words', () => {
    expect(() => parseFeatureType({ featureType: { name: 's', latLonBoundingBox: { minx: 'x' } } })).toThrow("Invalid value for minx: 'x' is not a number");
    expect(() => parseFeatureType({ layer: {} })).toThrow('featureType');
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

  it('reads a workspace style qualified by its name, and the declared fields (the layer styles list)', () => {
    const layer = parseLayer(
      {
        layer: {
          name: 'roads',
          type: 'VECTOR',
          defaultStyle: { name: 'acme:blue', href: 'h' },
          enabled: 'false',
          queryable: true,
          attribution: { title: 'NYC' },
        },
      },
      { workspace: 'acme', name: 'roads' },
    );
    expect([layer.defaultStyle, layer.styles, layer.enabled, layer.queryable, layer.attribution?.title]).toEqual([
      { workspace: 'acme', name: 'blue' },
      [],
      false,
      true,
      'NYC',
    ]);
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
