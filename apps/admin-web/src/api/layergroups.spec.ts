import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../test/fake-rest';
import { createLayerGroup, deleteLayerGroup, layerGroupBody, listLayerGroups, parseLayerGroup } from './layergroups';
import { RestClient } from './rest-client';

describe('layer group records', () => {
  it('reads GeoServer’s JSON: a lone member as an object, "" for a default style, the type attribute', () => {
    const body = {
      layerGroup: {
        name: 'g',
        mode: 'named',
        title: 'G',
        workspace: { name: 'acme' },
        publishables: { published: { '@type': 'layerGroup', name: 'acme:inner', href: 'http://h/geoserver/rest/workspaces/acme/layergroups/inner.json' } },
        styles: { style: '' },
        bounds: { minx: 0, maxx: 1, miny: 0, maxy: 1, crs: 'EPSG:4326' },
      },
    };
    expect(parseLayerGroup(body, { workspace: 'acme', name: 'g' })).toEqual({
      workspace: 'acme',
      name: 'g',
      mode: 'NAMED',
      title: 'G',
      abstractTxt: '',
      members: [{ type: 'layerGroup', name: 'acme:inner', style: null }],
      bounds: { minx: 0, miny: 0, maxx: 1, maxy: 1, crs: 'EPSG:4326' },
    });
  });

  it('reads the bounds the server computed, in their CRS', () => {
    const body = { layerGroup: { name: 'g', mode: 'SINGLE', bounds: { minx: 1, miny: 2, maxx: 3, maxy: 4, crs: 'EPSG:3857' } } };
    expect(parseLayerGroup(body, { workspace: null, name: 'g' }).bounds).toEqual({ minx: 1, miny: 2, maxx: 3, maxy: 4, crs: 'EPSG:3857' });
  });

  it('refuses what the api would refuse, in its words', () => {
    expect(() => parseLayerGroup({ layerGroup: { name: 'g', mode: 'sideways' } }, { workspace: null, name: 'g' })).toThrow(
      "Invalid layer group mode 'SIDEWAYS'; one of SINGLE, OPAQUE_CONTAINER, NAMED, CONTAINER, EO",
    );
  });

  it('writes members and one style per member, "" for a default', () => {
    const draft = {
      workspace: null,
      name: 'w',
      mode: 'SINGLE' as const,
      title: '',
      abstractTxt: '',
      members: [
        { type: 'layer' as const, name: 'acme:a', style: { workspace: null, name: 'line' } },
        { type: 'layerGroup' as const, name: 'inner', style: null },
      ],
    };
    expect(layerGroupBody(draft)).toEqual({
      layerGroup: {
        name: 'w',
        mode: 'SINGLE',
        title: '',
        abstractTxt: '',
        publishables: {
          published: [
            { '@type': 'layer', name: 'acme:a' },
            { '@type': 'layerGroup', name: 'inner' },
          ],
        },
        styles: { style: [{ name: 'line' }, ''] },
      },
    });
  });
});

describe('layer group paths (the registry’s, encoded)', () => {
  it('lists, creates and deletes a global group and a workspace group where the api serves them', async () => {
    const { fetch, requests } = fakeFetch((r) => (r.method === 'GET' ? { status: 200, body: { layerGroups: '' } } : { status: 201, body: 'ok' }));
    const client = new RestClient({ restBase: '/geoserver/rest', fetch });
    const draft = { mode: 'SINGLE' as const, title: '', abstractTxt: '', members: [] };
    await listLayerGroups(client, null);
    await listLayerGroups(client, 'w s');
    await createLayerGroup(client, { ...draft, workspace: null, name: 'g' });
    await createLayerGroup(client, { ...draft, workspace: 'w s', name: 'g' });
    await deleteLayerGroup(client, { workspace: null, name: 'a/b' }, false);
    await deleteLayerGroup(client, { workspace: 'w s', name: 'g' }, true);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /geoserver/rest/layergroups.json',
      'GET /geoserver/rest/workspaces/w%20s/layergroups.json',
      'POST /geoserver/rest/layergroups',
      'POST /geoserver/rest/workspaces/w%20s/layergroups',
      'DELETE /geoserver/rest/layergroups/a%2Fb',
      'DELETE /geoserver/rest/workspaces/w%20s/layergroups/g?recurse=true',
    ]);
  });
});
