import type { Style as GeoStylerStyle } from 'geostyler-style';
import type { StyleResource } from './compiled-style';

/**
 * Points every ExternalGraphic (GeoStyler `Icon`, also inside a GraphicFill or GraphicStroke) at a
 * data: URI: kept as is when the SLD has one, else the bytes uploaded with the style under that
 * name. Nothing is ever fetched: a link to the network or to a file the style lacks is returned
 * as unsupported and its icon is left out of the style.
 */
export function resolveIcons(style: GeoStylerStyle, resources: ReadonlyMap<string, StyleResource> | undefined): string[] {
  const missing: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (record.kind === 'Icon') {
      const href = typeof record.image === 'string' ? record.image : '';
      const resolved = resolveHref(href, resources);
      if (typeof resolved === 'string') record.image = resolved;
      else {
        missing.push(`ExternalGraphic (${resolved.reason})`);
        record.image = TRANSPARENT_PIXEL;
      }
    }
    for (const inner of Object.values(record)) if (inner && typeof inner === 'object') visit(inner);
  };
  visit(style.rules);
  return missing;
}

/** A 1×1 transparent PNG: stands in for an icon that is reported unsupported (never drawn). */
const TRANSPARENT_PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

function resolveHref(href: string, resources: ReadonlyMap<string, StyleResource> | undefined): string | { reason: string } {
  if (href === '') return { reason: 'no image' };
  if (/^data:/i.test(href)) return href;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(href) && !/^file:/i.test(href)) return { reason: `${href} is not fetched` };
  const name = resourceName(href);
  const resource = resources?.get(name);
  if (!resource) return { reason: `${href} is not among the style's resources` };
  return `data:${resource.mediaType};base64,${toBase64(resource.bytes)}`;
}

/** `file:./icons/x.png`, `./icons/x.png` and `icons/x.png` name the same uploaded file. */
export function resourceName(href: string): string {
  return decodeURIComponent(href.replace(/^file:/i, '').replace(/^(\.\/)+/, ''));
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
