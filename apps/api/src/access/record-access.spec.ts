import { decisionOf, ANONYMOUS_CALLER, type Caller } from '@geocatalog/catalog-model';
import { readsHistory, readsRecord, recordScope, revertsChanges, seesChange } from './record-access';

const rules = (lines: Record<string, string>) => Object.entries(lines);

const user = (...roles: string[]): Caller => ({ roles, anonymous: false });
const admin = user('ADMIN');
const reader = user('READER');
const wsAdmin = user('TOPP_ADMIN');
const toppReader = user('TOPP_READ');

/** topp administered by TOPP_ADMIN and read by TOPP_READ only; topp.secret read by nobody but admins; sf open to every signed-in user. */
const d = decisionOf(
  rules({
    '*.*.r': 'AUTHENTICATED',
    '*.*.a': 'ADMIN',
    'topp.*.r': 'TOPP_READ',
    'topp.*.a': 'TOPP_ADMIN',
    'topp.secret.r': 'ADMIN',
    'hidden.r': 'ADMIN',
  }),
);

describe('recordScope', () => {
  it.each([
    ['workspace', '/workspaces/topp', { scope: 'workspace', workspace: 'topp' }],
    ['namespace', '/namespaces/topp', { scope: 'workspace', workspace: 'topp' }],
    ['dataStore', '/workspaces/topp/datastores/pg', { scope: 'workspace', workspace: 'topp' }],
    ['featureType', '/workspaces/topp/datastores/pg/featuretypes/roads', { scope: 'workspace', workspace: 'topp', layer: 'roads' }],
    ['layer', '/workspaces/topp/layers/roads', { scope: 'workspace', workspace: 'topp', layer: 'roads' }],
    ['layerGroup', '/workspaces/topp/layergroups/base', { scope: 'workspace', workspace: 'topp', layer: 'base' }],
    ['layerGroup', '/layergroups/world', { scope: 'global', group: 'world' }],
    ['style', '/workspaces/topp/styles/s', { scope: 'workspace', workspace: 'topp' }],
    ['style', '/styles/point', { scope: 'global' }],
    ['settings', '/workspaces/topp/settings', { scope: 'workspace', workspace: 'topp' }],
    ['settings', '/settings', { scope: 'global' }],
    ['serviceSettings', '/services/wms/workspaces/topp/settings', { scope: 'workspace', workspace: 'topp' }],
    ['serviceSettings', '/services/wms/settings', { scope: 'global' }],
    ['user', '/security/usergroup/user/bob', { scope: 'admin' }],
    ['rule', '/security/acl/layers/topp.*.r', { scope: 'admin' }],
    ['serviceRule', '/security/acl/services/wms.GetMap', { scope: 'admin' }],
  ] as const)('%s %s', (kind, resource, scope) => {
    expect(recordScope(kind, resource)).toEqual(scope);
  });

  it('a change without a path, or whose path is another kind’s, is administrators’ only', () => {
    expect(recordScope('layer', null)).toEqual({ scope: 'admin' });
    expect(recordScope('layer', '/workspaces/topp/datastores/pg')).toEqual({ scope: 'admin' });
    expect(recordScope('style', '/no/such/path')).toEqual({ scope: 'admin' });
  });
});

