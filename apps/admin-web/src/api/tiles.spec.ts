import { describe, expect, it } from 'vitest';
import { RestClient } from './rest-client';
import { tilePath, tilesBaseFor, VECTOR_TILE } from './tiles';

describe('tiles', () => {
  it('puts the tile API beside the REST API and orders the path z/y/x', () => {
    expect(tilesBaseFor('/maps/rest')).toBe('/maps/ogc/tiles/v1');
    expect(tilePath('acme:roads', 10, 300, 380)).toBe('/collections/acme%3Aroads/tiles/WebMercatorQuad/10/380/300');
  });

  it('reads a tile as bytes, a 204 as null, with the session and revalidation', async () => {
    const seen: Array<{ url: string; init: RequestInit }> = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      seen.push({ url: String(url), init: init! });
      return String(url).endsWith('/0/0/0') ? new Response(new Uint8Array([1, 2, 3]), { status: 200 }) : new Response(null, { status: 204 });
    };
    const client = new RestClient({ restBase: '/geoserver/ogc/tiles/v1', fetch: fetch as typeof globalThis.fetch });
    const bytes = await client.getBytes(tilePath('a:b', 0, 0, 0), VECTOR_TILE);
    expect([...new Uint8Array(bytes!)]).toEqual([1, 2, 3]);
    expect(await client.getBytes(tilePath('a:b', 1, 0, 0), VECTOR_TILE)).toBeNull();
    expect(seen[0].url).toBe('/geoserver/ogc/tiles/v1/collections/a%3Ab/tiles/WebMercatorQuad/0/0/0');
    expect(seen[0].init.cache).toBe('no-cache');
    expect(seen[0].init.credentials).toBe('same-origin');
    expect(new Headers(seen[0].init.headers).get('Accept')).toBe(VECTOR_TILE);
  });
});
