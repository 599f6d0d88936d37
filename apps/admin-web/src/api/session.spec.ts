import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../test/fake-rest';
import { authBaseFor, SessionApi } from './session';

describe('SessionApi', () => {
  it('lives next to the REST API, below the same context path', () => {
    expect(authBaseFor('/geoserver/rest')).toBe('/geoserver/auth');
    expect(authBaseFor('/rest')).toBe('/auth');
  });

  it('reads who is signed in, null on 401, and rethrows other failures', async () => {
    const signedIn = fakeFetch(() => ({ status: 200, body: { userName: 'admin', roles: ['ADMIN'] } }));
    await expect(new SessionApi('/maps/rest', signedIn.fetch).current()).resolves.toEqual({ userName: 'admin', roles: ['ADMIN'] });
    expect(signedIn.requests[0]).toMatchObject({ method: 'GET', url: '/maps/auth/session', credentials: 'same-origin' });
    await expect(new SessionApi('/maps/rest', fakeFetch(() => ({ status: 401, body: 'Not signed in' })).fetch).current()).resolves.toBeNull();
    await expect(new SessionApi('/maps/rest', fakeFetch(() => ({ status: 503, body: 'down' })).fetch).current()).rejects.toMatchObject({ status: 503 });
  });

  it('signs out with DELETE', async () => {
    const { fetch, requests } = fakeFetch(() => ({ status: 204 }));
    await new SessionApi('/geoserver/rest', fetch).signOut();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /geoserver/auth/session']);
  });
});
