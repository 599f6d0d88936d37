import { ByteReader } from './byte-reader';
import { readJavaObject, type JavaObject, type JavaValue } from './java-serialization';

const SECRET_KEY_SPEC = 'javax.crypto.spec.SecretKeySpec';

/**
 * The key bytes of a serialized `javax.crypto.spec.SecretKeySpec` (fields `algorithm` and `key`),
 * what a JCEKS secret key entry holds once unsealed.
 */
export function secretKeySpecBytes(serialized: Uint8Array): { algorithm: string; key: Uint8Array } {
  const value = readJavaObject(new ByteReader(serialized, 'the unsealed key'));
  const object = asObject(value, 'the unsealed key');
  if (object.className !== SECRET_KEY_SPEC) throw new Error(`the unsealed key is a ${object.className}, not a ${SECRET_KEY_SPEC}`);
  const key = object.fields.get('key');
  const algorithm = object.fields.get('algorithm');
  if (!(key instanceof Uint8Array)) throw new Error('the unsealed SecretKeySpec has no key bytes');
  if (typeof algorithm !== 'string') throw new Error('the unsealed SecretKeySpec has no algorithm');
  return { algorithm, key };
}

/** The value as a Java object, or an error naming what was expected. */
export function asObject(value: JavaValue, what: string): JavaObject {
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array || value.kind !== 'object') {
    throw new Error(`${what} is not a serialized Java object`);
  }
  return value;
}
