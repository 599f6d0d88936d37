import { describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../test/fake-rest';
import { RestClient } from './rest-client';
import { NO_RESPONSE, RestError } from './rest-error';

describe('RestClient', () => {
  it('sends no Authorization, the same-origin cookie and X-Requested-With with every request, under the REST base', async () => {
    const { fetch, requests } = fakeFetch(() => ({ status: 200, body: {} }));
    const client = new RestClient({ restBase: '/maps/rest', fetch });
    await client.getJson('/workspaces.json');
    await client.postJson('/workspaces', { workspace: { name: 'acme' } });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /maps/rest/workspaces.json', 'POST /maps/rest/workspaces']);
    for (const request of requests) {
      expect(request.headers.get('Authorization')).toBeNull();
      expect(request.credentials).toBe('same-origin');
      expect(request.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    }
    expect(requests[1].headers.get('Content-Type')).toBe('application/json');
    expect(requests[1].body).toBe('{"workspace":{"name":"acme"}}');
  });

  it("turns an error status into a RestError carrying the server's text", async () => {
    const { fetch } = fakeFetch(() => ({ status: 409, body: "Workspace 'acme' already exists\n" }));
    const client = new RestClient({ restBase: '/geoserver/rest', fetch });
    const error = await client.postJson('/workspaces', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestError);
    expect(error).toMatchObject({ status: 409, message: "Workspace 'acme' already exists" });
  });

  it('reads the detail of an RFC 9457 problem', async () => {
    const { fetch } = fakeFetch(() => ({
      status: 400,
      body: { title: 'Bad request', detail: "Invalid workspace name 'a b'", code: 'INVALID_NAME' },
      contentType: 'application/problem+json',
    }));
    const client = new RestClient({ restBase: '', fetch });
    await expect(client.getJson('/x')).rejects.toMatchObject({ status: 400, message: "Invalid workspace name 'a b'", code: 'INVALID_NAME' });
  });

  it('says the status when the server gives no text', async () => {
    const { fetch } = fakeFetch(() => ({ status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' }));
    const client = new RestClient({ restBase: '', fetch });
    await expect(client.getJson('/x')).rejects.toMatchObject({ status: 502, message: 'The server answered 502.' });
  });

  it('reports 401 to onUnauthorized', async () => {
    const { fetch } = fakeFetch(() => ({ status: 401, body: 'Unauthorized' }));
    const onUnauthorized = vi.fn();
    const client = new RestClient({ restBase: '', fetch, onUnauthorized });
    await expect(client.getJson('/workspaces.json')).rejects.toMatchObject({ status: 401, isUnauthorized: true });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('turns a network failure into a RestError without a status', async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const client = new RestClient({ restBase: '', fetch });
    await expect(client.getJson('/workspaces.json')).rejects.toMatchObject({ status: NO_RESPONSE });
  });
});

describe('RestClient versions (ETag / If-Match)', () => {
  it("reads a record's ETag, sends it back as If-Match, and sends none when there is none", async () => {
    const { fetch, requests } = fakeFetch((request) =>
      request.method === 'GET' ? { status: 200, body: { workspace: { name: 'acme' } }, headers: { ETag: '"7"' } } : { status: 200 },
    );
    const client = new RestClient({ restBase: '/geoserver/rest', fetch });
    const { body, etag } = await client.getJsonTagged('/workspaces/acme.json');
    expect(body).toEqual({ workspace: { name: 'acme' } });
    expect(etag).toBe('"7"');
    await client.putJson('/workspaces/acme', { workspace: {} }, etag);
    await client.putText('/styles/s', '<sld/>', 'application/vnd.ogc.sld+xml', etag);
    await client.putJson('/workspaces/acme', { workspace: {} });
    expect(requests.slice(1).map((r) => r.headers.get('If-Match'))).toEqual(['"7"', '"7"', null]);
  });

  it('turns a 412 into a stale RestError with the current ETag and the server sentence', async () => {
    const { fetch } = fakeFetch(() => ({ status: 412, body: 'The record has changed: its current version is "9"; read it again', headers: { ETag: '"9"' } }));
    const client = new RestClient({ restBase: '/geoserver/rest', fetch });
    const error = (await client.putJson('/workspaces/acme', {}, '"7"').catch((e: unknown) => e)) as RestError;
    expect(error.isStale).toBe(true);
    expect(error.etag).toBe('"9"');
    expect(error.message).toBe('The record has changed: its current version is "9"; read it again');
  });
});
