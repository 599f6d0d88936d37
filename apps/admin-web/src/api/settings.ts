import type { RestClient, Tagged } from './rest-client';
import { isRestError } from './rest-error';

/**
 * The server's settings as the Settings page edits them (contract §10): the global settings
 * (`/settings`), the contact (`/settings/contact`), and the WMS settings, global
 * (`/services/wms/settings`) or a workspace's own (`/services/wms/workspaces/{ws}/settings`).
 * Values are flat: texts, whole numbers, switches, and lists of texts (GeoServer's
 * `{"string": [...]}`), keyed by their element names.
 */
export type SettingValue = string | number | boolean | string[] | null;
export type SettingValues = Record<string, SettingValue>;

/** Which settings: the global ones, the contact, or WMS (global: `workspace` null). */
export type SettingsTarget = { kind: 'global' } | { kind: 'contact' } | { kind: 'wms'; workspace: string | null };

/** The elements GeoServer writes as `{"string": [...]}` lists. */
const LIST_FIELDS = new Set(['keywords', 'srs']);

/** The REST path of `target`, without `.json`. */
export function settingsPath(target: SettingsTarget): string {
  switch (target.kind) {
    case 'global':
      return '/settings';
    case 'contact':
      return '/settings/contact';
    case 'wms':
      return target.workspace === null ? '/services/wms/settings' : `/services/wms/workspaces/${encodeURIComponent(target.workspace)}/settings`;
  }
}

/** The JSON root of a representation of `target`. */
function rootOf(target: SettingsTarget): string {
  return target.kind === 'contact' ? 'contact' : target.kind === 'wms' ? 'wms' : 'global';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{"string": ["a", "b"]}`, `{"string": "a"}` or `""` as a list of texts. */
function textList(value: unknown): string[] {
  const inner = isRecord(value) ? value.string : value;
  if (Array.isArray(inner)) return inner.map(String);
  return typeof inner === 'string' && inner !== '' ? [inner] : [];
}

/** Reads a settings representation: the flat values of `target` (nested objects left out). */
export function parseSettings(target: SettingsTarget, body: unknown): SettingValues {
  const root = isRecord(body) ? body[rootOf(target)] : undefined;
  const fields = target.kind === 'global' && isRecord(root) ? root.settings : root;
  if (!isRecord(fields)) throw new Error(`The server sent settings without "${rootOf(target)}".`);
  const out: SettingValues = {};
  for (const [key, value] of Object.entries(fields)) {
    if (LIST_FIELDS.has(key)) out[key] = textList(value);
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) out[key] = value;
  }
  for (const key of LIST_FIELDS) if (target.kind === 'wms' && !(key in out)) out[key] = [];
  return out;
}

/** The body a PUT of `values` sends for `target` (lists as `{"string": [...]}`). */
export function settingsBody(target: SettingsTarget, values: SettingValues): unknown {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) fields[key] = Array.isArray(value) ? { string: value } : value;
  if (target.kind === 'global') return { global: { settings: fields } };
  return { [rootOf(target)]: fields };
}

/**
 * `GET {path}.json` with its ETag; null when a workspace has no WMS settings of its own (404: it
 * uses the global ones).
 */
export async function getSettings(client: RestClient, target: SettingsTarget, signal?: AbortSignal): Promise<Tagged<SettingValues> | null> {
  try {
    const { body, etag } = await client.getJsonTagged(`${settingsPath(target)}.json`, signal);
    return { body: parseSettings(target, body), etag };
  } catch (error) {
    if (target.kind === 'wms' && target.workspace !== null && isRestError(error, 404)) return null;
    throw error;
  }
}

/**
 * `PUT {path}` of `values` (a partial merge; the contact's fields sent replace the stored ones; a
 * workspace without WMS settings of its own gets them). `etag`: the tag they were read with (412
 * when they changed since).
 */
export async function putSettings(client: RestClient, target: SettingsTarget, values: SettingValues, etag: string | null): Promise<void> {
  await client.putJson(settingsPath(target), settingsBody(target, values), etag);
}

/** `DELETE` a workspace's own WMS settings: it uses the global ones again. */
export async function deleteWorkspaceWmsSettings(client: RestClient, workspace: string): Promise<void> {
  await client.delete(settingsPath({ kind: 'wms', workspace }));
}
