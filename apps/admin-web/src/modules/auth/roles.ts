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
 */
export function mayWrite(roles: readonly string[] | undefined): boolean {
  return isAdmin(roles);
}
