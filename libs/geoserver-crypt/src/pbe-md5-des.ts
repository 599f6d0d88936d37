import { createHash } from 'node:crypto';
import { decryptDesCbc, decryptTripleDesCbc } from './des-cbc';

/**
 * The bytes the JDK's PBE ciphers take from a password (SunJCE `PBEKey`): each character as one
 * byte; only printable ASCII (U+0020 to U+007E) is accepted, anything else is refused with
 * "Password is not ASCII", as the JDK does.
 */
export function pbePasswordBytes(password: string): Buffer {
  const bytes = Buffer.alloc(password.length);
  for (let i = 0; i < password.length; i++) {
    const c = password.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) throw new Error('the PBE password is not printable ASCII, which the JDK refuses ("Password is not ASCII")');
    bytes[i] = c;
  }
  return bytes;
}

/**
 * PBEWithMD5AndDES (PKCS #5 v1.5 PBES1): MD5 of password || salt, hashed again `iterations - 1`
 * times; the first 8 bytes are the DES key, the last 8 the CBC IV.
 */
export function decryptPbeWithMd5AndDes(password: Uint8Array, salt: Uint8Array, iterations: number, data: Uint8Array): Buffer {
  if (salt.length !== 8) throw new Error(`PBEWithMD5AndDES takes an 8-byte salt, not ${salt.length}`);
  let digest = createHash('md5').update(password).update(salt).digest();
  for (let i = 1; i < iterations; i++) digest = createHash('md5').update(digest).digest();
  return decryptDesCbc(digest.subarray(0, 8), digest.subarray(8, 16), data);
}

/**
 * SunJCE's PBEWithMD5AndTripleDES (its own extension of PBES1, used by the JCEKS key store): the
 * 8-byte salt is cut in halves (the first half reversed when both are equal); each half is hashed
 * with MD5 as half || password, then `iterations - 1` more times as digest || password; the two
 * digests give the 24-byte triple DES key and the 8-byte CBC IV.
 */
export function decryptPbeWithMd5AndTripleDes(password: Uint8Array, salt: Uint8Array, iterations: number, data: Uint8Array): Buffer {
  if (salt.length !== 8) throw new Error(`PBEWithMD5AndTripleDES takes an 8-byte salt, not ${salt.length}`);
  const s = Buffer.from(salt);
  if (s.subarray(0, 4).equals(s.subarray(4, 8))) s.subarray(0, 4).reverse();
  const derived = Buffer.alloc(32);
  for (let half = 0; half < 2; half++) {
    let digest: Buffer = s.subarray(half * 4, half * 4 + 4);
    for (let i = 0; i < iterations; i++) digest = createHash('md5').update(digest).update(password).digest();
    digest.copy(derived, half * 16);
  }
  return decryptTripleDesCbc(derived.subarray(0, 24), derived.subarray(24, 32), data);
}
