import { createHash, timingSafeEqual } from 'node:crypto';
import { ByteReader } from './byte-reader';
import { readJavaObject } from './java-serialization';
import { sealedKey, unsealSecretKey, type SealedKey } from './key-protector';

/** An entry of a JCEKS key store. Only secret keys are kept whole; the others are named for messages. */
export type JceksEntry = { kind: 'secretKey'; sealed: SealedKey } | { kind: 'privateKey' } | { kind: 'trustedCertificate' };

export interface JceksStore {
  /** Entries by alias; JCEKS stores aliases in lower case. */
  entries: Map<string, JceksEntry>;
}

const MAGIC = 0xcececece | 0;
const JKS_MAGIC = 0xfeedfeed | 0;
const TAG_PRIVATE_KEY = 1;
const TAG_TRUSTED_CERT = 2;
const TAG_SECRET_KEY = 3;
const DIGEST_LENGTH = 20;
/** `JceKeyStore`'s integrity check: SHA-1 over the password, this phrase, then the whole store. */
const INTEGRITY_PHRASE = 'Mighty Aphrodite';

/**
 * Reads a JCEKS key store (SunJCE `JceKeyStore`, versions 1 and 2) and checks its integrity with
 * the store password the way `KeyStore.load` does: a failed check means a wrong password or a
 * changed file. `what` names the file in error messages.
 */
export function readJceks(bytes: Uint8Array, password: string, what: string): JceksStore {
  const r = new ByteReader(bytes, what);
  const magic = r.i32('magic number');
  if (magic === JKS_MAGIC) throw new Error(`${what} is a JKS key store, not JCEKS`);
  if (magic !== MAGIC) throw new Error(`${what} is not a JCEKS key store`);
  const version = r.i32('version');
  if (version !== 1 && version !== 2) throw new Error(`${what} has JCEKS version ${version}, not 1 or 2`);
  const count = r.i32('entry count');
  if (count < 0) throw new Error(`${what} has a negative entry count`);
  const entries = new Map<string, JceksEntry>();
  // Each entry takes at least 11 bytes, so a count beyond the data fails at the first missing entry.
  for (let i = 0; i < count; i++) {
    const tag = r.i32('entry tag');
    const alias = r.utf('alias');
    r.take(8, 'entry date');
    if (tag === TAG_PRIVATE_KEY) {
      r.sizedBytes('protected private key');
      const chain = r.i32('certificate chain length');
      if (chain < 0) throw new Error(`${what} has a negative certificate chain length`);
      for (let c = 0; c < chain; c++) skipCertificate(r, version);
      entries.set(alias, { kind: 'privateKey' });
    } else if (tag === TAG_TRUSTED_CERT) {
      skipCertificate(r, version);
      entries.set(alias, { kind: 'trustedCertificate' });
    } else if (tag === TAG_SECRET_KEY) {
      entries.set(alias, { kind: 'secretKey', sealed: sealedEntry(r, alias, what) });
    } else {
      throw new Error(`${what} has an entry of unknown type ${tag}`);
    }
  }
  const content = r.consumedSince(0);
  const stored = r.take(DIGEST_LENGTH, 'integrity digest');
  const digest = createHash('sha1').update(passwordBytes(password)).update(INTEGRITY_PHRASE, 'utf8').update(content).digest();
  if (!timingSafeEqual(digest, stored)) {
    throw new Error(`${what} fails its integrity check: the master password does not open it, or the file was changed`);
  }
  return { entries };
}

/** The key bytes of a secret key entry, unsealed with its password (GeoServer uses the master password for all). */
export function jceksSecretKey(store: JceksStore, alias: string, password: string, what: string): Uint8Array {
  const entry = store.entries.get(alias.toLowerCase());
  if (!entry) throw new Error(`${what} has no entry ${alias}`);
  if (entry.kind !== 'secretKey') throw new Error(`${what} entry ${alias} is not a secret key`);
  try {
    return unsealSecretKey(entry.sealed, password);
  } catch (e) {
    throw new Error(`${what} entry ${alias} cannot be unsealed: ${(e as Error).message}`, { cause: e });
  }
}

function sealedEntry(r: ByteReader, alias: string, what: string): SealedKey {
  try {
    return sealedKey(readJavaObject(r));
  } catch (e) {
    const message = (e as Error).message;
    throw new Error(message.startsWith(what) ? message : `${what} entry ${alias}: ${message}`, { cause: e });
  }
}

function skipCertificate(r: ByteReader, version: number): void {
  if (version === 2) r.utf('certificate type');
  r.sizedBytes('certificate');
}

/** The password as `JceKeyStore.getPreKeyedHash` feeds it: each UTF-16 code unit, high byte first. */
function passwordBytes(password: string): Buffer {
  const bytes = Buffer.alloc(password.length * 2);
  for (let i = 0; i < password.length; i++) bytes.writeUInt16BE(password.charCodeAt(i), i * 2);
  return bytes;
}
