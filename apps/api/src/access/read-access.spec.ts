import { CatalogError, decisionOf, type AccessDecision, ANONYMOUS_CALLER, type Caller, type CatalogMode } from '@geocatalog/catalog-model';
import type { Request } from 'express';
import type { AccessService } from './access.service';
import { ReadAccess, readableCollections, ReadScope } from './read-access';

function decision(lines: Record<string, string>, services: Record<string, string> = {}, mode: CatalogMode = 'HIDE'): AccessDecision {
  return decisionOf(Object.entries(lines), Object.entries(services), mode);
}

const RULES = { '*.*.r': 'AUTHENTICATED', 'pub.*.r': '*', 'res.*.r': 'ROLE_TOPP', 'res.open.r': 'ANONYMOUS,AUTHENTICATED', 'basemap.r': '*' };
const reader: Caller = { roles: ['READER'], anonymous: false };
const topp: Caller = { roles: ['ROLE_TOPP'], anonymous: false };

describe('ReadScope', () => {
  const d = decision(RULES);

  it('reads layers and groups by the rules: workspace ones by workspace and name, global groups by name', () => {
    const scope = new ReadScope(d, reader, 'features', 'getFeatures');
    expect([scope.reads('pub', 'states'), scope.reads('res', 'states'), scope.reads('res', 'open'), scope.reads(null, 'basemap')]).toEqual([
      true,
      false,
      true,
      true,
    ]);
    expect([scope.readsCollection('pub:states'), scope.readsCollection('res:states'), scope.readsCollection('nocolon')]).toEqual([true, false, true]);
    expect(new ReadScope(d, topp, 'features', 'getFeatures').readsCollection('res:states')).toBe(true);
  });

  it('refuses as the catalog mode says', () => {
    const hide = new ReadScope(d, reader, 'features', 'getFeatures');
    expect(hide.hides).toBe(true);
    expect(() => hide.checkCollection('res:states')).toThrow(new CatalogError('NOT_FOUND', "No such collection: 'res:states'"));
    const challenge = decision(RULES, {}, 'CHALLENGE');
    expect(() => new ReadScope(challenge, reader, 'tiles', 'getTile').checkCollection('res:states')).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => new ReadScope(challenge, ANONYMOUS_CALLER, 'tiles', 'getTile').checkCollection('res:states')).toThrow(
      expect.objectContaining({ code: 'UNAUTHENTICATED' }),
    );
    expect(new ReadScope(challenge, reader, 'tiles', 'getTile').hides).toBe(false);
  });

  it('says which answers are public: what anonymous callers read, lists only as they get them', () => {
    const scope = new ReadScope(d, topp, 'tiles', 'getTile');
    expect([scope.publicCollection('pub:states'), scope.publicCollection('res:states'), scope.publicCollection('res:open')]).toEqual([true, false, true]);
    expect([scope.publicDocument, scope.publicList]).toEqual([true, false]);
    expect(new ReadScope(d, ANONYMOUS_CALLER, 'tiles', 'getCollections').publicList).toBe(true);
    // A service rule keeping anonymous callers out makes nothing of that service public.
    const closed = new ReadScope(decision(RULES, { 'tiles.*': 'AUTHENTICATED' }), topp, 'tiles', 'getTile');
    expect([closed.publicDocument, closed.publicCollection('pub:states')]).toEqual([false, false]);
  });

  it('filters pages of collections', async () => {
    const scope = new ReadScope(d, reader, 'features', 'getCollections');
    async function* pages() {
      yield [{ id: 'pub:a' }, { id: 'res:b' }];
      yield [{ id: 'res:open' }];
    }
    const out: string[][] = [];
    for await (const page of readableCollections(pages(), scope)) out.push(page.map((c) => c.id));
    expect(out).toEqual([['pub:a'], ['res:open']]);
  });
});

describe('ReadAccess', () => {
  const access = (d: AccessDecision) =>
    new ReadAccess({
      decision: async () => d,
      callerOf: (p: { roles: string[] } | undefined) => (p ? { roles: p.roles, anonymous: false } : ANONYMOUS_CALLER),
    } as unknown as AccessService);
  const req = (roles?: string[]) => ({ user: roles && { userName: 'u', roles } }) as unknown as Request;

  it('checks the service rule of the method: 401 for anonymous callers, 403 for others', async () => {
    const a = access(decision(RULES, { 'wms.GetMap': 'ROLE_TOPP' }));
    await expect(a.scope(req(), 'wms', 'GetMap')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(a.scope(req(['READER']), 'wms', 'GetMap')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await a.scope(req(['ROLE_TOPP']), 'wms', 'GetMap')).caller.roles).toEqual(['ROLE_TOPP']);
    expect((await a.scope(req(), 'wms', 'GetCapabilities')).caller.anonymous).toBe(true);
  });
});
