import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadOrCreateKeyFile } from './password-cipher';

describe('loadOrCreateKeyFile', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-key-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('makes a 32-byte key readable by the owner only, and leaves no file of its own behind', () => {
    const file = path.join(dir, 'secret.key');
    const key = loadOrCreateKeyFile(file);
    expect(key).toHaveLength(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(['secret.key']);
    expect(loadOrCreateKeyFile(file).equals(key)).toBe(true);
  });

  it('uses the key another process put there first, never one of its own', () => {
    const file = path.join(dir, 'secret.key');
    const theirs = Buffer.alloc(32, 7);
    fs.writeFileSync(file, theirs.toString('base64') + '\n', { mode: 0o600 });
    expect(loadOrCreateKeyFile(file).equals(theirs)).toBe(true);
  });

  it('refuses a key file that does not hold a key (rather than replacing it)', () => {
    const file = path.join(dir, 'secret.key');
    fs.writeFileSync(file, '');
    expect(() => loadOrCreateKeyFile(file)).toThrow('does not hold a 32-byte base64 key');
  });
});
