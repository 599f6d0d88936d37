import {
  collectionDocument,
  collectionsDocument,
  CONFORMANCE_CLASSES,
  conformance,
  featureCollectionLinks,
  featureLinks,
  landingPage,
} from './features-documents';
import { FeaturesLinks, segment, withQuery } from './features-links';

const root = 'https://maps.example.org/geoserver/ogc/features/v1';
const links = new FeaturesLinks(root);
const states = {
  id: 'topp:states',
  title: 'USA Population',
  description: 'The states',
  latLonBbox: { minx: -124.73, miny: 24.96, maxx: -66.97, maxy: 49.37 },
};

describe('landingPage', () => {
  it('links the API definition, the conformance classes and the collections, each with a type', () => {
    expect((landingPage(links) as { links: unknown[] }).links).toEqual([
      { href: root, rel: 'self', type: 'application/json', title: 'This document' },
      { href: `${root}/api`, rel: 'service-desc', type: 'application/vnd.oai.openapi+json;version=3.0', title: 'The API definition (OpenAPI 3.0)' },
      { href: `${root}/conformance`, rel: 'conformance', type: 'application/json', title: 'Conformance classes' },
      { href: `${root}/collections`, rel: 'data', type: 'application/json', title: 'Collections' },
    ]);
  });
});

describe('conformance', () => {
  it('declares core, GeoJSON, OpenAPI 3.0, filtering, queryables, sorting and the CQL2 classes implemented', () => {
    expect((conformance(links) as { conformsTo: string[] }).conformsTo).toEqual(CONFORMANCE_CLASSES);
    expect(CONFORMANCE_CLASSES.map((c) => c.replace('http://www.opengis.net/spec/', ''))).toEqual([
      'ogcapi-features-1/1.0/conf/core',
      'ogcapi-features-1/1.0/conf/geojson',
      'ogcapi-features-1/1.0/conf/oas30',
      'ogcapi-features-3/1.0/conf/filter',
      'ogcapi-features-3/1.0/conf/features-filter',
      'ogcapi-features-3/1.0/conf/queryables',
      'ogcapi-features-8/1.0/conf/sorting',
      'cql2/1.0/conf/cql2-text',
      'cql2/1.0/conf/cql2-json',
      'cql2/1.0/conf/basic-cql2',
      'cql2/1.0/conf/advanced-comparison-operators',
      'cql2/1.0/conf/case-insensitive-comparison',
      'cql2/1.0/conf/basic-spatial-functions',
      'cql2/1.0/conf/basic-spatial-functions-plus',
      'cql2/1.0/conf/spatial-functions',
      'cql2/1.0/conf/temporal-functions',
      'cql2/1.0/conf/arithmetic',
      'cql2/1.0/conf/property-property',
    ]);
  });
});

describe('collectionDocument', () => {
  it('has the id, the extent in CRS84, the item type and items links for both media types', () => {
    expect(collectionDocument(links, states)).toEqual({
      id: 'topp:states',
      title: 'USA Population',
      description: 'The states',
      extent: { spatial: { bbox: [[-124.73, 24.96, -66.97, 49.37]], crs: 'http://www.opengis.net/def/crs/OGC/1.3/CRS84' } },
      itemType: 'feature',
      crs: ['http://www.opengis.net/def/crs/OGC/1.3/CRS84'],
      links: [
        { href: `${root}/collections/topp:states`, rel: 'self', type: 'application/json', title: 'This collection' },
        { href: `${root}/collections/topp:states/items`, rel: 'items', type: 'application/geo+json', title: 'Features as GeoJSON' },
        {
          href: `${root}/collections/topp:states/items?f=json`,
          rel: 'items',
          type: 'application/json',
          title: 'Features as GeoJSON, labelled application/json',
        },
        {
          href: `${root}/collections/topp:states/queryables`,
          rel: 'http://www.opengis.net/def/rel/ogc/1.0/queryables',
          type: 'application/schema+json',
          title: 'What a filter or sortby may name (JSON Schema)',
        },
        {
          href: `${root}/collections/topp:states/queryables?f=json`,
          rel: 'queryables',
          type: 'application/json',
          title: 'What a filter or sortby may name, with the older queryables list',
        },
      ],
    });
  });

  it('leaves out an unknown extent and an empty description', () => {
    const doc = collectionDocument(links, { id: 'a:b', title: 'b', description: null, latLonBbox: null });
    expect(Object.keys(doc)).toEqual(['id', 'title', 'itemType', 'crs', 'links']);
  });

  it('is the same inside /collections', () => {
    expect(collectionsDocument(links, [states])).toEqual({
      links: [{ href: `${root}/collections`, rel: 'self', type: 'application/json', title: 'This document' }],
      collections: [collectionDocument(links, states)],
    });
  });
});

