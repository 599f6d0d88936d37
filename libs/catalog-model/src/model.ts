/**
 * Catalog facts that are not a resource declaration (those are in `resources/`): roles,
 * the default styles, the PostGIS store type.
 */

/**
 * A role a user can hold: the built-in `ADMIN` (may do everything) and `READER` (may only read),
 * or a custom role an admin created, which the data security rules give rights (contract §12).
 * Role names are upper case.
 */
export type Role = string;

/** The built-in roles, which always exist. */
export const ROLES: readonly Role[] = ['ADMIN', 'READER'];

/** What a role is named (`EDITOR`, `ROLE_TOPP`): a letter, then letters, digits, `_`, `.` or `-`; 64 at most; upper case. */
export const ROLE_NAME = /^[A-Z][A-Z0-9_.-]{0,63}$/;

/** Names a rule gives a meaning of its own (contract §12), so no role may be created with them. */
export const RESERVED_ROLE_NAMES: readonly string[] = ['ANONYMOUS', 'AUTHENTICATED'];

/** The global styles that exist from the first start and cannot be deleted. */
export const DEFAULT_STYLE_NAMES: readonly string[] = ['point', 'line', 'polygon', 'generic'];

/** Value of `type` for a data store whose `dbtype` is `postgis`. */
export const POSTGIS_STORE_TYPE = 'PostGIS';
