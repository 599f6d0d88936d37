import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../api';
import { queryKeysForChange } from './live-invalidation';

const keys = (resource: string) => queryKeysForChange({ resource }).map((key) => JSON.stringify(key));
const k = (key: readonly unknown[]) => JSON.stringify(key);

describe('which cached queries a change makes stale', () => {
  it('a workspace: the workspace list and its (maybe new) store and style lists, and the history', () => {
    expect(keys('/workspaces/acme')).toEqual([
      k(queryKeys.workspaces()),
      k(queryKeys.dataStoreList('acme')),
      k(queryKeys.styleList('acme')),
      k(queryKeys.history()),
    ]);
  });

  it('a data store: its list, its record, its tables, and the history', () => {
    const store = { workspace: 'acme', name: 'pg' };
    expect(keys('/workspaces/acme/datastores/pg')).toEqual([
      k(queryKeys.dataStoreList('acme')),
      k(queryKeys.dataStore(store)),
      k(queryKeys.featureTypeList(store)),
      k(queryKeys.availableTables(store)),
      k(queryKeys.history()),
    ]);
  });

  it('a feature type: its store lists, its record by REST path, its features', () => {
    expect(keys('/workspaces/acme/datastores/pg/featuretypes/states')).toEqual([
      k(queryKeys.featureTypeList({ workspace: 'acme', name: 'pg' })),
      k(queryKeys.availableTables({ workspace: 'acme', name: 'pg' })),
      k(queryKeys.featureType('/workspaces/acme/datastores/pg/featuretypes/states.json')),
      k(queryKeys.collection('acme:states')),
      k(queryKeys.history()),
    ]);
  });

  it('a layer: the layer list, the record, its features, and who uses which style', () => {
    expect(keys('/workspaces/acme/layers/states')).toEqual([
      k(queryKeys.layerList()),
      k(queryKeys.layer({ workspace: 'acme', name: 'states' })),
      k(queryKeys.collection('acme:states')),
      k([...queryKeys.styles(), 'users']),
      k(queryKeys.history()),
    ]);
  });

  it("a style: its list, its SLD (the editor's versioned read is below that key) and its record", () => {
    const blue = { workspace: 'acme', name: 'blue' };
    expect(keys('/workspaces/acme/styles/blue')).toEqual([
      k(queryKeys.styleList('acme')),
      k(queryKeys.styleSld(blue)),
      k(queryKeys.styleInfo(blue)),
      k(queryKeys.history()),
    ]);
    expect(keys('/styles/point')).toEqual([
      k(queryKeys.styleList(null)),
      k(queryKeys.styleSld({ workspace: null, name: 'point' })),
      k(queryKeys.styleInfo({ workspace: null, name: 'point' })),
      k(queryKeys.history()),
    ]);
    expect(k(queryKeys.styleSldVersion(blue)).startsWith(k(queryKeys.styleSld(blue)).slice(0, -1))).toBe(true);
  });

  it('a user only the history; a record the console does not know, everything', () => {
    expect(keys('/security/usergroup/user/ann')).toEqual([k(queryKeys.history())]);
    expect(keys('/coveragestores/x')).toEqual([k(queryKeys.all)]);
  });
});