describe('featureCollectionLinks', () => {
  const params = new Map([
    ['bbox', '-110,30,-100,40'],
    ['limit', '20000'],
  ]);

  it('has self, alternate and collection; next keeps the parameters, with the clamped limit and the next offset', () => {
    expect(featureCollectionLinks(links, 'topp:states', { format: 'geojson', params, limit: 10000, offset: 0, more: true })).toEqual([
      { href: `${root}/collections/topp:states/items?bbox=-110,30,-100,40&limit=20000`, rel: 'self', type: 'application/geo+json', title: 'This page' },
      { href: `${root}/collections/topp:states/items?bbox=-110,30,-100,40&limit=20000&f=json`, rel: 'alternate', type: 'application/json', title: 'This page' },
      { href: `${root}/collections/topp:states`, rel: 'collection', type: 'application/json', title: 'The collection' },
      {
        href: `${root}/collections/topp:states/items?bbox=-110,30,-100,40&limit=10000&offset=10000`,
        rel: 'next',
        type: 'application/geo+json',
        title: 'Next page',
      },
    ]);
  });

  it('has no next link on the last page; the alternate of JSON is GeoJSON', () => {
    const out = featureCollectionLinks(links, 'a:b', { format: 'json', params: new Map([['f', 'json']]), limit: 10, offset: 5, more: false });
    expect(out.map((l) => l.rel)).toEqual(['self', 'alternate', 'collection']);
    expect(out[0]).toMatchObject({ href: `${root}/collections/a:b/items?f=json`, type: 'application/json' });
    expect(out[1]).toMatchObject({ href: `${root}/collections/a:b/items?f=geojson`, type: 'application/geo+json' });
  });
});

describe('featureLinks', () => {
  it('has self, alternate and collection, the id percent-encoded', () => {
    expect(featureLinks(links, 'a:b', 'x/y z', { format: 'geojson', params: new Map() }).map((l) => [l.rel, l.href])).toEqual([
      ['self', `${root}/collections/a:b/items/x%2Fy%20z`],
      ['alternate', `${root}/collections/a:b/items/x%2Fy%20z?f=json`],
      ['collection', `${root}/collections/a:b`],
    ]);
  });
});

describe('segment', () => {
  it('encodes a path segment but keeps the colon of ws:layer', () => {
    expect(segment('été:地图')).toBe('%C3%A9t%C3%A9:%E5%9C%B0%E5%9B%BE');
  });

  it('is encodeURIComponent with the colon kept, for every ASCII character and plain names alike', () => {
    const ascii = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i));
    for (const value of [...ascii, ...ascii.map((c) => `pub:layer_${c}x`), 'pub:layer_000123', "a-b_c.d!e~f*g'h(i)j", '']) {
      expect(segment(value)).toBe(encodeURIComponent(value).replace(/%3A/gi, ':'));
    }
  });
});

describe('withQuery', () => {
  const slow = (url: string, query: Array<[string, string]>) => {
    const search = new URLSearchParams(query).toString().replace(/%2C/gi, ',').replace(/%3A/gi, ':');
    return search ? `${url}?${search}` : url;
  };

  it('writes what URLSearchParams writes (commas and colons kept), for every ASCII character in keys and values', () => {
    const ascii = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i));
    const queries: Array<Array<[string, string]>> = [
      [['f', 'json']],
      [
        ['bbox', '-180,-90,180,90'],
        ['limit', '10'],
        ['crs', 'http://www.opengis.net/def/crs/OGC/1.3/CRS84'],
      ],
      [['properties', 'name,pop_2020']],
      [],
      ...ascii.map((c): Array<[string, string]> => [[`k${c}`, `v${c}w`]]),
    ];
    for (const query of queries) expect(withQuery('http://h/x', query)).toBe(slow('http://h/x', query));
    expect(withQuery('http://h/x')).toBe('http://h/x');
  });
});
