/**
 * GeoServer's data and service rule keys (`security/layers.properties`, `services.properties`,
 * `/rest/security/acl/*`), read and checked. Framework-free: no I/O, no Nest.
 */

/** `r` read records and data; `w` write data (no catalog write); `a` administer a workspace. */
export type AccessMode = 'r' | 'w' | 'a';

/** How a record the caller may not read answers: 404 (`HIDE`), 401/403 (`CHALLENGE`); `MIXED` hides it in lists and challenges a direct request. */
export type CatalogMode = 'HIDE' | 'CHALLENGE' | 'MIXED';

export const CATALOG_MODES: readonly CatalogMode[] = ['HIDE', 'CHALLENGE', 'MIXED'];

/** A rule's roles: `*` every caller (anonymous too). */
export const EVERYBODY = '*';
/** The role of a request without credentials. */
export const ANONYMOUS = 'ANONYMOUS';
/** A pseudo-role every signed-in caller holds (GeoServer's `ROLE_AUTHENTICATED`). */
export const AUTHENTICATED = 'AUTHENTICATED';
/** The role that passes every rule. */
export const ADMIN = 'ADMIN';

/** A data rule `workspace.layer.mode=roles`; a global layer group's rule has workspace `null`. */
export interface DataRule {
  /** `*` for every workspace; null for a global layer group's rule (`group.mode`). */
  workspace: string | null;
  /** `*` for every layer of the workspace, else a layer or layer group name. */
  layer: string;
  mode: AccessMode;
  roles: readonly string[];
}

/** A service rule `service.method=roles` (`wms.GetMap`, `features.*`, `*.*`). */
export interface ServiceRule {
  service: string;
  method: string;
  roles: readonly string[];
}

/** The result of reading a key: the rule's parts, or why it is not one. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

const MODES: readonly AccessMode[] = ['r', 'w', 'a'];
const SEGMENT = /^[^\s,=]+$/;
const ROLE = /^(\*|[A-Z][A-Z0-9_.-]{0,63})$/;

/**
 * Reads a data rule key from both ends: the first segment is the workspace, the last the access
 * mode, the rest (which may hold dots) the layer or group name; two segments are a global layer
 * group's rule. `*.layer` is refused (GeoServer: a `*` workspace needs a `*` layer), and `a` only
 * applies to a whole workspace.
 */
export function parseDataKey(key: string): Parsed<Omit<DataRule, 'roles'>> {
  const parts = key.trim().split('.');
  if (parts.length < 2 || parts.some((p) => !SEGMENT.test(p))) {
    return { ok: false, problem: `Invalid rule '${key}': the form is workspace.layer.mode (r, w or a)` };
  }
  const mode = parts[parts.length - 1] as AccessMode;
  if (!MODES.includes(mode)) return { ok: false, problem: `Invalid rule '${key}': unknown access mode '${mode}', expected r, w or a` };
  if (parts.length === 2) {
    if (parts[0] === EVERYBODY) return { ok: false, problem: `Invalid rule '${key}': the form is workspace.layer.mode (r, w or a)` };
    if (mode === 'a') return { ok: false, problem: `Invalid rule '${key}': admin (a) applies to a whole workspace only (workspace.*.a)` };
    return { ok: true, value: { workspace: null, layer: parts[0], mode } };
  }
  const workspace = parts[0];
  const layer = parts.slice(1, -1).join('.');
  if (workspace === EVERYBODY && layer !== EVERYBODY) {
    return { ok: false, problem: `Invalid rule '${key}': when the workspace is * the layer must be * too` };
  }
  if (mode === 'a' && layer !== EVERYBODY) {
    return { ok: false, problem: `Invalid rule '${key}': admin (a) applies to a whole workspace only (workspace.*.a)` };
  }
  return { ok: true, value: { workspace, layer, mode } };
}

/** Reads a service rule key `service.method` (`*` for any). */
export function parseServiceKey(key: string): Parsed<Omit<ServiceRule, 'roles'>> {
  const parts = key.trim().split('.');
  if (parts.length !== 2 || parts.some((p) => !SEGMENT.test(p))) {
    return { ok: false, problem: `Invalid service rule '${key}': the form is service.method (e.g. wms.GetMap, features.*)` };
  }
  const [service, method] = parts;
  if (service === EVERYBODY && method !== EVERYBODY) {
    return { ok: false, problem: `Invalid service rule '${key}': when the service is * the method must be * too` };
  }
  return { ok: true, value: { service: service.toLowerCase(), method } };
}

/**
 * Reads a rule's value, `ROLE_A,ROLE_B` (as GeoServer: blanks and commas separate, role names
 * upper case, `*` stands alone); none or a malformed role is refused.
 */
export function parseRoles(value: string): Parsed<string[]> {
  const roles = value
    .split(/[\s,]+/)
    .filter((r) => r !== '')
    .map((r) => r.toUpperCase());
  if (roles.length === 0) return { ok: false, problem: `Invalid rule value '${value}': it names no role` };
  const bad = roles.find((r) => !ROLE.test(r));
  if (bad !== undefined) return { ok: false, problem: `Invalid role '${bad}' in rule value '${value}'` };
  if (roles.includes(EVERYBODY)) return { ok: true, value: [EVERYBODY] };
  return { ok: true, value: [...new Set(roles)] };
}

/** A data rule's key as GeoServer writes it. */
export function dataKey(rule: Omit<DataRule, 'roles'>): string {
  return rule.workspace === null ? `${rule.layer}.${rule.mode}` : `${rule.workspace}.${rule.layer}.${rule.mode}`;
}

/**
 * GeoServer's role names in a data directory and ours: `ROLE_ADMINISTRATOR` is `ADMIN`,
 * `ROLE_ANONYMOUS` `ANONYMOUS`, `ROLE_AUTHENTICATED` every signed-in caller; others are kept.
 */
const IMPORTED: Record<string, string> = { ROLE_ADMINISTRATOR: ADMIN, ROLE_ANONYMOUS: ANONYMOUS, ROLE_AUTHENTICATED: AUTHENTICATED };
const EXPORTED: Record<string, string> = Object.fromEntries(Object.entries(IMPORTED).map(([k, v]) => [v, k]));

/** A role of a GeoServer file as this catalog names it. */
export function importedRole(role: string): string {
  return IMPORTED[role] ?? role;
}

/** A role of this catalog as a GeoServer file names it. */
export function exportedRole(role: string): string {
  return EXPORTED[role] ?? role;
}
