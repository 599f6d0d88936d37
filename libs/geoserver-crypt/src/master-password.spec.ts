import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMasterPassword, urlProviderKey } from './master-password';

const FIXTURES = join(__dirname, 'fixtures');
const expected = JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as Record<string, string>;

function files(passwd: string): Map<string, Uint8Array> {
  return new Map([
    ['security/masterpw/default/config.xml', readFileSync(join(FIXTURES, 'security/masterpw/default/config.xml'))],
    ['security/masterpw/default/passwd', readFileSync(join(FIXTURES, passwd))],
  ]);
}

describe('the URL master password provider', () => {
  it("derives GeoServer's built-in key as SecurityUtils.permute does (value computed by the Java generator)", () => {
    expect(urlProviderKey()).toBe(expected.urlProviderKey);
  });

  it('reads the master password from the encrypted passwd file', () => {
    expect(readMasterPassword(files('security/masterpw/default/passwd'))).toEqual({ password: expected.masterPassword });
    expect(readMasterPassword(files('other-master/passwd'))).toEqual({ password: expected.otherMasterPassword });
  });

  it('names the file it cannot find', () => {
    expect(readMasterPassword(new Map())).toEqual({ unavailable: 'the directory has no security/masterpw/default/config.xml' });
  });
});
