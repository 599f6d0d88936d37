import { describe, expect, it } from 'vitest';
import { consolePathOf, historyPagePath, historyResource, parseResourcePath } from './resource-paths';

describe('resource paths of changes', () => {
  it('names the record of every kind the history records', () => {
    expect(parseResourcePath('/workspaces/acme')).toEqual({ kind: 'workspace', name: 'acme' });
    expect(parseResourcePath('/namespaces/acme')).toEqual({ kind: 'namespace', name: 'acme' });
    expect(parseResourcePath('/workspaces/acme/datastores/pg')).toEqual({ kind: 'dataStore', workspace: 'acme', name: 'pg' });
    expect(parseResourcePath('/workspaces/acme/datastores/pg/featuretypes/states')).toEqual({
      kind: 'featureType',
      workspace: 'acme',
      store: 'pg',
      name: 'states',
    });
    expect(parseResourcePath('/workspaces/acme/layers/states')).toEqual({ kind: 'layer', workspace: 'acme', name: 'states' });
    expect(parseResourcePath('/layers/acme:states')).toEqual({ kind: 'layer', workspace: 'acme', name: 'states' });
    expect(parseResourcePath('/styles/point')).toEqual({ kind: 'style', workspace: null, name: 'point' });
    expect(parseResourcePath('/workspaces/acme/styles/blue')).toEqual({ kind: 'style', workspace: 'acme', name: 'blue' });
    expect(parseResourcePath('/security/usergroup/user/ann')).toEqual({ kind: 'user', name: 'ann' });
    expect(parseResourcePath('/workspaces/a%20b/datastores/p%2Fg')).toEqual({ kind: 'dataStore', workspace: 'a b', name: 'p/g' });
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

  it('names records as the history does, names as typed', () => {
    expect(historyResource.dataStore('a b', 'pg')).toBe('/workspaces/a b/datastores/pg');
    expect(historyResource.style(null, 'line')).toBe('/styles/line');
    expect(historyResource.style('acme', 'line')).toBe('/workspaces/acme/styles/line');
    expect(historyResource.layer('acme', 'roads')).toBe('/workspaces/acme/layers/roads');
  });
});
