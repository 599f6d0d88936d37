import { collectionSegments, RECORD_KINDS, recordSegments, readRecord, Style as StyleDeclaration, type Sent } from '@geocatalog/catalog-model';
import { listNames, pathOf, seg } from './catalog-json';
import type { RestClient } from './rest-client';
import type { Versioned } from './versioned';

/** A style: global (`workspace` null) or of a workspace. */
export interface StyleRef {
  workspace: string | null;
  name: string;
}

/**
 * A style's record as the api answers it: every field its declaration (`@geocatalog/catalog-model`'s
 * `Style`) reads (`format`, `languageVersion`, `filename`, …), in its workspace.
 */
export type StyleInfo = Sent<StyleDeclaration> & StyleRef;

/** SLD 1.0.0 and SE 1.1.0 content types, as the REST API takes them. */
export const SLD_CONTENT_TYPES = {
  '1.0.0': 'application/vnd.ogc.sld+xml',
  '1.1.0': 'application/vnd.ogc.se+xml',
} as const;

/** The style reference in a body: `{"name","workspace"}` (workspace left out for a global style). */
export function styleRefBody(ref: StyleRef): Record<string, string> {
  return ref.workspace ? { name: ref.name, workspace: ref.workspace } : { name: ref.name };
}

/** `ws:name` for a workspace style, `name` for a global one. */
export const qualifiedStyleName = (ref: StyleRef): string => (ref.workspace ? `${ref.workspace}:${ref.name}` : ref.name);

export const sameStyle = (a: StyleRef | null | undefined, b: StyleRef | null | undefined): boolean =>
  !!a && !!b && a.name === b.name && (a.workspace ?? null) === (b.workspace ?? null);

/** The REST path of a style (`/styles/x` or `/workspaces/ws/styles/x`) with an optional suffix. */
export function stylePath(ref: StyleRef, suffix = ''): string {
  return `${pathOf(recordSegments('style', ref))}${suffix}`;
}

/** Global styles (`workspace` omitted) or one workspace's styles. */
export async function listStyles(client: RestClient, workspace: string | null, signal?: AbortSignal): Promise<StyleRef[]> {
  const path = `${pathOf(collectionSegments('style', { workspace }))}.json`;
  return listNames(await client.getJson(path, signal), 'styles', 'style', 'style').map((name) => ({ workspace, name }));
}

/** Reads `{"style":{…}}` through its declaration. */
export function parseStyleInfo(body: unknown, ref: StyleRef): StyleInfo {
  return { ...readRecord(StyleDeclaration, body).fields, ...ref };
}

export async function getStyleInfo(client: RestClient, ref: StyleRef, signal?: AbortSignal): Promise<StyleInfo> {
  return parseStyleInfo(await client.getJson(stylePath(ref, '.json'), signal), ref);
}

const SLD_ACCEPT = `${SLD_CONTENT_TYPES['1.0.0']}, ${SLD_CONTENT_TYPES['1.1.0']}, application/xml`;

/** The stored SLD document, byte for byte as text: `GET …/styles/{s}.sld`. */
export function getStyleSld(client: RestClient, ref: StyleRef, signal?: AbortSignal): Promise<string> {
  return client.getText(stylePath(ref, '.sld'), SLD_ACCEPT, signal);
}

/** The stored SLD document with the style's `ETag` (its SLD and record share one version). */
export async function getVersionedStyleSld(client: RestClient, ref: StyleRef, signal?: AbortSignal): Promise<Versioned<string>> {
  const { body, etag } = await client.getTextTagged(stylePath(ref, '.sld'), SLD_ACCEPT, signal);
  return { record: body, etag, representation: body };
}

const contentTypeFor = (version: string | null | undefined): string => (version === '1.1.0' ? SLD_CONTENT_TYPES['1.1.0'] : SLD_CONTENT_TYPES['1.0.0']);

/** `POST …/styles?name=` with the SLD document: creates the style and its content in one step. */
export async function createStyle(client: RestClient, ref: StyleRef, sld: string, version?: string | null): Promise<string> {
  const base = pathOf(collectionSegments('style', { workspace: ref.workspace }));
  const created = await client.postText(`${base}?name=${seg(ref.name)}`, sld, contentTypeFor(version));
  return created.trim() || ref.name;
}

/** `PUT …/styles/{s}` with the SLD document (validated by the server); `ifMatch` as for data stores. */
export async function saveStyleSld(client: RestClient, ref: StyleRef, sld: string, version?: string | null, ifMatch?: string | null): Promise<void> {
  await client.putText(stylePath(ref), sld, contentTypeFor(version), ifMatch);
}

/** `DELETE …/styles/{s}?recurse=true`: also takes the style off the layers that use it. */
export async function deleteStyle(client: RestClient, ref: StyleRef): Promise<void> {
  await client.delete(stylePath(ref, '?recurse=true'));
}

/** `POST /layers/{layer}/styles` adds a style to a layer's additional styles. */
export async function addLayerStyle(client: RestClient, qualifiedLayer: string, ref: StyleRef): Promise<void> {
  await client.postJson(`${pathOf([...collectionSegments('layer', {}, RECORD_KINDS.layer.aliases![0]), qualifiedLayer])}/styles`, { style: styleRefBody(ref) });
}
