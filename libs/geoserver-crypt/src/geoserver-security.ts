import type { SecurityFiles } from './security-files';
import { decodeBase64, jasyptDecryptString } from './jasypt';
import { jceksSecretKey, readJceks } from './jceks';
import { readMasterPassword } from './master-password';
import { pbePasswordBytes } from './pbe-md5-des';

const KEYSTORE = 'security/geoserver.jceks';
/** `KeyStoreProviderImpl.CONFIGPASSWORDKEY`: the secret whose bytes are the crypt1 PBE password. */
const CONFIG_PASSWORD_KEY = 'config:password:key';
/** GeoServer's `pbePasswordEncoder` prefix, with its `:` delimiter. */
const CRYPT1_PREFIX = 'crypt1:';

/** The crypt1 PBE password a data directory's `security/` folder holds, or why it has none. */
export type Crypt1Password = { password: string } | { unavailable: string };

/**
 * The crypt1 decrypter of a data directory, or why there is none (the reason is shown to users:
 * name what is missing or wrong, e.g. "the directory has no security/geoserver.jceks").
 *
 * GeoServer's chain: the master password (see `readMasterPassword`) opens `security/geoserver.jceks`
 * (JCEKS); its secret key entry `config:password:key`, unsealed with the same master password, holds
 * the crypt1 password as UTF-8 bytes; a `crypt1:` value is base64 of Jasypt's PBEWithMD5AndDES
 * encryption (8-byte salt, then the ciphertext; 1000 iterations) of the UTF-8 clear password.
 * Opening the key store costs most of a second of CPU (see `keystore-worker.ts`).
 */
export function crypt1Decrypter(files: SecurityFiles): { decrypt(value: string): string } | { unavailable: string } {
  const opened = crypt1Password(files);
  return 'unavailable' in opened ? opened : crypt1DecrypterFor(opened.password);
}

/** The slow half of {@link crypt1Decrypter}: the master password, the key store, its entry. */
export function crypt1Password(files: SecurityFiles): Crypt1Password {
  try {
    const keystore = files.get(KEYSTORE);
    if (!keystore) return { unavailable: `the directory has no ${KEYSTORE}` };
    const master = readMasterPassword(files);
    if ('unavailable' in master) return master;
    const store = readJceks(keystore, master.password, KEYSTORE);
    const pbePassword = Buffer.from(jceksSecretKey(store, CONFIG_PASSWORD_KEY, master.password, KEYSTORE)).toString('utf8');
    try {
      pbePasswordBytes(pbePassword.normalize('NFC'));
    } catch {
      return { unavailable: `${KEYSTORE} entry ${CONFIG_PASSWORD_KEY} is not printable ASCII, which the JDK refuses as a PBE password` };
    }
    return { password: pbePassword };
  } catch (e) {
    return { unavailable: e instanceof Error ? e.message : `${KEYSTORE} cannot be read` };
  }
}

/** The fast half of {@link crypt1Decrypter}: `crypt1:` values decrypted with the key store's password. */
export function crypt1DecrypterFor(pbePassword: string): { decrypt(value: string): string } {
  return {
    decrypt(value: string): string {
      if (typeof value !== 'string' || !value.startsWith(CRYPT1_PREFIX)) throw new Error('the value is not a crypt1: value');
      const encrypted = value.slice(CRYPT1_PREFIX.length);
      try {
        decodeBase64(encrypted);
      } catch {
        throw new Error('the crypt1 value is not valid base64');
      }
      try {
        return jasyptDecryptString(pbePassword, encrypted);
      } catch (e) {
        throw new Error(`the crypt1 value cannot be decrypted with ${KEYSTORE}: ${(e as Error).message}`, { cause: e });
      }
    },
  };
}