describe('readsRecord (the event stream)', () => {
  it('follows the rules of the record: layer, workspace, global', () => {
    expect(readsRecord(d, reader, 'layer', '/workspaces/sf/layers/roads')).toBe(true);
    expect(readsRecord(d, reader, 'layer', '/workspaces/topp/layers/roads')).toBe(false);
    expect(readsRecord(d, reader, 'dataStore', '/workspaces/topp/datastores/pg')).toBe(false);
    expect(readsRecord(d, toppReader, 'dataStore', '/workspaces/topp/datastores/pg')).toBe(true);
    expect(readsRecord(d, toppReader, 'featureType', '/workspaces/topp/datastores/pg/featuretypes/secret')).toBe(false);
    expect(readsRecord(d, wsAdmin, 'layer', '/workspaces/topp/layers/secret')).toBe(true);
    expect(readsRecord(d, reader, 'style', '/styles/point')).toBe(true);
    expect(readsRecord(d, reader, 'layerGroup', '/layergroups/hidden')).toBe(false);
    expect(readsRecord(d, ANONYMOUS_CALLER, 'style', '/styles/point')).toBe(false);
  });

  it('accounts and rules are ADMIN’s only', () => {
    for (const c of [reader, wsAdmin, toppReader]) {
      expect(readsRecord(d, c, 'user', '/security/usergroup/user/bob')).toBe(false);
      expect(readsRecord(d, c, 'rule', '/security/acl/layers/topp.*.r')).toBe(false);
      expect(readsRecord(d, c, 'serviceRule', '/security/acl/services/wms.GetMap')).toBe(false);
    }
    expect(readsRecord(d, admin, 'rule', '/security/acl/layers/topp.*.r')).toBe(true);
    expect(readsRecord(d, admin, 'layer', null)).toBe(true);
  });
});

describe('the history', () => {
  it('is ADMIN’s and workspace administrators’', () => {
    expect(readsHistory(d, admin)).toBe(true);
    expect(readsHistory(d, wsAdmin)).toBe(true);
    expect(readsHistory(d, reader)).toBe(false);
    expect(readsHistory(d, toppReader)).toBe(false);
    expect(readsHistory(d, ANONYMOUS_CALLER)).toBe(false);
  });

  it('a root `a` rule makes a role administer every workspace', () => {
    const all = decisionOf(rules({ '*.*.a': 'EDITOR' }));
    expect(readsHistory(all, user('EDITOR'))).toBe(true);
    expect(seesChange(all, user('EDITOR'), 'dataStore', '/workspaces/any/datastores/pg')).toBe(true);
  });

  it('a workspace administrator sees the changes of their workspace only, and no accounts, rules or global records', () => {
    expect(seesChange(d, wsAdmin, 'workspace', '/workspaces/topp')).toBe(true);
    expect(seesChange(d, wsAdmin, 'layer', '/workspaces/topp/layers/secret')).toBe(true);
    expect(seesChange(d, wsAdmin, 'serviceSettings', '/services/wms/workspaces/topp/settings')).toBe(true);
    expect(seesChange(d, wsAdmin, 'layer', '/workspaces/sf/layers/roads')).toBe(false);
    expect(seesChange(d, wsAdmin, 'style', '/styles/point')).toBe(false);
    expect(seesChange(d, wsAdmin, 'settings', '/settings')).toBe(false);
    expect(seesChange(d, wsAdmin, 'user', '/security/usergroup/user/bob')).toBe(false);
    expect(seesChange(d, wsAdmin, 'rule', '/security/acl/layers/topp.*.r')).toBe(false);
    expect(seesChange(d, admin, 'rule', '/security/acl/layers/topp.*.r')).toBe(true);
  });

  it('a workspace administrator reverts a request only when every record it touched is inside their workspaces', () => {
    expect(revertsChanges(d, wsAdmin, [{ kind: 'layer', resource: '/workspaces/topp/layers/roads' }])).toBe(true);
    expect(
      revertsChanges(d, wsAdmin, [
        { kind: 'featureType', resource: '/workspaces/topp/datastores/pg/featuretypes/roads' },
        { kind: 'layer', resource: '/workspaces/topp/layers/roads' },
      ]),
    ).toBe(true);
    expect(
      revertsChanges(d, wsAdmin, [
        { kind: 'layer', resource: '/workspaces/topp/layers/roads' },
        { kind: 'layer', resource: '/workspaces/sf/layers/roads' },
      ]),
    ).toBe(false);
    expect(revertsChanges(d, wsAdmin, [{ kind: 'workspace', resource: '/workspaces/topp' }])).toBe(false);
    expect(revertsChanges(d, wsAdmin, [{ kind: 'style', resource: '/styles/point' }])).toBe(false);
    expect(revertsChanges(d, reader, [{ kind: 'layer', resource: '/workspaces/sf/layers/roads' }])).toBe(false);
    expect(revertsChanges(d, admin, [{ kind: 'user', resource: '/security/usergroup/user/bob' }])).toBe(true);
  });
});
