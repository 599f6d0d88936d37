import { describe, expect, it } from 'vitest';
import { countFeatures, filterErrorPosition, filterQuery, itemsPagePath, itemsPath } from './features';
import { RestClient } from './rest-client';
import { tilePath } from './tiles';

/** A feature API over `total` features that writes numberMatched only where the selection ends (as the server does), or always. */
function featureApi(total: number, alwaysMatched = false) {
  const urls: string[] = [];
  const fetch = async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://h');
    urls.push(url.pathname + url.search);
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const returned = Math.max(0, Math.min(limit, total - offset));
    const ends = returned > 0 && offset + returned === total;
    const body = {
      type: 'FeatureCollection',
      features: Array.from({ length: returned }, (_, i) => ({ type: 'Feature', id: offset + i + 1, properties: {}, geometry: null })),
      numberReturned: returned,
      ...(alwaysMatched || ends ? { numberMatched: total } : {}),
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/geo+json' } });
  };
  return { client: new RestClient({ restBase: '/geoserver/ogc/features/v1', fetch: fetch as typeof globalThis.fetch }), urls };
}

describe('filters on the feature and tile APIs', () => {
  it('sends the filter as CQL2 text, on items, table pages and tiles', () => {
    expect(filterQuery('  ')).toBe('');
    expect(filterQuery("name = 'a&b'")).toBe("&filter=name%20%3D%20'a%26b'&filter-lang=cql2-text");
    expect(itemsPath('a:b', [0, 0, 1, 1], 10, 'x > 1')).toBe('/collections/a%3Ab/items?bbox=0,0,1,1&limit=10&filter=x%20%3E%201&filter-lang=cql2-text');
    expect(itemsPagePath('a:b', { limit: 25, offset: 50, sortby: '-pop', filter: null })).toBe('/collections/a%3Ab/items?limit=25&offset=50&sortby=-pop');
    expect(tilePath('a:b', 3, 1, 2, 'x > 1')).toBe('/collections/a%3Ab/tiles/WebMercatorQuad/3/2/1?filter=x%20%3E%201&filter-lang=cql2-text');
    expect(tilePath('a:b', 3, 1, 2, '')).toBe('/collections/a%3Ab/tiles/WebMercatorQuad/3/2/1');
  });

  it('reads the position a refusal names', () => {
    expect(filterErrorPosition('Invalid filter: Unknown property "popp" (not a published attribute) (at position 16, "popp")')).toBe(16);
    expect(filterErrorPosition('Invalid CQL_FILTER: expected a value (at position 8, end of filter)')).toBe(8);
    expect(filterErrorPosition('The server could not be reached.')).toBeNull();
  });
});

describe('countFeatures', () => {
  it("takes the server's numberMatched when the first page has it", async () => {
    const api = featureApi(123_456, true);
    expect(await countFeatures(api.client, 'a:b', 'x > 1')).toBe(123_456);
    expect(api.urls).toEqual(['/geoserver/ogc/features/v1/collections/a%3Ab/items?limit=1&offset=0&filter=x%20%3E%201&filter-lang=cql2-text']);
  });

  it('otherwise counts with one-feature pages, in about 2·log2(n/100) requests', async () => {
    for (const total of [0, 1, 99, 100, 101, 537, 25_000]) {
      const api = featureApi(total);
      expect(await countFeatures(api.client, 'a:b', null)).toBe(total);
      expect(api.urls.every((u) => u.includes('limit=1&'))).toBe(true);
      expect(api.urls.length).toBeLessThanOrEqual(2 + 2 * Math.ceil(Math.log2(Math.max(total, 100) / 100) + 7));
    }
  });
});
