import { parseRecordPath, recordPath, collectionPath } from './record-paths';
import { KIND_NAMES, RECORD_KINDS } from './record-kinds';

describe('record paths from the registry', () => {
  it('build each kind’s path and read it back', () => {
    const names = { workspace: 'acme', store: 'pg', name: 'roads' };
    for (const kind of KIND_NAMES) {
      const path = recordPath(kind, names);
      // Settings are named by their workspace (and service) only: `/workspaces/acme/settings`.
      const name = RECORD_KINDS[kind].path.includes('{name}') ? 'roads' : '';
      expect(parseRecordPath(path)).toEqual(expect.objectContaining({ kind, name }));
    }
  });

  it('use the global form of a record with no workspace', () => {
    expect(recordPath('style', { workspace: null, name: 'line' })).toBe('/styles/line');
    expect(recordPath('layerGroup', { name: 'base' })).toBe('/layergroups/base');
    expect(parseRecordPath('/rest/styles/line.sld')).toEqual({ kind: 'style', workspace: null, name: 'line' });
    expect(recordPath('settings', { name: '' })).toBe('/settings');
    expect(parseRecordPath('/settings')).toEqual({ kind: 'settings', workspace: null, name: '' });
    expect(recordPath('serviceSettings', { workspace: 'acme', name: 'wms' })).toBe('/services/wms/workspaces/acme/settings');
    expect(parseRecordPath('/rest/services/wfs/settings.xml')).toEqual({ kind: 'serviceSettings', workspace: null, name: 'wfs' });
  });

  it('read aliases, encoded names and a doubled slash', () => {
    expect(parseRecordPath('/layers/acme:roads')).toEqual({ kind: 'layer', workspace: 'acme', name: 'roads' });
    expect(parseRecordPath('/workspaces/a%20b//datastores/pg.json')).toEqual({ kind: 'dataStore', workspace: 'a b', name: 'pg' });
    expect(recordPath('dataStore', { workspace: 'a b', name: 'p/g' }, encodeURIComponent)).toBe('/workspaces/a%20b/datastores/p%2Fg');
    expect(collectionPath('featureType', { workspace: 'acme', store: 'pg' })).toBe('/workspaces/acme/datastores/pg/featuretypes');
  });

  it('name nothing for a path of no record', () => {
    expect(parseRecordPath('/workspaces/acme/datastores')).toBeNull();
    expect(parseRecordPath('/about/version')).toBeNull();
  });
});
