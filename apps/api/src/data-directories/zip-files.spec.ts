import { CatalogError } from '@geocatalog/catalog-model';
import { strToU8, zipSync } from 'fflate';
import { filesFromZip, zipFiles } from './zip-files';
import { ZIP_LIMITS } from '@geocatalog/catalog-exchange';

const code = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (err) {
    return err instanceof CatalogError ? err.code : `not a CatalogError: ${String(err)}`;
  }
  return undefined;
};

describe('filesFromZip', () => {
  it('reads every file by its relative path, folders left out', () => {
    const zip = zipSync({ 'dd/workspaces/a/workspace.xml': strToU8('<workspace/>'), 'dd/styles/': {}, 'dd/styles/x.sld': strToU8('sld') });
    const files = filesFromZip(zip);
    expect([...files.keys()].sort()).toEqual(['dd/styles/x.sld', 'dd/workspaces/a/workspace.xml']);
    expect(Buffer.from(files.get('dd/styles/x.sld')!).toString()).toBe('sld');
  });

  it('refuses what is not a zip, and a damaged one, with 400', () => {
    expect(code(() => filesFromZip(strToU8('<workspace/>')))).toBe('MALFORMED_BODY');
    const zip = zipSync({ 'a.xml': strToU8('x'.repeat(1000)) });
    expect(code(() => filesFromZip(zip.subarray(0, zip.length - 30)))).toBe('MALFORMED_BODY');
  });

  it('refuses entries that climb out of the zip', () => {
    for (const name of ['../etc/passwd', 'a/../../b', '/abs/file', 'C:/windows/x', '..\\evil']) {
      expect(code(() => filesFromZip(zipSync({ [name]: strToU8('x') })))).toBe('MALFORMED_BODY');
    }
  });

  it('refuses a zip that inflates past the limits before inflating it (413)', () => {
    const bomb = zipSync({ 'big.xml': new Uint8Array(4 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(code(() => filesFromZip(bomb, { ...ZIP_LIMITS, fileBytes: 1024 * 1024 }))).toBe('TOO_LARGE');
    const many = zipSync({ a: strToU8('1'), b: strToU8('2'), c: strToU8('3') });
    expect(code(() => filesFromZip(many, { ...ZIP_LIMITS, entries: 2 }))).toBe('TOO_LARGE');
    expect(code(() => filesFromZip(many, { ...ZIP_LIMITS, totalBytes: 2 }))).toBe('TOO_LARGE');
  });

  it('cuts an entry that inflates to more than its recorded size at that size', () => {
    const zip = zipSync({ 'a.txt': strToU8('a'.repeat(5000)) });
    // Rewrite the recorded (central directory) size of the entry to 10 bytes.
    const buf = Buffer.from(zip);
    const central = buf.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    buf.writeUInt32LE(10, central + 24);
    expect(filesFromZip(buf).get('a.txt')!.length).toBe(10);
  });
});

describe('zipFiles', () => {
  it('round-trips, and the same files always give the same bytes', () => {
    const files = new Map([
      ['workspaces/b/workspace.xml', strToU8('<b/>')],
      ['styles/a.sld', strToU8('<a/>')],
    ]);
    const zip = zipFiles(files);
    expect(Buffer.from(zipFiles(new Map([...files].reverse()))).equals(Buffer.from(zip))).toBe(true);
    expect([...filesFromZip(zip)].map(([k, v]) => [k, Buffer.from(v).toString()])).toEqual([
      ['styles/a.sld', '<a/>'],
      ['workspaces/b/workspace.xml', '<b/>'],
    ]);
  });
});
