import type { ListShape } from '../../rest/streamed-list';
import { collectionSegments, declaredRep, doc, link, LINK_FIELD, Namespace, obj, recordSegments, Rep, RepDocument, Workspace } from '@geocatalog/catalog-model';
import { versionTag } from '../../rest/etag';
import { LinkBuilder } from '../../rest/rest-request';
import { WorkspaceEntity } from './workspace.entity';

/** `<workspaces>` listing, each item a name and a link. */
export const WORKSPACE_LIST: ListShape = { root: 'workspaces', item: 'workspace' };

/** An entry of `<workspaces>`. */
export function workspaceListItem(w: { name: string }, links: LinkBuilder): Rep {
  return obj([
    ['name', w.name],
    [LINK_FIELD, link(links.href(...recordSegments('workspace', w)), links.listType)],
  ]);
}

/** `<workspace>` from its declaration, with the four store-collection links. */
export function workspaceDocument(w: WorkspaceEntity, links: LinkBuilder): RepDocument {
  const storeLink = (kind: string) => link(links.href(...recordSegments('workspace', w), kind), links.objectType);
  return doc(
    'workspace',
    declaredRep(Workspace, w, {
      dataStores: link(links.href(...collectionSegments('dataStore', { workspace: w.name })), links.objectType),
      coverageStores: storeLink('coveragestores'),
      wmsStores: storeLink('wmsstores'),
      wmtsStores: storeLink('wmtsstores'),
    }),
  );
}

/** `<namespaces>` listing. */
export const NAMESPACE_LIST: ListShape = { root: 'namespaces', item: 'namespace' };

/** An entry of `<namespaces>`. */
export function namespaceListItem(w: { name: string }, links: LinkBuilder): Rep {
  return obj([
    ['name', w.name],
    [LINK_FIELD, link(links.href(...recordSegments('namespace', w)), links.listType)],
  ]);
}

/** `<namespace>`: prefix, uri, isolated (GeoServer writes no links here). */
export function namespaceDocument(w: WorkspaceEntity): RepDocument {
  return doc('namespace', declaredRep(Namespace, w));
}

/** ETag of a workspace, and of its namespace (one row). */
export function workspaceTag(w: WorkspaceEntity): string {
  return versionTag(w.version);
}
