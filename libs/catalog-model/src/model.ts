/**
 * Catalog facts that are not a resource declaration (those are in `resources/`): roles,
 * the default styles, the PostGIS store type.
 */

/** Roles a user can hold: ADMIN may do everything, READER may only read. */
export type Role = 'ADMIN' | 'READER';

/** Every role, in the order they are listed. */
export const ROLES: readonly Role[] = ['ADMIN', 'READER'];

/** The global styles that exist from the first start and cannot be deleted. */
export const DEFAULT_STYLE_NAMES: readonly string[] = ['point', 'line', 'polygon', 'generic'];

/** Value of `type` for a data store whose `dbtype` is `postgis`. */
export const POSTGIS_STORE_TYPE = 'PostGIS';
