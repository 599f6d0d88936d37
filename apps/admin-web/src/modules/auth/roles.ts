/**
 * What the signed-in user's roles (`GET {base}/auth/session`) let the console offer. The server
 * decides and enforces (contract §6): `ADMIN` may do everything; `READER` and other roles read.
 * The console asks only these two questions, so that a control a user may not use is not shown
 * at all rather than shown and refused.
 */

/** Whether the roles include `ADMIN`: the administrators' pages (History, Import / Export). */
export function isAdmin(roles: readonly string[] | undefined): boolean {
  return roles?.includes('ADMIN') ?? false;
}

/**
 * Whether the roles may change the catalog: create, save, enable or disable, delete, publish,
 * upload. Only `ADMIN` may (a READER's write is a 403); unknown roles (not answered yet) may not.
 * With a `workspace`, a workspace administrator of it may too (`administers`, from
 * `GET /rest/security/self`, contract §12: `ws.*.a`); a workspace record itself and what is
 * outside any workspace (`workspace` null) stay ADMIN's.
 */
export function mayWrite(roles: readonly string[] | undefined, workspace?: string | null, administers?: readonly string[]): boolean {
  if (isAdmin(roles)) return true;
  return typeof workspace === 'string' && (administers?.includes(workspace) ?? false);
}

/** Whether the caller may write somewhere: ADMIN, or the administrator of at least one workspace. */
export function mayWriteSomewhere(roles: readonly string[] | undefined, administers?: readonly string[]): boolean {
  return isAdmin(roles) || (administers?.length ?? 0) > 0;
}
