import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { CliFailure } from './cli-failure';
import { writeExportIntoFolder } from './export-folder';
import { listFolderFiles } from './folder-zip';

describe('writeExportIntoFolder', () => {
  let dir: string;
  const write = (rel: string, text: string) => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  const read = (rel: string) => readFileSync(join(dir, rel), 'utf8');

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gc-cli-export-'));
    write('.git/HEAD', 'ref: refs/heads/main');
    write('README.md', '# our catalog');
    write('ci/drift.sh', 'geocatalog plan . --detect-changes');
    write('workspaces/gone/workspace.xml', '<workspace><name>gone</name></workspace>');
    write('workspaces/topp/workspace.xml', '<workspace><name>old</name></workspace>');
    write('styles/deleted.sld', '<old/>');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const exportZip = zipSync({
    'workspaces/default.xml': strToU8('<workspace><name>topp</name></workspace>'),
    'workspaces/topp/workspace.xml': strToU8('<workspace><name>topp</name></workspace>'),
    'workspaces/topp/styles/': new Uint8Array(0),
    'styles/line.sld': strToU8('<sld/>'),
  });

  it('replaces workspaces/ and styles/, so deleted records disappear, and touches nothing else', () => {
    expect(writeExportIntoFolder(dir, exportZip)).toBe(3);
    expect(listFolderFiles(dir)).toEqual(['README.md', 'ci/drift.sh', 'styles/line.sld', 'workspaces/default.xml', 'workspaces/topp/workspace.xml']);
    expect(read('workspaces/topp/workspace.xml')).toBe('<workspace><name>topp</name></workspace>');
    expect(read('.git/HEAD')).toBe('ref: refs/heads/main');
    expect(read('README.md')).toBe('# our catalog');
  });

  it('creates the folder when it does not exist', () => {
    const fresh = join(dir, 'new', 'catalog');
    writeExportIntoFolder(fresh, exportZip);
    expect(readFileSync(join(fresh, 'styles/line.sld'), 'utf8')).toBe('<sld/>');
  });

  it.each(['../escape.xml', 'workspaces/../../escape.xml', '/etc/passwd', 'workspaces\\..\\x.xml', 'C:/x.xml'])(
    'refuses an entry named %j before removing anything',
    (name) => {
      const hostile = zipSync({ 'workspaces/topp/workspace.xml': strToU8('<x/>'), [name]: strToU8('bad') });
      expect(() => writeExportIntoFolder(dir, hostile)).toThrow(CliFailure);
      expect(read('workspaces/gone/workspace.xml')).toContain('gone');
      expect(existsSync(join(dir, '..', 'escape.xml'))).toBe(false);
    },
  );

  it('refuses bytes that are not a zip, and leaves the folder as it was', () => {
    expect(() => writeExportIntoFolder(dir, strToU8('404 No such workspace'))).toThrow(/not a readable zip/);
    expect(read('styles/deleted.sld')).toBe('<old/>');
  });
});
