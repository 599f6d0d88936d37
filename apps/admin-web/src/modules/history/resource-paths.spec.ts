import { describe, expect, it } from 'vitest';
import { consolePathOf, historyPagePath, parseResourcePath } from './resource-paths';

describe('resource paths of changes', () => {
  it('names the record of every kind the history records', () => {
    expect(parseResourcePath('/workspaces/acme')).toEqual({ kind: 'workspace', workspace: 'acme' });
    expect(parseResourcePath('/namespaces/acme')).toEqual({ kind: 'namespace', workspace: 'acme' });
    expect(parseResourcePath('/workspaces/acme/datastores/pg')).toEqual({ kind: 'dataStore', workspace: 'acme', store: 'pg' });
    expect(parseResourcePath('/workspaces/acme/datastores/pg/featuretypes/states')).toEqual({
      kind: 'featureType',
      workspace: 'acme',
      store: 'pg',
      featureType: 'states',
    });
    expect(parseResourcePath('/workspaces/acme/layers/states')).toEqual({ kind: 'layer', workspace: 'acme', layer: 'states' });
    expect(parseResourcePath('/layers/acme:states')).toEqual({ kind: 'layer', workspace: 'acme', layer: 'states' });
    expect(parseResourcePath('/styles/point')).toEqual({ kind: 'style', workspace: null, style: 'point' });
    expect(parseResourcePath('/workspaces/acme/styles/blue')).toEqual({ kind: 'style', workspace: 'acme', style: 'blue' });
    expect(parseResourcePath('/security/usergroup/user/ann')).toEqual({ kind: 'user', user: 'ann' });
    expect(parseResourcePath('/workspaces/a%20b/datastores/p%2Fg')).toEqual({ kind: 'dataStore', workspace: 'a b', store: 'p/g' });
    expect(parseResourcePath('/about/version')).toBeNull();
  });

  it('links to the console page of records that have one', () => {
    expect(consolePathOf('/workspaces/acme/datastores/pg')).toBe('/stores/acme/pg');
    expect(consolePathOf('/workspaces/acme/datastores/pg/featuretypes/states')).toBe('/layers/acme/states');
    expect(consolePathOf('/workspaces/acme/layers/states')).toBe('/layers/acme/states');
    expect(consolePathOf('/workspaces/acme/styles/blue')).toBe('/styles/acme/blue');
    expect(consolePathOf('/styles/a b')).toBe('/styles/a%20b');
    expect(consolePathOf('/workspaces/acme')).toBeNull();
    expect(consolePathOf('/namespaces/acme')).toBeNull();
    expect(consolePathOf('/security/usergroup/user/ann')).toBeNull();
    expect(historyPagePath('/workspaces/acme')).toBe('/history?resource=%2Fworkspaces%2Facme');
  });
});
