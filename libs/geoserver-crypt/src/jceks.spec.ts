import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jceksSecretKey, readJceks } from './jceks';

const FIXTURES = join(__dirname, 'fixtures');
const expected = JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as Record<string, string>;
const store = readFileSync(join(FIXTURES, 'security/geoserver.jceks'));
const WHAT = 'geoserver.jceks';

function resealed(bytes: Uint8Array): Buffer {
  const body = Buffer.from(bytes.subarray(0, bytes.length - 20));
  const password = Buffer.from(expected.masterPassword, 'utf16le').swap16();
  return Buffer.concat([body, createHash('sha1').update(password).update('Mighty Aphrodite').update(body).digest()]);
}

describe('readJceks on a key store written by the JDK as GeoServer does', () => {
  it('lists its secret key entries under their lower-case aliases', () => {
    const read = readJceks(store, expected.masterPassword, WHAT);
    expect([...read.entries.keys()].sort()).toEqual(['config:password:key', 'ug:default:key']);
    expect([...read.entries.values()].map((e) => e.kind)).toEqual(['secretKey', 'secretKey']);
  });

  it('unseals each secret key with the master password', () => {
    const read = readJceks(store, expected.masterPassword, WHAT);
    expect(Buffer.from(jceksSecretKey(read, 'config:password:key', expected.masterPassword, WHAT)).toString('utf8')).toBe(expected.configPasswordKey);
    expect(Buffer.from(jceksSecretKey(read, 'UG:default:KEY', expected.masterPassword, WHAT)).toString('utf8')).toBe(expected.userGroupKey);
    expect(() => jceksSecretKey(read, 'url:param:key', expected.masterPassword, WHAT)).toThrow('geoserver.jceks has no entry url:param:key');
  });

  it('fails the integrity check with another password, or with a changed byte', () => {
    expect(() => readJceks(store, expected.otherMasterPassword, WHAT)).toThrow('geoserver.jceks fails its integrity check');
    const changed = Buffer.from(store);
    changed[changed.length - 30] ^= 1;
    expect(() => readJceks(changed, expected.masterPassword, WHAT)).toThrow('geoserver.jceks fails its integrity check');
  });

  it('an entry sealed under another password gives bad padding, not a key', () => {
    const read = readJceks(store, expected.masterPassword, WHAT);
    expect(() => jceksSecretKey(read, 'config:password:key', expected.otherMasterPassword, WHAT)).toThrow(
      'geoserver.jceks entry config:password:key cannot be unsealed: decryption gives bad padding',
    );
  });

  it('names the entry whose serialized object is wrong', () => {
    const changed = Buffer.from(store);
    changed[40] ^= 1;
    expect(() => readJceks(resealed(changed), expected.masterPassword, WHAT)).toThrow(
      'geoserver.jceks entry ug:default:key: a Java serialization stream was expected',
    );
  });

  it('every single byte change of the structure, behind a valid digest, reads or fails with a message', () => {
    let failures = 0;
    for (let at = 0; at < store.length - 20; at++) {
      for (const value of [0x00, 0x01, 0x71, 0x7f, 0xff]) {
        if (store[at] === value) continue;
        const changed = Buffer.from(store);
        changed[at] = value;
        try {
          readJceks(resealed(changed), expected.masterPassword, WHAT);
        } catch (e) {
          expect(e).toBeInstanceOf(Error);
          expect((e as Error).message).toMatch(/\S/);
          failures++;
        }
      }
    }
    expect(failures).toBeGreaterThan(100);
  });
});
