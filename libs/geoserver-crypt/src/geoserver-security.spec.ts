import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { crypt1Decrypter } from './geoserver-security';

const FIXTURES = join(__dirname, 'fixtures');
const E2E_DATADIR = join(__dirname, '../../../e2e/fixtures/geoserver-datadir');
const expected = JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as { masterPassword: string };
const pairs = JSON.parse(readFileSync(join(FIXTURES, 'crypt1-values.json'), 'utf8')) as { clear: string; crypt1: string }[];

/** A data directory's files holding only the `security/` folder found under `root`. */
function securityFiles(root: string): Map<string, Uint8Array> {
  const files: Map<string, Uint8Array> = new Map();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(root, path).split('\\').join('/'), readFileSync(path));
    }
  };
  walk(join(root, 'security'));
  return files;
}

function decrypter(files: Map<string, Uint8Array>): { decrypt(value: string): string } {
  const result = crypt1Decrypter(files);
  if ('unavailable' in result) throw new Error(`unexpectedly unavailable: ${result.unavailable}`);
  return result;
}

function unavailable(files: Map<string, Uint8Array>): string {
  const result = crypt1Decrypter(files);
  if (!('unavailable' in result)) throw new Error('a decrypter was made where none was expected');
  return result.unavailable;
}

function withFile(path: string, bytes: Uint8Array | string | undefined): Map<string, Uint8Array> {
  const files = securityFiles(FIXTURES);
  if (bytes === undefined) files.delete(path);
  else files.set(path, typeof bytes === 'string' ? Buffer.from(bytes) : bytes);
  return files;
}

/** The key store with its trailing SHA-1 recomputed, so a change inside passes the integrity check. */
function resealed(store: Uint8Array): Buffer {
  const body = Buffer.from(store.subarray(0, store.length - 20));
  const password = Buffer.alloc(expected.masterPassword.length * 2);
  for (let i = 0; i < expected.masterPassword.length; i++) password.writeUInt16BE(expected.masterPassword.charCodeAt(i), i * 2);
  return Buffer.concat([body, createHash('sha1').update(password).update('Mighty Aphrodite').update(body).digest()]);
}

const KEYSTORE = 'security/geoserver.jceks';
const keystore = (): Buffer => readFileSync(join(FIXTURES, KEYSTORE));

describe('crypt1Decrypter on a security/ folder written with the JDK (fixtures/GenerateGeoServerSecurity.java)', () => {
  const d = decrypter(securityFiles(FIXTURES));

  it.each(pairs.map((p) => [JSON.stringify(p.clear), p]))('decrypts %s', (_, pair) => {
    expect(d.decrypt(pair.crypt1)).toBe(pair.clear);
  });

  it('decrypts the e2e fixture, a copy of the same folder', () => {
    const e2e = securityFiles(E2E_DATADIR);
    expect([...e2e.keys()].sort()).toEqual([...securityFiles(FIXTURES).keys()].sort());
    const values = JSON.parse(readFileSync(join(E2E_DATADIR, 'security-values.json'), 'utf8')) as Record<string, string>;
    expect(decrypter(e2e).decrypt(values['geoserver-secret'])).toBe('geoserver-secret');
    expect(values['foreign-crypt2']).toMatch(/^crypt2:[A-Za-z0-9+/]+={0,2}$/);
  });

  it.each([
    ['postgres', 'not a crypt1'],
    ['crypt2:AAAAAAAAAAAAAAAAAAAAAA==', 'not a crypt1'],
    ['plain:secret', 'not a crypt1'],
    ['crypt1:not*base64!', 'not valid base64'],
    ['crypt1:', 'too few'],
    ['crypt1:AAAAAAAAAAA=', 'too few'],
  ])('refuses %j: %s', (value, reason) => {
    expect(() => d.decrypt(value)).toThrow(reason);
  });

  it('refuses a crypt1 value cut short or changed', () => {
    const bytes = Buffer.from(pairs[0].crypt1.slice('crypt1:'.length), 'base64');
    expect(() => d.decrypt(`crypt1:${bytes.subarray(0, bytes.length - 1).toString('base64')}`)).toThrow('8-byte DES blocks');
    const changed = Buffer.from(bytes);
    changed[changed.length - 1] ^= 0x01;
    expect(() => d.decrypt(`crypt1:${changed.toString('base64')}`)).toThrow('cannot be decrypted');
    const otherSalt = Buffer.from(bytes);
    otherSalt[0] ^= 0x80;
    expect(() => d.decrypt(`crypt1:${otherSalt.toString('base64')}`)).toThrow('cannot be decrypted');
  });

  it('tolerates whitespace around the base64, as the master password file may end with a newline', () => {
    expect(d.decrypt(`${pairs[0].crypt1}\n`)).toBe(pairs[0].clear);
  });
});

