import type { QueryKey } from '@tanstack/react-query';
import type { RecordRef, KindName } from '@geocatalog/catalog-model';
import { queryKeys, type ChangeEvent } from '../../api';
import { parseResourcePath } from './resource-paths';

/** The keys a change of one kind's record makes stale, besides the history's. */
type Stale = (record: RecordRef, resource: string) => QueryKey[];

const storeOf = (record: RecordRef) => ({ workspace: record.workspace ?? '', name: record.store ?? '' });

/** What each kind's change makes stale: a kind the history records and this console forgets does not compile. */
const STALE: Record<KindName, Stale> = {
  workspace: (r) => [queryKeys.workspaces(), queryKeys.dataStoreList(r.name), queryKeys.styleList(r.name)],
  namespace: (r) => [queryKeys.workspaces(), queryKeys.dataStoreList(r.name), queryKeys.styleList(r.name)],
  dataStore: (r) => {
    const store = { workspace: r.workspace ?? '', name: r.name };
    return [queryKeys.dataStoreList(store.workspace), queryKeys.dataStore(store), queryKeys.featureTypeList(store), queryKeys.availableTables(store)];
  },
  featureType: (r, resource) => [
    queryKeys.featureTypeList(storeOf(r)),
    queryKeys.availableTables(storeOf(r)),
    queryKeys.featureType(`${resource}.json`),
    queryKeys.collection(`${r.workspace}:${r.name}`),
  ],
  layer: (r) => [
    queryKeys.layerList(),
    queryKeys.layer({ workspace: r.workspace ?? '', name: r.name }),
    queryKeys.collection(`${r.workspace}:${r.name}`),
    [...queryKeys.styles(), 'users'],
  ],
  style: (r) => {
    const style = { workspace: r.workspace ?? null, name: r.name };
    return [queryKeys.styleList(style.workspace), queryKeys.styleSld(style), queryKeys.styleInfo(style)];
  },
  layerGroup: () => [['rest', 'layergroups']],
  user: () => [],
  settings: () => [['rest', 'settings']],
  serviceSettings: () => [['rest', 'services']],
  rule: () => [['rest', 'security']],
  serviceRule: () => [['rest', 'security']],
};

/**
 * The cached queries a committed change makes stale: the lists the record appears in, the record
 * itself (an open page refetches it), what is read from it, and every page of the history.
 * Keys are prefixes, as `invalidateQueries` matches them.
 */
export function queryKeysForChange(change: Pick<ChangeEvent, 'resource'>): QueryKey[] {
  const record = parseResourcePath(change.resource);
  const stale = record && STALE[record.kind];
  // A record this console does not know yet (or a feature type named without its store): everything may show it.
  if (!record || !stale || (record.kind === 'featureType' && record.store === undefined)) return [queryKeys.all];
  return [...stale(record, change.resource), queryKeys.history()];
}
