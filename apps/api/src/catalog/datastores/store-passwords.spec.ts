import { CatalogError } from '@geocatalog/catalog-model';
import { createCipheriv, randomBytes } from 'node:crypto';
import * as os from 'node:os';
import type { AppConfig } from '../../config/config';
import { bindingOf, PasswordCipher } from './password-cipher';
import { StorePasswords } from './store-passwords';

const cipher = new PasswordCipher({ secretKey: randomBytes(32), dataDir: os.tmpdir() } as AppConfig);
const passwords = new StorePasswords(cipher);
const server = { host: 'db.example', port: '5432', database: 'gis', user: 'gis', dbtype: 'postgis' };
const names = { workspace: 'acme', store: 'roads' };

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof CatalogError) return `${err.code}: ${err.message}`;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('store passwords', () => {
  const stored = passwords.seal({ ...server, passwd: 's3cret', 'SSL Password': 'k3y' }, names);
  const saved = { ...names, params: stored };

  it('encrypts every key naming a password, bound to the store: it opens for that store and server only', () => {
    expect(stored.passwd).toMatch(/^crypt2:/);
    expect(stored['SSL Password']).toMatch(/^crypt2:/);
    expect(passwords.clearPassword(stored.passwd, saved)).toBe('s3cret');
    expect(passwords.clearPassword(stored['SSL Password'], saved)).toBe('k3y');
    for (const other of [
      { ...saved, store: 'other' },
      { ...saved, workspace: 'other' },
      { ...saved, params: { ...stored, host: 'evil.example' } },
      { ...saved, params: { ...stored, port: '5433' } },
      { ...saved, params: { ...stored, database: 'postgres' } },
      { ...saved, params: { ...stored, user: 'postgres' } },
    ]) {
      expect(() => passwords.clearPassword(stored.passwd, other)).toThrow(/cannot be decrypted/);
    }
    expect(() => passwords.clearPassword(stored.passwd, undefined)).toThrow(/cannot be decrypted/);
    expect(passwords.clearPassword('plain:x', undefined)).toBe('x');
  });

  it('keeps the password when a PUT leaves it out or sends back its crypt2 value, if the server stays the same', () => {
    const kept = passwords.seal({ ...server }, names, saved);
    expect(passwords.clearPassword(kept.passwd, { ...names, params: kept })).toBe('s3cret');
    const sentBack = passwords.seal({ ...server, passwd: stored.passwd }, names, saved);
    expect(passwords.clearPassword(sentBack.passwd, { ...names, params: sentBack })).toBe('s3cret');
  });

  it('needs the password itself when host, port, database or user change', () => {
    for (const change of [{ host: 'evil.example' }, { port: '15432' }, { database: 'other' }, { user: 'postgres' }]) {
      expect(refusal(() => passwords.seal({ ...server, ...change }, names, saved))).toMatch(/^INVALID_VALUE: .*password needed/);
      expect(refusal(() => passwords.seal({ ...server, ...change, passwd: stored.passwd }, names, saved))).toMatch(/password needed/);
      const fresh = passwords.seal({ ...server, ...change, passwd: 'n3w' }, names, saved);
      expect(passwords.clearPassword(fresh.passwd, { ...names, params: fresh })).toBe('n3w');
    }
    // Spelling the same server differently is no change.
    expect(passwords.seal({ ...server, host: 'DB.example ', port: '05432' }, names, saved).passwd).toBe(stored.passwd);
  });

  it("refuses another store's crypt2 value, and any crypt2 value on create", () => {
    const other = passwords.seal({ ...server, passwd: 'other' }, { workspace: 'acme', store: 'other' });
    expect(refusal(() => passwords.seal({ ...server, passwd: other.passwd }, names, saved))).toMatch(/password needed/);
    expect(refusal(() => passwords.seal({ ...server, passwd: stored.passwd }, { workspace: 'acme', store: 'copy' }))).toMatch(/password needed/);
    expect(refusal(() => passwords.seal({ ...server, passwd: 'crypt1:abc' }, names, saved))).toMatch(/password needed/);
  });

  it('re-binds to new names on rename or move', () => {
    const moved = passwords.rebind(saved, { workspace: 'new', store: 'renamed' });
    const at = { workspace: 'new', store: 'renamed', params: moved };
    expect(passwords.clearPassword(moved.passwd, at)).toBe('s3cret');
    expect(() => passwords.clearPassword(moved.passwd, saved)).toThrow();
  });

  it('carries the current password into another state of the store on the same server, and none to another server', () => {
    const current = passwords.seal({ ...server, passwd: 'rotated', description: 'x' } as Record<string, string>, names);
    const old = { ...server, schema: 'old', passwd: stored.passwd };
    const kept = passwords.carry({ ...names, params: current }, { workspace: 'acme', store: 'renamed', params: old });
    expect(Object.keys(kept)).toEqual(Object.keys(old));
    expect(kept.schema).toBe('old');
    expect(passwords.clearPassword(kept.passwd, { workspace: 'acme', store: 'renamed', params: kept })).toBe('rotated');
    const elsewhere = passwords.carry({ ...names, params: current }, { ...names, params: { ...old, host: 'old.example' } });
    expect(elsewhere).toEqual({ ...server, host: 'old.example', schema: 'old' });
    // A state that had no password gets the current one.
    const { passwd: _none, ...bare } = old;
    expect(passwords.clearPassword(passwords.carry({ ...names, params: current }, { ...names, params: bare }).passwd, { ...names, params: current })).toBe(
      'rotated',
    );
  });

  it('tells bound values from those written before binding, which only the upgrade opens', () => {
    const legacy = legacyEncrypt('old');
    const binding = bindingOf('acme', 'roads', server);
    expect(cipher.isBoundTo(legacy, binding)).toBe(false);
    expect(cipher.decryptUnbound(legacy)).toBe('old');
    expect(() => passwords.clearPassword(legacy, { ...names, params: server })).toThrow();
  });
});

/** A value as the catalog wrote it before binding: crypt2: + base64(iv | ciphertext | tag), no associated data. */
function legacyEncrypt(plain: string): string {
  const key = (cipher as unknown as { key: Buffer }).key;
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return 'crypt2:' + Buffer.concat([iv, body, c.getAuthTag()]).toString('base64');
}
