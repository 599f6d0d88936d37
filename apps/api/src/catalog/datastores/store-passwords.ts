import { Injectable } from '@nestjs/common';
import { CatalogError, CONNECTION_TARGET_KEYS, ENCRYPTED_PREFIX, isPasswordKey } from '@geocatalog/catalog-model';
import { StoreSecrets } from '../../datastores/store-secrets';
import { bindingOf, PasswordCipher } from './password-cipher';

/** A store as its password is bound: its names and its parameters. */
export interface StoreIdentity {
  workspace: string;
  store: string;
  params: Record<string, string>;
}

const PASSWORD_NEEDED =
  'password needed: a stored password is only ever sent to the server it was entered for, so a change of host, port, database or user needs the password itself, not its crypt2: value';

/**
 * The rule for data-store passwords (contract §6): every key naming a password is encrypted
 * bound to its store; a `crypt2:` value is accepted only for the store and server it was made
 * for; a change of host, port, database or user needs the password itself.
 */
@Injectable()
export class StorePasswords implements StoreSecrets {
  constructor(private readonly cipher: PasswordCipher) {}

  /**
   * The parameters to store for `target` from those a client sent, every password encrypted for
   * `target`. `before` is the stored store (an update, or a connection test of a saved store):
   * its passwords are kept when the client sends none or sends back their `crypt2:` values, as
   * long as the connection target does not change; otherwise 400 `password needed`.
   */
  seal(sent: Record<string, string>, target: Omit<StoreIdentity, 'params'>, before?: StoreIdentity): Record<string, string> {
    const params = { ...sent };
    const moved = before !== undefined && targetChanged(before.params, sent);
    const sentKeys = Object.keys(sent).filter(isPasswordKey);
    for (const key of sentKeys) params[key] = this.sealOne(key, sent[key], { ...target, params: sent }, moved ? undefined : before);
    if (before && !sentKeys.length) {
      const kept = Object.keys(before.params).filter(isPasswordKey);
      if (kept.length && moved) throw new CatalogError('INVALID_VALUE', `The connection parameters change where the store connects: ${PASSWORD_NEEDED}`);
      for (const key of kept) params[key] = this.rebindOne(before.params[key], before, { ...target, params: sent });
    }
    return params;
  }

  /** The parameters of a store whose names change (rename, move, workspace rename), passwords re-encrypted for the new names. */
  rebind(from: StoreIdentity, to: Omit<StoreIdentity, 'params'>): Record<string, string> {
    const params = { ...from.params };
    for (const key of Object.keys(params).filter(isPasswordKey)) params[key] = this.rebindOne(params[key], from, { ...to, params });
    return params;
  }

  /**
   * The parameters of store `to` with the passwords of `from`, another state of the same store
   * (a revert puts old parameters back, and a store keeps its current password): re-encrypted for
   * `to` when both connect to the same host, port, database and user; when they do not, `to` gets
   * no password, since a stored password goes only to the server it was entered for.
   */
  carry(from: StoreIdentity, to: StoreIdentity): Record<string, string> {
    const kept = targetChanged(from.params, to.params) ? {} : this.rebind(from, to);
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(to.params)) {
      if (!isPasswordKey(key)) params[key] = value;
      else if (kept[key] !== undefined) params[key] = kept[key];
    }
    for (const key of Object.keys(from.params).filter(isPasswordKey)) if (params[key] === undefined && kept[key] !== undefined) params[key] = kept[key];
    return params;
  }

  /** The clear password of a stored value, for the connector at connect time (see {@link StoreSecrets}). */
  clearPassword(value: string, store: StoreIdentity | undefined): string {
    if (!/^crypt\d*:/.test(value)) return PasswordCipher.clearText(value);
    try {
      if (!store || !value.startsWith(ENCRYPTED_PREFIX)) throw new Error('no store');
      return this.cipher.decrypt(value, bindingOf(store.workspace, store.store, store.params));
    } catch {
      throw new Error("the stored password cannot be decrypted with this catalog's key for this store and server");
    }
  }

  /** Whether `value` is this catalog's `crypt2:` value made for exactly this store and server. */
  isSealedFor(value: string, target: StoreIdentity): boolean {
    return value.startsWith(ENCRYPTED_PREFIX) && this.cipher.isBoundTo(value, bindingOf(target.workspace, target.store, target.params));
  }

  private sealOne(key: string, value: string, target: StoreIdentity, before: StoreIdentity | undefined): string {
    if (/^crypt\d*:/.test(value)) {
      // Made by this catalog for this very store and server (a store re-created from an export): kept as it is.
      if (this.isSealedFor(value, target)) return value;
      const sameValue = before !== undefined && before.params[key] !== undefined;
      if (value.startsWith(ENCRYPTED_PREFIX) && sameValue && this.cipher.isBoundTo(value, bindingOf(before.workspace, before.store, before.params))) {
        return this.rebindOne(value, before, target);
      }
      throw new CatalogError('INVALID_VALUE', `The ${key} value is not one this data store's password was stored as: ${PASSWORD_NEEDED}`);
    }
    return this.cipher.encrypt(PasswordCipher.clearText(value), bindingOf(target.workspace, target.store, target.params));
  }

  private rebindOne(value: string, from: StoreIdentity, to: StoreIdentity): string {
    const fromBinding = bindingOf(from.workspace, from.store, from.params);
    const toBinding = bindingOf(to.workspace, to.store, to.params);
    if (!value.startsWith(ENCRYPTED_PREFIX)) return this.cipher.encrypt(PasswordCipher.clearText(value), toBinding);
    if (JSON.stringify(fromBinding) === JSON.stringify(toBinding)) return value;
    let clear: string;
    try {
      clear = this.cipher.decrypt(value, fromBinding);
    } catch {
      throw new CatalogError(
        'INVALID_VALUE',
        `The stored password of data store '${from.workspace}:${from.store}' cannot be decrypted with this catalog's key: send the password itself`,
      );
    }
    return this.cipher.encrypt(clear, toBinding);
  }
}

/** True when the sent parameters point at another server, database or user than the stored ones. */
function targetChanged(stored: Record<string, string>, sent: Record<string, string>): boolean {
  const a = bindingOf('', '', stored);
  const b = bindingOf('', '', sent);
  return CONNECTION_TARGET_KEYS.some((key) => a[key] !== b[key]);
}
