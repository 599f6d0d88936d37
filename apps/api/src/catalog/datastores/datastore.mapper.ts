import { formatDate } from '../../rest/date-format';
import { doc, entries, link, list, LINK_FIELD, obj, RepDocument } from '../../rest/representation';
import { LinkBuilder } from '../../rest/rest-request';
import { DataStoreEntity } from './datastore.entity';
import { javaHashMapOrder } from './java-hashmap-order';

/** `<dataStores>` listing of one workspace. */
export function dataStoreList(workspace: string, stores: DataStoreEntity[], links: LinkBuilder): RepDocument {
  return doc(
    'dataStores',
    list(
      'dataStore',
      stores.map((s) =>
        obj([
          ['name', s.name],
          [LINK_FIELD, link(links.href('workspaces', workspace, 'datastores', s.name), links.listType)],
        ]),
      ),
    ),
  );
}

/** `<dataStore>` in GeoServer's field order; `passwd` is only ever the stored `crypt2:` value. */
export function dataStoreDocument(workspace: string, s: DataStoreEntity, links: LinkBuilder): RepDocument {
  const params = s.connectionParameters;
  return doc(
    'dataStore',
    obj([
      ['name', s.name],
      ['description', s.description],
      ['type', s.type],
      ['enabled', s.enabled],
      [
        'workspace',
        obj([
          ['name', workspace],
          [LINK_FIELD, link(links.href('workspaces', workspace), links.objectType)],
        ]),
      ],
      ['connectionParameters', entries(javaHashMapOrder(Object.keys(params)).map((k) => [k, params[k]]))],
      ['_default', false],
      ['dateCreated', formatDate(s.dateCreated)],
      ['dateModified', formatDate(s.dateModified)],
      ['disableOnConnFailure', s.disableOnConnFailure],
      ['featureTypes', link(links.href('workspaces', workspace, 'datastores', s.name, 'featuretypes'), links.objectType)],
    ]),
  );
}
