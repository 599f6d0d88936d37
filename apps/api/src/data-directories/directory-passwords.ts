import { isPasswordKey } from '@geocatalog/catalog-model';
import type { ImportSecrets } from './import-body';

/** GeoServer's `crypt1:` decrypter of a directory (see `libs/geoserver-crypt`), or why the directory has none. */
export type Crypt1Source = { decrypt(value: string): string } | { unavailable: string };

/** What a directory's store passwords become: parameters to store, or why the store is skipped. */
export type PasswordOutcome = { params: Record<string, string> } | { skip: string };

/** What deciding a store's passwords needs. */
export interface PasswordSources {
  crypt1: Crypt1Source;
  secrets: ImportSecrets;
  /** Whether a `crypt2:` value is this catalog's, made for exactly this store and server. */
  ownValue(value: string, workspace: string, store: string, params: Record<string, string>): boolean;
}

/**
 * The connection parameters of a directory's store with every password made storable (contract
 * §8): a password in `secrets` (`ws:store`) wins; clear text and `plain:` are taken as they are;
 * this catalog's own `crypt2:` is kept; `crypt1:` is decrypted with the directory's security
 * folder. A password that cannot be had makes the store a `skip` whose reason says `password`.
 */
export function directoryPasswords(workspace: string, store: string, sent: Record<string, string>, sources: PasswordSources): PasswordOutcome {
  const params = { ...sent };
  const secret = sources.secrets.get(`${workspace}:${store}`);
  for (const key of Object.keys(params).filter(isPasswordKey)) {
    if (secret !== undefined) {
      params[key] = secret;
      continue;
    }
    const value = params[key];
    if (value.startsWith('plain:')) {
      params[key] = value.slice('plain:'.length);
    } else if (value.startsWith('crypt1:')) {
      const { crypt1 } = sources;
      if ('unavailable' in crypt1)
        return { skip: `password: the crypt1: ${key} cannot be decrypted (${crypt1.unavailable}); give it in secrets as "${workspace}:${store}"` };
      try {
        params[key] = crypt1.decrypt(value);
      } catch (err) {
        return { skip: `password: the crypt1: ${key} cannot be decrypted (${(err as Error).message}); give it in secrets as "${workspace}:${store}"` };
      }
    } else if (value.startsWith('crypt2:')) {
      if (!sources.ownValue(value, workspace, store, params)) {
        return {
          skip: `password: the crypt2: ${key} was not made by this catalog for this store and server; give it in secrets as "${workspace}:${store}"`,
        };
      }
    } else if (/^crypt\d*:/.test(value)) {
      return {
        skip: `password: the ${key} is encrypted with an unknown scheme (${value.slice(0, value.indexOf(':'))}); give it in secrets as "${workspace}:${store}"`,
      };
    }
  }
  return { params };
}
