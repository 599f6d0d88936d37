import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ENCRYPTED_PREFIX, isPasswordKey } from '@geocatalog/catalog-model';
import { DataStoreRepository } from './datastore.repository';
import { bindingOf, PasswordCipher } from './password-cipher';

/**
 * At start, once per catalog in effect: passwords stored before they were bound to their store
 * (`crypt2:` values without associated data, and keys such as `password` or `PASSWD` that were
 * kept in clear) are encrypted bound to their store. Values already bound are left alone, so
 * later starts change nothing; a value this catalog's key cannot open is left as it is and named
 * in the log (its store then needs its password again).
 */
@Injectable()
export class StorePasswordUpgrade implements OnApplicationBootstrap {
  private readonly logger = new Logger('StorePasswords');

  constructor(
    private readonly stores: DataStoreRepository,
    private readonly cipher: PasswordCipher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const rows = await this.stores.everyStoreParameters();
    let upgraded = 0;
    for (const row of rows) {
      const params = this.upgraded(row.workspace, row.store, row.params);
      if (!params) continue;
      // Only if nobody changed the row meanwhile (another api process upgrading, a client's PUT).
      await this.stores.replaceParameters(row.id, params, row.params);
      upgraded++;
    }
    if (upgraded) this.logger.log(`Bound the passwords of ${upgraded} data store(s) to their stores`);
  }

  /** The parameters with every password bound, or undefined when nothing needs to change. */
  private upgraded(workspace: string, store: string, stored: Record<string, string>): Record<string, string> | undefined {
    const binding = bindingOf(workspace, store, stored);
    let changed = false;
    const params = { ...stored };
    for (const key of Object.keys(params).filter(isPasswordKey)) {
      const value = params[key];
      if (typeof value !== 'string' || this.cipher.isBoundTo(value, binding)) continue;
      let clear: string;
      if (!value.startsWith(ENCRYPTED_PREFIX)) {
        clear = PasswordCipher.clearText(value);
      } else {
        try {
          clear = this.cipher.decryptUnbound(value);
        } catch {
          this.logger.warn(`Data store '${workspace}:${store}': its ${key} cannot be decrypted with this catalog's key; send its password again`);
          continue;
        }
      }
      params[key] = this.cipher.encrypt(clear, binding);
      changed = true;
    }
    return changed ? params : undefined;
  }
}
