import { ByteReader } from './byte-reader';
import { asObject, secretKeySpecBytes } from './java-serialized-key';
import type { JavaValue } from './java-serialization';
import { decryptPbeWithMd5AndTripleDes, pbePasswordBytes } from './pbe-md5-des';

/** The parts of a JCEKS secret key entry: a `javax.crypto.SealedObject` written by SunJCE's `KeyProtector`. */
export interface SealedKey {
  sealAlg: string;
  /** DER `PBEParameter`: SEQUENCE { OCTET STRING salt, INTEGER iterationCount }. */
  encodedParams: Uint8Array;
  encryptedContent: Uint8Array;
}

const SEAL_ALGORITHM = 'PBEWithMD5AndTripleDES';
const SEALED_CLASSES = ['com.sun.crypto.provider.SealedObjectForKeyProtector', 'javax.crypto.SealedObject'];

/**
 * The JDK writes 200,000 iterations (Java 17's `KeyProtector` default) and accepts up to 5,000,000.
 * Each iteration costs two MD5 runs here, on the event loop, so the bound is lower: a key store
 * asking for more is refused with that reason rather than stalling the server for many seconds.
 */
export const MAX_KEY_PROTECTOR_ITERATIONS = 1_000_000;

/** The sealed key of a JCEKS secret key entry, from its deserialized `SealedObject`. */
export function sealedKey(value: JavaValue): SealedKey {
  const object = asObject(value, 'the secret key entry');
  if (!SEALED_CLASSES.includes(object.className)) throw new Error(`the secret key entry is a ${object.className}, not a sealed key`);
  const sealAlg = object.fields.get('sealAlg');
  const encodedParams = object.fields.get('encodedParams');
  const encryptedContent = object.fields.get('encryptedContent');
  if (typeof sealAlg !== 'string' || !(encodedParams instanceof Uint8Array) || !(encryptedContent instanceof Uint8Array)) {
    throw new Error('the sealed key lacks its algorithm, parameters or content');
  }
  return { sealAlg, encodedParams, encryptedContent };
}

/**
 * SunJCE `KeyProtector.unseal`: PBEWithMD5AndTripleDES keyed by the key store password, with the
 * salt and iteration count of the sealed object's parameters; the clear content is a serialized
 * `SecretKeySpec`, whose key bytes are returned.
 */
export function unsealSecretKey(sealed: SealedKey, password: string): Uint8Array {
  if (sealed.sealAlg.toUpperCase() !== SEAL_ALGORITHM.toUpperCase()) throw new Error(`the key is sealed with ${sealed.sealAlg}, not ${SEAL_ALGORITHM}`);
  const { salt, iterations } = pbeParameters(sealed.encodedParams);
  if (iterations < 1 || iterations > MAX_KEY_PROTECTOR_ITERATIONS) {
    throw new Error(`the key is sealed with ${iterations} iterations, outside 1 to ${MAX_KEY_PROTECTOR_ITERATIONS}`);
  }
  const clear = decryptPbeWithMd5AndTripleDes(pbePasswordBytes(password), salt, iterations, sealed.encryptedContent);
  return secretKeySpecBytes(clear).key;
}

/** DER `PBEParameter`, as `AlgorithmParameters.getEncoded()` writes it for a PBE algorithm. */
export function pbeParameters(der: Uint8Array): { salt: Uint8Array; iterations: number } {
  const outer = new ByteReader(der, 'the sealed key parameters');
  const sequence = new ByteReader(derElement(outer, 0x30, 'SEQUENCE'), 'the sealed key parameters');
  const salt = derElement(sequence, 0x04, 'salt');
  const count = derElement(sequence, 0x02, 'iteration count');
  if (count.length === 0 || count.length > 4 || count[0] & 0x80) throw new Error('the sealed key iteration count is not a positive 32-bit integer');
  let iterations = 0;
  for (const b of count) iterations = iterations * 256 + b;
  return { salt, iterations };
}

function derElement(reader: ByteReader, tag: number, what: string): Uint8Array {
  const found = reader.u8(`${what} tag`);
  if (found !== tag) throw new Error(`the sealed key parameters have tag 0x${found.toString(16)} where the ${what} (0x${tag.toString(16)}) belongs`);
  let length = reader.u8(`${what} length`);
  if (length & 0x80) {
    const size = length & 0x7f;
    if (size === 0 || size > 3) throw new Error(`the sealed key parameters have an unsupported ${what} length`);
    length = 0;
    for (let i = 0; i < size; i++) length = length * 256 + reader.u8(`${what} length`);
  }
  return reader.take(length, what);
}
