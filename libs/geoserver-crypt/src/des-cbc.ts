import { createDecipheriv } from 'node:crypto';

const BLOCK = 8;

/**
 * DES-CBC decryption with PKCS#5 padding. OpenSSL 3 keeps single DES in its legacy provider, which
 * Node does not load, but triple DES in EDE mode with the same key three times is single DES
 * (encrypt, decrypt, encrypt with one key is one encryption), and `des-ede3-cbc` is in the default
 * provider.
 */
export function decryptDesCbc(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Buffer {
  if (key.length !== 8) throw new Error(`a DES key has 8 bytes, not ${key.length}`);
  return decryptTripleDesCbc(Buffer.concat([key, key, key]), iv, data);
}

/** Triple DES (EDE, three keys) CBC decryption with PKCS#5 padding. */
export function decryptTripleDesCbc(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Buffer {
  if (key.length !== 24) throw new Error(`a triple DES key has 24 bytes, not ${key.length}`);
  if (iv.length !== BLOCK) throw new Error(`a DES IV has 8 bytes, not ${iv.length}`);
  if (data.length === 0 || data.length % BLOCK !== 0) {
    throw new Error(`the encrypted data is ${data.length} bytes long, not a whole number of 8-byte DES blocks`);
  }
  const decipher = createDecipheriv('des-ede3-cbc', key, iv);
  try {
    return Buffer.concat([decipher.update(data), decipher.final()]);
  } catch {
    throw new Error('decryption gives bad padding: the key is wrong or the data was changed');
  }
}
