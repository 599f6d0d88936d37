import { isObject, seg } from './catalog-json';
import type { RestClient } from './rest-client';

/**
 * GeoServer's security endpoints (contract §6, §12) as the console's Users, Roles and Security
 * rules pages use them: users, roles, user groups, the data and service rules, the catalog mode,
 * and who the caller is. Every list is read leniently (an empty list may be `""`).
 */

/** A user as `GET /security/usergroup/users` lists it (never a password). */
export interface UserSummary {
  userName: string;
  enabled: boolean;
}

/** Rules by key: `ws.layer.mode` (or `service.method`) → `ROLE_A,ROLE_B`. */
export type RuleMap = Record<string, string>;

export type CatalogModeName = 'HIDE' | 'CHALLENGE' | 'MIXED';

/** Who the caller is to the data rules (`GET /security/self`). */
export interface SelfInfo {
  userName: string;
  roles: string[];
  /** The workspaces the caller administers (`ws.*.a`). */
  administers: string[];
}

/** Strings of a list the server wrote bare (`["A"]`), wrapped (`{"role":["A"]}`), alone (`"A"`) or empty (`""`). */
export function stringsOf(value: unknown, inner?: string): string[] {
  if (value === '' || value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string') return [value];
  if (inner !== undefined && isObject(value)) return stringsOf(value[inner]);
  throw new Error('The server sent a malformed list.');
}

/** Reads `{"users":[{"userName","enabled"}]}`. */
export function parseUserList(body: unknown): UserSummary[] {
  const users = isObject(body) ? body.users : undefined;
  if (users === '' || users === undefined) return [];
  const entries = Array.isArray(users) ? users : isObject(users) ? [users.user].flat() : [];
  return entries.map((entry: unknown) => {
    if (!isObject(entry) || typeof entry.userName !== 'string') throw new Error('The server sent a user without a name.');
    return { userName: entry.userName, enabled: entry.enabled !== false && entry.enabled !== 'false' };
  });
}

/** Reads the flat rule map `{"ws.layer.r":"ROLE"}`. */
export function parseRuleMap(body: unknown): RuleMap {
  if (!isObject(body)) throw new Error('The server sent malformed rules.');
  const rules: RuleMap = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') rules[key] = value;
  return rules;
}

/** Reads `{"self":{"userName","roles":{"role":[…]},"administers":{"workspace":[…]}}}`. */
export function parseSelf(body: unknown): SelfInfo {
  const self = isObject(body) ? body.self : undefined;
  if (!isObject(self) || typeof self.userName !== 'string') throw new Error('The server did not say who you are.');
  return { userName: self.userName, roles: stringsOf(self.roles, 'role'), administers: stringsOf(self.administers, 'workspace') };
}

/** A link between two records (a user's role, a group's member or role): made by POST, undone by DELETE. */
async function link(client: RestClient, path: string, on: boolean): Promise<void> {
  if (on) await client.post(path);
  else await client.delete(path);
}

const USERS = '/security/usergroup/users';
const user = (name: string) => `/security/usergroup/user/${seg(name)}`;
const role = (name: string) => `/security/roles/role/${seg(name)}`;

export async function listUsers(client: RestClient, signal?: AbortSignal): Promise<UserSummary[]> {
  return parseUserList(await client.getJson(`${USERS}.json`, signal));
}

export async function createUser(client: RestClient, userName: string, password: string, enabled = true): Promise<void> {
  await client.postJson(USERS, { user: { userName, password, enabled } });
}

/** Changes a user's password or enabled flag (`PUT`; what is not given is kept). */
export async function updateUser(client: RestClient, userName: string, change: { password?: string; enabled?: boolean }): Promise<void> {
  await client.putJson(user(userName), { user: change });
}

export async function deleteUser(client: RestClient, userName: string): Promise<void> {
  await client.delete(user(userName));
}

/** A user's own roles (not its groups'). */
export async function userRoles(client: RestClient, userName: string, signal?: AbortSignal): Promise<string[]> {
  return stringsOf(((await client.getJson(`/security/roles/user/${seg(userName)}.json`, signal)) as { roles?: unknown }).roles, 'role');
}

export async function listRoles(client: RestClient, signal?: AbortSignal): Promise<string[]> {
  return stringsOf(((await client.getJson('/security/roles.json', signal)) as { roles?: unknown }).roles, 'role');
}

export async function createRole(client: RestClient, name: string): Promise<void> {
  await client.post(role(name));
}

export async function deleteRole(client: RestClient, name: string): Promise<void> {
  await client.delete(role(name));
}

/** Gives (`true`) or takes (`false`) a role of a user. */
export async function setUserRole(client: RestClient, roleName: string, userName: string, held: boolean): Promise<void> {
  await link(client, `${role(roleName)}/user/${seg(userName)}`, held);
}

const group = (name: string) => `/security/usergroup/group/${seg(name)}`;

export async function listGroups(client: RestClient, signal?: AbortSignal): Promise<string[]> {
  return stringsOf(((await client.getJson('/security/usergroup/groups.json', signal)) as { groups?: unknown }).groups, 'group');
}

export async function createGroup(client: RestClient, name: string): Promise<void> {
  await client.post(group(name));
}

/** Deletes a group: its members leave it and keep their own roles. */
export async function deleteGroup(client: RestClient, name: string): Promise<void> {
  await client.delete(group(name));
}

export async function userGroups(client: RestClient, userName: string, signal?: AbortSignal): Promise<string[]> {
  return stringsOf(((await client.getJson(`${user(userName)}/groups.json`, signal)) as { groups?: unknown }).groups, 'group');
}

/** Puts a user in (`true`) or takes it out of (`false`) a group. */
export async function setGroupMember(client: RestClient, userName: string, groupName: string, member: boolean): Promise<void> {
  await link(client, `${user(userName)}/group/${seg(groupName)}`, member);
}

/** The roles a group gives its members. */
export async function groupRoles(client: RestClient, group: string, signal?: AbortSignal): Promise<string[]> {
  return stringsOf(((await client.getJson(`/security/roles/group/${seg(group)}.json`, signal)) as { roles?: unknown }).roles, 'role');
}

/** Gives (`true`) or takes (`false`) a role of a group (never `ADMIN`: the server answers 409). */
export async function setGroupRole(client: RestClient, roleName: string, groupName: string, held: boolean): Promise<void> {
  await link(client, `${role(roleName)}/group/${seg(groupName)}`, held);
}

/** `layers` (data rules) or `services` (service rules). */
export type RuleSet = 'layers' | 'services';

export async function listRules(client: RestClient, set: RuleSet, signal?: AbortSignal): Promise<RuleMap> {
  return parseRuleMap(await client.getJson(`/security/acl/${set}.json`, signal));
}

/** Adds (`create`, 409 when it exists) or changes (`update`, 409 when it does not) one rule. */
export async function writeRule(client: RestClient, set: RuleSet, key: string, roles: string, how: 'create' | 'update'): Promise<void> {
  if (how === 'create') await client.postJson(`/security/acl/${set}`, { [key]: roles });
  else await client.putJson(`/security/acl/${set}`, { [key]: roles });
}

export async function deleteRule(client: RestClient, set: RuleSet, key: string): Promise<void> {
  await client.delete(`/security/acl/${set}/${seg(key)}`);
}

export async function getCatalogMode(client: RestClient, signal?: AbortSignal): Promise<CatalogModeName> {
  const body = (await client.getJson('/security/acl/catalog.json', signal)) as { mode?: unknown };
  if (body.mode !== 'HIDE' && body.mode !== 'CHALLENGE' && body.mode !== 'MIXED') throw new Error('The server sent an unknown catalog mode.');
  return body.mode;
}

export async function setCatalogMode(client: RestClient, mode: CatalogModeName): Promise<void> {
  await client.putJson('/security/acl/catalog', { mode });
}

export async function getSelf(client: RestClient, signal?: AbortSignal): Promise<SelfInfo> {
  return parseSelf(await client.getJson('/security/self.json', signal));
}