describe('crypt1Decrypter names what is missing or wrong', () => {
  it.each([
    ['no security/ folder at all', new Map<string, Uint8Array>(), 'the directory has no security/geoserver.jceks'],
    ['no key store', withFile(KEYSTORE, undefined), 'the directory has no security/geoserver.jceks'],
    ['no master password file', withFile('security/masterpw/default/passwd', undefined), 'the directory has no security/masterpw/default/passwd'],
    ['no provider configuration', withFile('security/masterpw/default/config.xml', undefined), 'the directory has no security/masterpw/default/config.xml'],
    [
      'a provider configuration that is not XML',
      withFile('security/masterpw/default/config.xml', '<<urlProvider'),
      'security/masterpw/default/config.xml is not well-formed XML',
    ],
    [
      'a provider configuration without its class',
      withFile('security/masterpw/default/config.xml', '<urlProvider><url>'),
      'names the master password provider (none)',
    ],
  ])('%s', (_, files, reason) => {
    expect(unavailable(files)).toContain(reason);
  });

  it('a master password file of another master password fails the key store integrity check', () => {
    const files = withFile('security/masterpw/default/passwd', readFileSync(join(FIXTURES, 'other-master/passwd')));
    expect(unavailable(files)).toBe('security/geoserver.jceks fails its integrity check: the master password does not open it, or the file was changed');
  });

  it('a master password file that is not the built-in key encryption of anything', () => {
    expect(unavailable(withFile('security/masterpw/default/passwd', 'AAAAAAAAAAAAAAAAAAAAAA=='))).toContain(
      'security/masterpw/default/passwd cannot be read with GeoServer',
    );
  });

  it('reads an unencrypted master password file (<encrypting>false</encrypting>)', () => {
    const config = readFileSync(join(FIXTURES, 'security/masterpw/default/config.xml'), 'utf8').replace('<encrypting>true', '<encrypting>false');
    const files = withFile('security/masterpw/default/config.xml', config);
    files.set('security/masterpw/default/passwd', Buffer.from(expected.masterPassword));
    expect(decrypter(files).decrypt(pairs[0].crypt1)).toBe(pairs[0].clear);
  });

  it('follows security/masterpw.xml to another provider folder', () => {
    const files = securityFiles(FIXTURES);
    for (const name of ['config.xml', 'passwd']) {
      files.set(`security/masterpw/custom/${name}`, files.get(`security/masterpw/default/${name}`) as Uint8Array);
      files.delete(`security/masterpw/default/${name}`);
    }
    files.set('security/masterpw.xml', Buffer.from('<masterPassword><providerName>custom</providerName></masterPassword>'));
    expect(decrypter(files).decrypt(pairs[1].crypt1)).toBe(pairs[1].clear);
    files.set('security/masterpw.xml', Buffer.from('<masterPassword><providerName>../x</providerName></masterPassword>'));
    expect(unavailable(files)).toContain('unusable provider');
  });

  it('names another kind of master password provider', () => {
    const config = readFileSync(join(FIXTURES, 'security/masterpw/default/config.xml'), 'utf8').replace(
      'org.geoserver.security.password.URLMasterPasswordProvider',
      'org.geoserver.security.password.AesGcmMasterPasswordProvider',
    );
    expect(unavailable(withFile('security/masterpw/default/config.xml', config))).toContain(
      'names the master password provider org.geoserver.security.password.AesGcmMasterPasswordProvider',
    );
  });

  it.each(['file:/etc/geoserver/passwd', 'file:../../geoserver.jceks', 'http://example.com/passwd'])('refuses a master password kept at %s', (url) => {
    const config = readFileSync(join(FIXTURES, 'security/masterpw/default/config.xml'), 'utf8').replace('file:passwd', url);
    expect(unavailable(withFile('security/masterpw/default/config.xml', config))).toContain('outside the directory');
  });
});

describe('crypt1Decrypter on hostile key stores: a reason, never a crash', () => {
  it('every truncation of the key store', () => {
    const store = keystore();
    for (let length = 0; length < store.length; length++) {
      expect(unavailable(withFile(KEYSTORE, store.subarray(0, length)))).toMatch(/^security\/geoserver\.jceks /);
    }
  });

  it('random bytes and a JKS store', () => {
    let seed = 7;
    const random = Buffer.alloc(4096, 0).map(() => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 0xff);
    expect(unavailable(withFile(KEYSTORE, random))).toBe('security/geoserver.jceks is not a JCEKS key store');
    expect(unavailable(withFile(KEYSTORE, Buffer.from('feedfeed00000002', 'hex')))).toBe('security/geoserver.jceks is a JKS key store, not JCEKS');
  });

  it('huge counts and lengths, read before anything is allocated', () => {
    const store = keystore();
    const count = Buffer.from(store);
    count.writeInt32BE(0x7fffffff, 8);
    expect(unavailable(withFile(KEYSTORE, count))).toContain('cut short');
    const alias = Buffer.from(store);
    alias.writeUInt16BE(0xffff, 16);
    expect(unavailable(withFile(KEYSTORE, alias))).toContain('cut short');
    const array = Buffer.from(store);
    const encryptedContentLength = store.indexOf(Buffer.from('7571007e0005', 'hex')) + 6;
    array.writeInt32BE(0x7fffffff, encryptedContentLength);
    expect(unavailable(withFile(KEYSTORE, resealed(array)))).toContain('cut short');
  });

  it('a sealed key asking for too many iterations, behind a valid integrity digest', () => {
    const store = Buffer.from(keystore());
    const iterations = Buffer.from('0203030d40', 'hex'); // INTEGER 200000, the JDK's default
    expect(store.indexOf(iterations)).toBeGreaterThan(0);
    for (let at = store.indexOf(iterations); at > 0; at = store.indexOf(iterations)) Buffer.from('02030f4241', 'hex').copy(store, at);
    expect(unavailable(withFile(KEYSTORE, resealed(store)))).toContain('sealed with 1000001 iterations, outside 1 to 1000000');
  });
});
