import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../test/fake-rest';
import { RestClient } from './rest-client';
import { createWorkspace, listWorkspaces, parseWorkspaceList } from './workspaces';

describe('parseWorkspaceList', () => {
  it('reads GeoServer\'s empty list, written as ""', () => {
    expect(parseWorkspaceList({ workspaces: '' })).toEqual([]);
  });

  it('reads the names and links in order', () => {
    const body = {
      workspaces: {
        workspace: [
          { name: 'acme', href: 'http://h/geoserver/rest/workspaces/acme.json' },
          { name: 'été_地图', href: 'http://h/geoserver/rest/workspaces/%C3%A9t%C3%A9_%E5%9C%B0%E5%9B%BE.json' },
        ],
      },
    };
    expect(parseWorkspaceList(body).map((w) => w.name)).toEqual(['acme', 'été_地图']);
    expect(parseWorkspaceList(body)[0].href).toBe('http://h/geoserver/rest/workspaces/acme.json');
  });

  it('accepts a lone workspace object instead of an array', () => {
    expect(parseWorkspaceList({ workspaces: { workspace: { name: 'solo' } } })).toEqual([{ name: 'solo', href: '' }]);
  });

  it.each([[null], ['text'], [{}], [{ workspaces: 3 }], [{ workspaces: { workspace: [{ href: 'x' }] } }]])('refuses %j', (body) => {
    expect(() => parseWorkspaceList(body)).toThrow();
  });
});

describe('workspace requests', () => {
  it('lists with GET /workspaces.json', async () => {
    const { fetch, requests } = fakeFetch(() => ({ status: 200, body: { workspaces: '' } }));
    const client = new RestClient({ restBase: '/geoserver/rest', fetch });
    expect(await listWorkspaces(client)).toEqual([]);
    expect(requests[0].url).toBe('/geoserver/rest/workspaces.json');
  });

  it('creates with POST /workspaces and a JSON workspace body, answering the created name', async () => {
    const { fetch, requests } = fakeFetch(() => ({ status: 201, body: 'acme' }));
    const client = new RestClient({ restBase: '/geoserver/rest', fetch });
    expect(await createWorkspace(client, 'acme')).toBe('acme');
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/geoserver/rest/workspaces' });
    expect(JSON.parse(requests[0].body ?? '')).toEqual({ workspace: { name: 'acme' } });
  });
});
