import type { QueryKey } from '@tanstack/react-query';
import { queryKeys, type ChangeEvent } from '../../api';
import { parseResourcePath } from './resource-paths';

/**
 * The cached queries a committed change makes stale: the lists the record appears in, the record
 * itself (an open page refetches it), what is read from it, and every page of the history.
 * Keys are prefixes, as `invalidateQueries` matches them.
 */
export function queryKeysForChange(change: Pick<ChangeEvent, 'resource'>): QueryKey[] {
  const record = parseResourcePath(change.resource);
  const history: QueryKey = queryKeys.history();
  switch (record?.kind) {
    case 'workspace':
    case 'namespace':
      return [queryKeys.workspaces(), queryKeys.dataStoreList(record.workspace), queryKeys.styleList(record.workspace), history];
    case 'dataStore': {
      const store = { workspace: record.workspace, name: record.store };
      return [
        queryKeys.dataStoreList(record.workspace),
        queryKeys.dataStore(store),
        queryKeys.featureTypeList(store),
        queryKeys.availableTables(store),
        history,
      ];
    }
    case 'featureType': {
      const store = { workspace: record.workspace, name: record.store };
      return [
        queryKeys.featureTypeList(store),
        queryKeys.availableTables(store),
        queryKeys.featureType(`${change.resource}.json`),
        queryKeys.collection(`${record.workspace}:${record.featureType}`),
        history,
      ];
    }
    case 'layer':
      return [
        queryKeys.layerList(),
        queryKeys.layer({ workspace: record.workspace, name: record.layer }),
        queryKeys.collection(`${record.workspace}:${record.layer}`),
        [...queryKeys.styles(), 'users'],
        history,
      ];
    case 'style': {
      const style = { workspace: record.workspace, name: record.style };
      return [queryKeys.styleList(record.workspace), queryKeys.styleSld(style), queryKeys.styleInfo(style), history];
    }
    case 'user':
      return [history];
    default:
      // A record this console does not know yet: everything may show it.
      return [queryKeys.all];
  }
}
