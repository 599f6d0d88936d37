import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { listFolderFiles, zipFolder } from './folder-zip';

describe('zipFolder', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gc-cli-zip-'));
    const write = (rel: string, text: string) => {
      mkdirSync(join(dir, rel, '..'), { recursive: true });
      writeFileSync(join(dir, rel), text);
    };
    write('workspaces/topp/workspace.xml', '<workspace/>');
    write('workspaces/topp/.workspace.xml.swp', 'editor swap');
    write('styles/line.sld', '<sld/>');
    write('layergroups/base.xml', '<layerGroup/>');
    write('README.md', '# catalog');
    write('.gitignore', 'secrets.json');
    write('.git/config', '[core]');
    write('.github/workflows/drift.yml', 'on: push');
    write('data/shapefiles/states.shp', 'big binary');
    write('gwc/topp_states/00/0000.png', 'a tile');
    write('security/masterpw.xml', '<masterPassword/>');
    write('global.xml', '<global/>');
    write('wms.xml', '<wms/>');
    write('wcs.xml', '<wcs/>');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the files of workspaces/, styles/, layergroups/ and security/ and the settings files at their paths relative to the folder, leaving out dot-files, data/, gwc/ and the rest', () => {
    const { zip, links } = zipFolder(dir);
    const entries = unzipSync(zip);
    expect(Object.keys(entries).sort()).toEqual([
      'global.xml',
      'layergroups/base.xml',
      'security/masterpw.xml',
      'styles/line.sld',
      'wms.xml',
      'workspaces/topp/workspace.xml',
    ]);
    expect(strFromU8(entries['global.xml'])).toBe('<global/>');
    expect(strFromU8(entries['workspaces/topp/workspace.xml'])).toBe('<workspace/>');
    expect(links).toEqual([]);
  });

  it('never follows or zips a symbolic link, to a file or a folder, and names each one left out', () => {
    const outside = mkdtempSync(join(tmpdir(), 'gc-cli-outside-'));
    try {
      writeFileSync(join(outside, 'id_rsa'), 'PRIVATE KEY');
      symlinkSync(join(outside, 'id_rsa'), join(dir, 'workspaces', 'topp', 'namespace.xml'));
      symlinkSync(outside, join(dir, 'workspaces', 'elsewhere'));
      symlinkSync(join(dir, 'styles'), join(dir, 'workspaces', 'topp', 'styles'));
      symlinkSync(dir, join(dir, 'workspaces', 'loop'));
      rmSync(join(dir, 'security'), { recursive: true });
      symlinkSync(outside, join(dir, 'security'));
      rmSync(join(dir, 'global.xml'));
      symlinkSync(join(outside, 'id_rsa'), join(dir, 'global.xml'));
      expect(listFolderFiles(join(dir, 'workspaces'))).toEqual({
        files: ['topp/workspace.xml'],
        links: ['elsewhere', 'loop', 'topp/namespace.xml', 'topp/styles'],
      });
      const { zip, links } = zipFolder(dir);
      expect(Object.keys(unzipSync(zip)).sort()).toEqual(['layergroups/base.xml', 'styles/line.sld', 'wms.xml', 'workspaces/topp/workspace.xml']);
      expect(Buffer.from(zip).includes('PRIVATE KEY')).toBe(false);
      expect(links).toEqual(['workspaces/elsewhere', 'workspaces/loop', 'workspaces/topp/namespace.xml', 'workspaces/topp/styles', 'security', 'global.xml']);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("refuses a folder past the server's limits before reading its files", () => {
    const limits = { zipBytes: 1024, entries: 50, fileBytes: 8, totalBytes: 100 };
    expect(() => zipFolder(dir, limits)).toThrow(/^workspaces\/topp\/workspace.xml is larger than 8 bytes/);
    expect(() => zipFolder(dir, { ...limits, entries: 2 })).toThrow(/holds more than 2 files to import/);
    expect(() => zipFolder(dir, { ...limits, fileBytes: 100, totalBytes: 20 })).toThrow(/larger than 20 bytes together/);
    expect(() => zipFolder(dir, { ...limits, fileBytes: 100, zipBytes: 100 })).toThrow(/zip to more than 100 bytes/);
  });

  it('is an empty zip for an empty folder', () => {
    const empty = mkdtempSync(join(tmpdir(), 'gc-cli-empty-'));
    try {
      expect(unzipSync(zipFolder(empty).zip)).toEqual({});
    } finally {
      rmSync(empty, { recursive: true });
    }
  });
});
