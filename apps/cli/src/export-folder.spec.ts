import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { CliFailure } from './cli-failure';
import { writeExportIntoFolder } from './export-folder';
import { listFolderFiles } from './folder-zip';

describe('writeExportIntoFolder', () => {
  let root: string;
  let dir: string;
  const write = (rel: string, text: string) => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  const read = (rel: string) => readFileSync(join(dir, rel), 'utf8');

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'gc-cli-export-'));
    dir = join(root, 'catalog');
    write('.git/HEAD', 'ref: refs/heads/main');
    write('README.md', '# our catalog');
    write('ci/drift.sh', 'geocatalog plan . --detect-changes');
    write('workspaces/gone/workspace.xml', '<workspace><name>gone</name></workspace>');
    write('workspaces/topp/workspace.xml', '<workspace><name>old</name></workspace>');
    write('styles/deleted.sld', '<old/>');
    write('layergroups/deleted.xml', '<layerGroup/>');
    write('global.xml', '<global>old</global>');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const exportZip = zipSync({
    'workspaces/default.xml': strToU8('<workspace><name>topp</name></workspace>'),
    'workspaces/topp/workspace.xml': strToU8('<workspace><name>topp</name></workspace>'),
    'workspaces/topp/styles/': new Uint8Array(0),
    'styles/line.sld': strToU8('<sld/>'),
  });
  const everything = () => listFolderFiles(root).files;

  it('replaces workspaces/, styles/ and layergroups/, so deleted records disappear, and touches nothing else', () => {
    expect(writeExportIntoFolder(dir, exportZip)).toBe(3);
    expect(listFolderFiles(dir).files).toEqual([
      'README.md',
      'ci/drift.sh',
      'global.xml',
      'styles/line.sld',
      'workspaces/default.xml',
      'workspaces/topp/workspace.xml',
    ]);
    expect(read('workspaces/topp/workspace.xml')).toBe('<workspace><name>topp</name></workspace>');
    expect(read('.git/HEAD')).toBe('ref: refs/heads/main');
    expect(read('global.xml')).toBe('<global>old</global>');
  });

  it('writes every kind of entry an export holds', () => {
    const all = zipSync({
      'workspaces/a/workspace.xml': strToU8('w'),
      'styles/s.xml': strToU8('s'),
      'layergroups/g.xml': strToU8('g'),
      'global.xml': strToU8('<global>new</global>'),
      'wms.xml': strToU8('wms'),
      'wfs.xml': strToU8('wfs'),
      'security/layers.properties': strToU8('*.*.r=*'),
      'security/services.properties': strToU8('wms.GetMap=*'),
    });
    expect(writeExportIntoFolder(dir, all)).toBe(8);
    expect(read('global.xml')).toBe('<global>new</global>');
    expect(read('security/services.properties')).toBe('wms.GetMap=*');
  });

  it('creates the folder when it does not exist', () => {
    const fresh = join(root, 'new', 'catalog');
    writeExportIntoFolder(fresh, exportZip);
    expect(readFileSync(join(fresh, 'styles/line.sld'), 'utf8')).toBe('<sld/>');
  });

  it.each([
    '../escape.xml',
    'workspaces/../../escape.xml',
    '/etc/passwd',
    'workspaces\\..\\x.xml',
    'C:/x.xml',
    '.git/config',
    'workspaces/topp/.git/config',
    'workspaces/./x.xml',
    'workspaces//x.xml',
    'README.md',
    'security/usergroup/default/users.xml',
    'data/shapefiles/states.shp',
    'workspaces',
    'workspaces/a\u0001b.xml',
  ])('refuses an export holding %j, and writes or removes nothing', (name) => {
    const before = everything();
    const hostile = zipSync({ 'workspaces/topp/workspace.xml': strToU8('<x/>'), [name]: strToU8('bad') });
    expect(() => writeExportIntoFolder(dir, hostile)).toThrow(CliFailure);
    expect(everything()).toEqual(before);
    expect(read('workspaces/gone/workspace.xml')).toContain('gone');
  });

  it('refuses an entry that is both a file and a folder', () => {
    const clash = zipSync({ 'workspaces/a': strToU8('file'), 'workspaces/a/workspace.xml': strToU8('<x/>') });
    expect(() => writeExportIntoFolder(dir, clash)).toThrow(/both as a file and as a folder/);
    expect(read('styles/deleted.sld')).toBe('<old/>');
  });

  it.each([
    ['security', 'security/layers.properties'],
    ['workspaces', 'workspaces/topp/workspace.xml'],
    ['styles', 'workspaces/topp/workspace.xml'],
    ['global.xml', 'global.xml'],
  ])('refuses to write when %s is a symbolic link, and leaves the link and what it points to alone', (link, entry) => {
    const outside = join(root, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'keep.txt'), 'keep');
    rmSync(join(dir, link), { recursive: true, force: true });
    symlinkSync(link === 'global.xml' ? join(outside, 'keep.txt') : outside, join(dir, link));
    const before = everything();
    expect(() => writeExportIntoFolder(dir, zipSync({ [entry]: strToU8('x') }))).toThrow(/is a symbolic link/);
    expect(everything()).toEqual(before);
    expect(lstatSync(join(dir, link)).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(outside, 'keep.txt'), 'utf8')).toBe('keep');
    expect(existsSync(join(outside, 'layers.properties'))).toBe(false);
  });

  it('refuses bytes that are not a zip, and a zip past the limits, and leaves the folder as it was', () => {
    expect(() => writeExportIntoFolder(dir, strToU8('404 No such workspace'))).toThrow(/not a readable zip/);
    const bomb = zipSync({ 'workspaces/a/big.xml': new Uint8Array(33 * 1024 * 1024) }, { level: 9 });
    expect(() => writeExportIntoFolder(dir, bomb)).toThrow(/past the zip limits: The zip entry workspaces\/a\/big.xml inflates to more than 33554432 bytes/);
    expect(read('styles/deleted.sld')).toBe('<old/>');
  });
});
