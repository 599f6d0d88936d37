import { declaredRep, doc, link, list, LINK_FIELD, Namespace, obj, RepDocument, Workspace } from '@geocatalog/catalog-model';
import { versionTag } from '../../rest/etag';
import { LinkBuilder } from '../../rest/rest-request';
import { WorkspaceEntity } from './workspace.entity';

/** `<workspaces>` listing, each item a name and a link. */
export function workspaceList(workspaces: WorkspaceEntity[], links: LinkBuilder): RepDocument {
  return doc(
    'workspaces',
    list(
      'workspace',
      workspaces.map((w) =>
        obj([
          ['name', w.name],
          [LINK_FIELD, link(links.href('workspaces', w.name), links.listType)],
        ]),
      ),
    ),
  );
}

/** `<workspace>` from its declaration, with the four store-collection links. */
export function workspaceDocument(w: WorkspaceEntity, links: LinkBuilder): RepDocument {
  const storeLink = (kind: string) => link(links.href('workspaces', w.name, kind), links.objectType);
  return doc(
    'workspace',
    declaredRep(Workspace, w, {
      dataStores: storeLink('datastores'),
      coverageStores: storeLink('coveragestores'),
      wmsStores: storeLink('wmsstores'),
      wmtsStores: storeLink('wmtsstores'),
    }),
  );
}

/** `<namespaces>` listing. */
export function namespaceList(workspaces: WorkspaceEntity[], links: LinkBuilder): RepDocument {
  return doc(
    'namespaces',
    list(
      'namespace',
      workspaces.map((w) =>
        obj([
          ['name', w.name],
          [LINK_FIELD, link(links.href('namespaces', w.name), links.listType)],
        ]),
      ),
    ),
  );
}

/** `<namespace>`: prefix, uri, isolated (GeoServer writes no links here). */
export function namespaceDocument(w: WorkspaceEntity): RepDocument {
  return doc('namespace', declaredRep(Namespace, w));
}

/** ETag of a workspace, and of its namespace (one row). */
export function workspaceTag(w: WorkspaceEntity): string {
  return versionTag(w.version);
}
