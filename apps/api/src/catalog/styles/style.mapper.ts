import type { ListShape } from '../../rest/streamed-list';
import { declaredRep, doc, link, LINK_FIELD, obj, recordSegments, Rep, RepDocument, Style } from '@geocatalog/catalog-model';
import { versionTag } from '../../rest/etag';
import { LinkBuilder } from '../../rest/rest-request';
import { StyleEntity } from './style.entity';

/** Path segments of a style below `/rest`. */
export function stylePath(style: { name: string }, workspace: string | undefined): string[] {
  return recordSegments('style', { workspace, name: style.name });
}

/** `<styles>` listing (global, or one workspace's). */
export const STYLE_LIST: ListShape = { root: 'styles', item: 'style' };

/** An entry of `<styles>`. */
export function styleListItem(s: { name: string }, workspace: string | undefined, links: LinkBuilder): Rep {
  return obj([
    ['name', s.name],
    [LINK_FIELD, link(links.href(...stylePath(s, workspace)), links.listType)],
  ]);
}

/** `<style>` from its declaration (the workspace reference carries no link, as in GeoServer). */
export function styleDocument(s: StyleEntity, workspace: string | undefined): RepDocument {
  return doc('style', declaredRep(Style, s, { workspaceRef: workspace ? obj([['name', workspace]]) : undefined }));
}

/** ETag of a style record and of its SLD content (an upload is a write to the record). */
export function styleTag(s: StyleEntity): string {
  return versionTag(s.version, s.workspace?.version);
}
