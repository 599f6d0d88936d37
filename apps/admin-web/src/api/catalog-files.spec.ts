import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../test/fake-rest';
import { exportHref, importCatalog, importPath, parseImportAnswer, type ImportAnswer } from './catalog-files';
import { RestClient } from './rest-client';
import { NO_RESPONSE, RestError } from './rest-error';

const PLAN: ImportAnswer = {
  plan: [
    { action: 'create', kind: 'workspace', resource: '/workspaces/acme' },
    { action: 'skip', kind: 'coverageStore', resource: '/workspaces/acme/coveragestores/dem', reason: 'coverage stores are out of scope' },
  ],
  applied: false,
};

const zip = () => new Blob([new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)])], { type: 'application/zip' });

describe('import requests', () => {
  it('puts dryRun and prune in the query only when set', () => {
    expect(importPath({ dryRun: false, prune: false })).toBe('/catalog/import');
    expect(importPath({ dryRun: true, prune: false })).toBe('/catalog/import?dryRun=true');
    expect(importPath({ dryRun: false, prune: true })).toBe('/catalog/import?prune=true');
    expect(importPath({ dryRun: true, prune: true })).toBe('/catalog/import?dryRun=true&prune=true');
  });

  it('POSTs multipart with the zip as `datadir` and the passwords as JSON in `secrets`, with the session cookie', async () => {
    const { fetch, requests } = fakeFetch(() => ({ status: 200, body: PLAN }));
    const client = new RestClient({ restBase: '/geoserver/rest', fetch });
    const datadir = zip();
    const answer = await importCatalog(client, { datadir, fileName: 'gs.zip', secrets: { 'acme:pg': 's3cret' }, prune: true, dryRun: true });

    expect(answer).toEqual(PLAN);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(`${request.method} ${request.url}`).toBe('POST /geoserver/rest/catalog/import?dryRun=true&prune=true');
    expect(request.credentials).toBe('same-origin');
    expect(request.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    // The browser writes the multipart Content-Type with its boundary; a set one would lack it.
    expect(request.headers.get('Content-Type')).toBeNull();
    const form = request.form!;
    expect([...form.keys()]).toEqual(['datadir', 'secrets']);
    const part = form.get('datadir') as File;
    expect(part.name).toBe('gs.zip');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(new Uint8Array(await datadir.arrayBuffer()));
    expect(JSON.parse(form.get('secrets') as string)).toEqual({ 'acme:pg': 's3cret' });
  });

  it('leaves `secrets` out when there are no passwords, and the flags out when applying without prune', async () => {
    const { fetch, requests } = fakeFetch(() => ({ status: 200, body: { ...PLAN, applied: true } }));
    const client = new RestClient({ restBase: '/geoserver/rest', fetch });
    const answer = await importCatalog(client, { datadir: zip(), secrets: {}, prune: false, dryRun: false });
    expect(answer.applied).toBe(true);
    expect(requests[0].url).toBe('/geoserver/rest/catalog/import');
    expect([...requests[0].form!.keys()]).toEqual(['datadir']);
    expect((requests[0].form!.get('datadir') as File).name).toBe('datadir.zip');
  });

  it('resolves a 400 plan with error entries as a plan', async () => {
    const failed: ImportAnswer = {
      plan: [{ action: 'error', kind: 'featureType', resource: '/workspaces/a/datastores/pg/featuretypes/t', reason: 'No table "public"."t"' }],
      applied: false,
    };
    const { fetch } = fakeFetch(() => ({ status: 400, body: failed }));
    const client = new RestClient({ restBase: '', fetch });
    await expect(importCatalog(client, { datadir: zip(), prune: false, dryRun: true })).resolves.toEqual(failed);
  });

  it.each([
    [400, 'The import is not a zip file'],
    [413, 'The zip is larger than 100 MiB'],
    [403, 'Access denied'],
  ])('rejects a text/plain %i with the server sentence', async (status, text) => {
    const { fetch } = fakeFetch(() => ({ status, body: text }));
    const client = new RestClient({ restBase: '', fetch });
    const error = await importCatalog(client, { datadir: zip(), prune: false, dryRun: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestError);
    expect(error).toMatchObject({ status, message: text });
  });

  it('rejects a network failure as a RestError without status', async () => {
    const unreachable = new RestClient({
      restBase: '',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(importCatalog(unreachable, { datadir: zip(), prune: false, dryRun: true })).rejects.toMatchObject({ status: NO_RESPONSE });
  });
});

describe('parseImportAnswer', () => {
  it('keeps reasons and drops empty ones', () => {
    expect(parseImportAnswer({ plan: [{ action: 'update', kind: 'style', resource: '/styles/s', reason: '' }], applied: true })).toEqual({
      plan: [{ action: 'update', kind: 'style', resource: '/styles/s' }],
      applied: true,
    });
  });

  it.each([[null], [{ plan: 'x', applied: true }], [{ plan: [] }], [{ plan: [{ action: 'rename', kind: 'style', resource: '/styles/s' }], applied: false }]])(
    'refuses %j',
    (body) => {
      expect(() => parseImportAnswer(body)).toThrow(/import/);
    },
  );
});

describe('exportHref', () => {
  it('is the export under the REST base, for the catalog or one workspace', () => {
    expect(exportHref('/geoserver/rest')).toBe('/geoserver/rest/catalog/export');
    expect(exportHref('/geoserver/rest', null)).toBe('/geoserver/rest/catalog/export');
    expect(exportHref('/geoserver/rest', 'été_地图')).toBe('/geoserver/rest/catalog/export?workspace=%C3%A9t%C3%A9_%E5%9C%B0%E5%9B%BE');
  });
});
