/**
 * GeoServer's JSON layout (lists wrapped twice, `""` for an empty list, a lone entry as an object,
 * `@key`/`$` entries) is read by `@geocatalog/catalog-model`'s `jettison.ts`, the module the api
 * writes it with; this file adds what only the console needs: paths from links, encoded segments.
 */
export { booleanOf, entryPairs, isObject, listEntries, listNames, stringList, stringOf, wrapped } from '@geocatalog/catalog-model';

/**
 * The REST path of a link the server wrote (`http://h/geoserver/rest/workspaces/a.json` →
 * `/workspaces/a.json`), so it is requested through the client's own base: the link's origin may
 * be the server's idea of its host, not the one the browser reached.
 */
export function restPathOfHref(href: string): string | null {
  try {
    const { pathname } = new URL(href, 'http://localhost');
    const at = pathname.indexOf('/rest/');
    return at < 0 ? null : pathname.slice(at + '/rest'.length);
  } catch {
    return null;
  }
}

/** A path segment: names may hold any letter, so every segment is encoded. */
export const seg = (value: string): string => encodeURIComponent(value);

/** A REST path (below `/rest`) of segments from the record-kind registry, each encoded. */
export const pathOf = (segments: string[]): string => `/${segments.map(seg).join('/')}`;
