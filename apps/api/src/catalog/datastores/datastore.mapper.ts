import type { ListShape } from '../../rest/streamed-list';
import { collectionSegments, DataStore, declaredRep, doc, entries, link, LINK_FIELD, obj, recordSegments, Rep, RepDocument } from '@geocatalog/catalog-model';
import { versionTag } from '../../rest/etag';
import { LinkBuilder } from '../../rest/rest-request';
import { DataStoreEntity } from './datastore.entity';
import { javaHashMapOrder } from './java-hashmap-order';

/** `<dataStores>` listing of one workspace. */
export const DATA_STORE_LIST: ListShape = { root: 'dataStores', item: 'dataStore' };

/** An entry of `<dataStores>`. */
export function dataStoreListItem(workspace: string, s: { name: string }, links: LinkBuilder): Rep {
  return obj([
    ['name', s.name],
    [LINK_FIELD, link(links.href(...recordSegments('dataStore', { workspace, name: s.name })), links.listType)],
  ]);
}

/** `<dataStore>` from its declaration; `passwd` is only ever the stored `crypt2:` value. */
export function dataStoreDocument(workspace: string, s: DataStore, links: LinkBuilder): RepDocument {
  const params = s.connectionParameters;
  return doc(
    'dataStore',
    declaredRep(DataStore, s, {
      workspaceName: obj([
        ['name', workspace],
        [LINK_FIELD, link(links.href(...recordSegments('workspace', { name: workspace })), links.objectType)],
      ]),
      // GeoServer keeps the parameters in a java.util.HashMap and writes them in its order.
      connectionParameters: entries(javaHashMapOrder(Object.keys(params)).map((k) => [k, params[k]])),
      featureTypes: link(links.href(...collectionSegments('featureType', { workspace, store: s.name })), links.objectType),
    }),
  );
}

/** ETag of a data store: its version and its workspace's (whose name its links carry). */
export function dataStoreTag(s: Pick<DataStoreEntity, 'version'> & { workspace?: { version: string } }): string {
  return versionTag(s.version, s.workspace?.version);
}
