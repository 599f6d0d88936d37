import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeBase64, jasyptDecryptString } from './jasypt';
import { pbePasswordBytes } from './pbe-md5-des';

const FIXTURES = join(__dirname, 'fixtures');
const expected = JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as Record<string, string>;
const pairs = JSON.parse(readFileSync(join(FIXTURES, 'crypt1-values.json'), 'utf8')) as { clear: string; crypt1: string }[];

describe("Jasypt's PBEWithMD5AndDES", () => {
  it('decrypts what the JDK encrypted, UTF-8 clear text included', () => {
    for (const { clear, crypt1 } of pairs) expect(jasyptDecryptString(expected.configPasswordKey, crypt1.slice('crypt1:'.length))).toBe(clear);
  });

  it('refuses a password outside printable ASCII, as the JDK does', () => {
    expect(expected.nonAsciiPbePasswordError).toContain('Password is not ASCII');
    expect(() => pbePasswordBytes('mäster')).toThrow('Password is not ASCII');
    expect(() => pbePasswordBytes('tab\there')).toThrow('Password is not ASCII');
    expect([...pbePasswordBytes(' ~')]).toEqual([0x20, 0x7e]);
  });

  it('gives bad padding or no UTF-8 under another key, never text', () => {
    const other = expected.configPasswordKey.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    for (const { crypt1 } of pairs) expect(() => jasyptDecryptString(other, crypt1.slice('crypt1:'.length))).toThrow(/bad padding|not UTF-8/);
  });

  it('reads base64 strictly', () => {
    expect(() => decodeBase64('abc!')).toThrow('not valid base64');
    expect(() => decodeBase64('abcde')).toThrow('not valid base64');
    expect([...decodeBase64(' AAE=\n')]).toEqual([0, 1]);
  });
});
