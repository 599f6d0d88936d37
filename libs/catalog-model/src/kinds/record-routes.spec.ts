import { RECORD_KINDS, KIND_NAMES } from './record-kinds';
import { collectionRoutes, directoryFile, recordParam, recordRoutes, recordSegments } from './record-paths';

describe('routes, links and files from the registry', () => {
  it('give the api’s routes with its parameter names', () => {
    expect(collectionRoutes('dataStore')).toEqual(['rest/workspaces/:ws/datastores']);
    expect(recordParam('dataStore')).toBe(':ds');
    expect(collectionRoutes('featureType')).toEqual(['rest/workspaces/:ws/datastores/:ds/featuretypes', 'rest/workspaces/:ws/featuretypes']);
    expect(collectionRoutes('style')).toEqual(['rest/styles', 'rest/workspaces/:ws/styles']);
    expect(recordRoutes('layer')).toEqual(['rest/workspaces/:ws/layers/:layer', 'rest/layers/:layer']);
    expect(recordRoutes('user')).toEqual(['rest/security/usergroup/user/:name']);
    expect(collectionRoutes('workspace')).toEqual(['rest/workspaces']);
  });

  it('give a record’s link segments with its names whole', () => {
    expect(recordSegments('featureType', { workspace: 'a', store: 'p/g', name: 'r' })).toEqual(['workspaces', 'a', 'datastores', 'p/g', 'featuretypes', 'r']);
    expect(recordSegments('style', { workspace: undefined, name: 'line' })).toEqual(['styles', 'line']);
    expect(recordSegments('layer', { workspace: 'a', name: 'r' }, '/layers/{workspace}:{name}')).toEqual(['layers', 'a:r']);
    // The split template is kept between calls; the names are each call's own.
    expect(recordSegments('layer', { workspace: 'b', name: 's' }, '/layers/{workspace}:{name}')).toEqual(['layers', 'b:s']);
    expect(recordSegments('featureType', { workspace: 'c', store: 'q', name: 't' })).toEqual(['workspaces', 'c', 'datastores', 'q', 'featuretypes', 't']);
    expect(recordSegments('dataStore', { workspace: 'c', name: '' })).toEqual(['workspaces', 'c', 'datastores', '']);
  });

  it('give each record’s file in a data directory', () => {
    expect(directoryFile('dataStore', { workspace: 'a', name: 'pg' })).toBe('workspaces/a/pg/datastore.xml');
    expect(directoryFile('layer', { workspace: 'a', store: 'pg', name: 'r' })).toBe('workspaces/a/pg/r/layer.xml');
    expect(directoryFile('style', { workspace: null, name: 'line' })).toBe('styles/line.xml');
    expect(directoryFile('style', { workspace: 'a', name: 'line' })).toBe('workspaces/a/styles/line.xml');
    expect(directoryFile('user', { name: 'bob' })).toBeNull();
  });

  it('name a row’s path through parents that are kinds of the registry', () => {
    for (const kind of KIND_NAMES) {
      const names = RECORD_KINDS[kind].rowNames;
      if ('sameAs' in names) expect(KIND_NAMES).toContain(names.sameAs);
      else if (RECORD_KINDS[kind].path.includes('{store}')) expect(names.store).toBeDefined();
    }
  });
});
