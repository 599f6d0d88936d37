/**
 * Facts about a data store's connection parameters that the api and the console share.
 */

/** Prefix of an encrypted value, as GeoServer's strong PBE encoder names it. */
export const ENCRYPTED_PREFIX = 'crypt2:';

/**
 * True for a parameter key that names a password (`passwd`, `password`, in any case, also inside
 * a longer key such as `SSL password`): its value is encrypted at rest and never shown in clear.
 */
export function isPasswordKey(key: string): boolean {
  return /passw(or)?d/i.test(key);
}

/** The parameters that say where a store connects: changing one needs the password again. */
export const CONNECTION_TARGET_KEYS = ['host', 'port', 'database', 'user'] as const;

/** The key of the password a PostGIS connection logs in with: `passwd` (any case), else `password`. */
export function loginPasswordKey(params: Record<string, string>): string | undefined {
  const keys = Object.keys(params);
  return keys.find((k) => k.trim().toLowerCase() === 'passwd') ?? keys.find((k) => k.trim().toLowerCase() === 'password');
}

/**
 * True for PostgreSQL's own schemas (`pg_catalog`, `information_schema`, `pg_toast`, the
 * `pg_temp_*` ones — every `pg_` name is reserved by PostgreSQL): they hold the server's users,
 * password hashes and settings, and are never published, listed or read as features.
 */
export function isSystemSchema(schema: string): boolean {
  return schema === 'information_schema' || schema.startsWith('pg_');
}
