import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../test/fake-rest';
import { changesPath, getChange, listChanges, parseChangeEvent, parseChangePage, revertChange } from './changes';
import { RestClient } from './rest-client';

const H = 'http://h:8080/geoserver/rest';
const change = (seq: number, extra: Record<string, unknown> = {}) => ({
  seq,
  time: '2026-01-02T03:04:05.000Z',
  user: 'admin',
  operation: 'update',
  kind: 'dataStore',
  resource: '/workspaces/acme/datastores/pg',
  request: `r${seq}`,
  before: { dataStore: { name: 'pg', description: 'old' } },
  after: { dataStore: { name: 'pg', description: 'new' } },
  href: `${H}/changes/${seq}.json`,
  ...extra,
});

describe('change history parsing', () => {
  it('reads a page newest first, with its records, and the next link as a REST path with its query', () => {
    const page = parseChangePage({
      changes: {
        change: [change(7), change(6, { operation: 'create', before: null })],
        next: `${H}/changes.json?resource=%2Fworkspaces%2Facme&limit=2&olderThan=6`,
      },
    });
    expect(page.changes.map((c) => c.seq)).toEqual([7, 6]);
    expect(page.changes[0]).toEqual({
      seq: 7,
      time: '2026-01-02T03:04:05.000Z',
      user: 'admin',
      operation: 'update',
      kind: 'dataStore',
      resource: '/workspaces/acme/datastores/pg',
      request: 'r7',
      before: { dataStore: { name: 'pg', description: 'old' } },
      after: { dataStore: { name: 'pg', description: 'new' } },
    });
    expect(page.changes[1].before).toBeNull();
    expect(page.next).toBe('/changes.json?resource=%2Fworkspaces%2Facme&limit=2&olderThan=6');
  });

  it('reads an empty history in each of GeoServer layouts, and a lone change', () => {
    expect(parseChangePage({ changes: { change: [] } })).toEqual({ changes: [], next: null });
    expect(parseChangePage({ changes: '' })).toEqual({ changes: [], next: null });
    expect(parseChangePage({ changes: { change: change(3) } }).changes.map((c) => c.seq)).toEqual([3]);
  });

  it('refuses what is not a history', () => {
    expect(() => parseChangePage({ workspaces: '' })).toThrow('without "changes"');
    expect(() => parseChangePage({ changes: { change: [change(1, { operation: 'rename' })] } })).toThrow('unknown operation: rename');
    expect(() => parseChangeEvent({ operation: 'create', resource: '/x' })).toThrow('without a sequence number');
    expect(() => parseChangeEvent({ seq: 1, operation: 'create' })).toThrow('without a resource path');
  });

  it('reads a live event (no records); a numeric seq as text is accepted', () => {
    const { before: _b, after: _a, href: _h, ...event } = change(12);
    expect(parseChangeEvent({ ...event, seq: '12' })).toEqual({ ...event, seq: 12 });
  });

  it("reads a reader's live event, which has no author", () => {
    const { before: _b, after: _a, href: _h, user: _u, ...event } = change(13);
    expect(parseChangeEvent(event)).toEqual({ ...event, user: '' });
  });

  it('builds the first page path from the filter', () => {
    expect(changesPath({}, 25)).toBe('/changes.json?limit=25');
    expect(changesPath({ resource: '/workspaces/a b', user: 'ann' }, 10)).toBe('/changes.json?resource=%2Fworkspaces%2Fa+b&user=ann&limit=10');
  });
});

describe('change history requests', () => {
  it('follows a next link through the client base, reads one change, and reverts with or without force', async () => {
    const api = fakeFetch((request) => {
      if (request.url.includes('/changes/5.json')) return { status: 200, body: { change: change(5) } };
      if (request.url.includes('/revert')) return { status: 200 };
      return { status: 200, body: { changes: { change: [change(4)] } } };
    });
    const client = new RestClient({ restBase: '/geoserver/rest', fetch: api.fetch });
    await listChanges(client, '/changes.json?limit=2&olderThan=6');
    expect(api.requests[0].url).toBe('/geoserver/rest/changes.json?limit=2&olderThan=6');
    expect((await getChange(client, 5)).after).toEqual({ dataStore: { name: 'pg', description: 'new' } });
    await revertChange(client, 5);
    await revertChange(client, 5, true);
    expect(api.requests.slice(2).map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /geoserver/rest/changes/5/revert',
      'POST /geoserver/rest/changes/5/revert?force=true',
    ]);
  });

  it("turns a refused revert into the server's sentence", async () => {
    const api = fakeFetch(() => ({ status: 409, body: 'Cannot revert change 4: /styles/s changed after it (change 5 by ann).' }));
    const client = new RestClient({ restBase: '/geoserver/rest', fetch: api.fetch });
    await expect(revertChange(client, 4)).rejects.toMatchObject({
      status: 409,
      message: 'Cannot revert change 4: /styles/s changed after it (change 5 by ann).',
    });
  });
});
