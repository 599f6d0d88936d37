import { formatDate } from '../../rest/date-format';
import { doc, link, list, LINK_FIELD, obj, RepDocument } from '../../rest/representation';
import { LinkBuilder } from '../../rest/rest-request';
import { StyleEntity } from './style.entity';

/** Path segments of a style below `/rest`. */
export function stylePath(style: { name: string }, workspace: string | undefined): string[] {
  return workspace ? ['workspaces', workspace, 'styles', style.name] : ['styles', style.name];
}

/** `<styles>` listing (global, or one workspace's). */
export function styleList(styles: StyleEntity[], workspace: string | undefined, links: LinkBuilder): RepDocument {
  return doc(
    'styles',
    list(
      'style',
      styles.map((s) =>
        obj([
          ['name', s.name],
          [LINK_FIELD, link(links.href(...stylePath(s, workspace)), links.listType)],
        ]),
      ),
    ),
  );
}

/** `<style>` in GeoServer's field order (the workspace reference carries no link, as in GeoServer). */
export function styleDocument(s: StyleEntity, workspace: string | undefined): RepDocument {
  return doc(
    'style',
    obj([
      ['name', s.name],
      ['workspace', workspace ? obj([['name', workspace]]) : undefined],
      ['format', s.format],
      ['languageVersion', obj([['version', s.languageVersion]])],
      ['filename', s.filename],
      ['dateCreated', formatDate(s.dateCreated)],
      ['dateModified', formatDate(s.dateModified)],
    ]),
  );
}
