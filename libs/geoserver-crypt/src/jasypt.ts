import { decryptPbeWithMd5AndDes, pbePasswordBytes } from './pbe-md5-des';

/** Jasypt's default key obtention iterations (`StandardPBEByteEncryptor`). */
const ITERATIONS = 1000;
/** Jasypt's salt is the cipher's block size: 8 bytes for DES, written before the ciphertext. */
const SALT_LENGTH = 8;

/**
 * Jasypt's `StandardPBEByteEncryptor.decrypt` with its defaults (PBEWithMD5AndDES, random salt
 * kept in clear before the ciphertext, 1000 iterations, no IV generator). Jasypt normalises the
 * password to NFC before the JDK turns it into key bytes.
 */
export function jasyptDecryptBytes(password: string, encrypted: Uint8Array): Buffer {
  if (encrypted.length <= SALT_LENGTH) throw new Error(`the encrypted value has ${encrypted.length} bytes, too few for an 8-byte salt and a DES block`);
  const key = pbePasswordBytes(password.normalize('NFC'));
  return decryptPbeWithMd5AndDes(key, encrypted.subarray(0, SALT_LENGTH), ITERATIONS, encrypted.subarray(SALT_LENGTH));
}

/**
 * Jasypt's `StandardPBEStringEncryptor.decrypt`: base64 (the default output type) of what the byte
 * encryptor wrote, holding the message as UTF-8.
 */
export function jasyptDecryptString(password: string, base64: string): string {
  return decodeUtf8(jasyptDecryptBytes(password, decodeBase64(base64)));
}

/** Strict base64 (standard alphabet, padding optional); whitespace such as a final newline is ignored. */
export function decodeBase64(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.replace(/=+$/, '').length % 4 === 1) {
    throw new Error('the value is not valid base64');
  }
  return Buffer.from(compact, 'base64');
}

/** UTF-8 that must be well formed: a wrong key whose padding happens to pass gives garbage, caught here. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new Error('the decrypted bytes are not UTF-8: the key is wrong or the data was changed');
  }
}
