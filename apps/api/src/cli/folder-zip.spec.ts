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
    write('README.md', '# catalog');
    write('.gitignore', 'secrets.json');
    write('.git/config', '[core]');
    write('.github/workflows/drift.yml', 'on: push');
    write('data/shapefiles/states.shp', 'big binary');
    write('gwc/topp_states/00/0000.png', 'a tile');
    write('security/masterpw.xml', '<masterPassword/>');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the files of workspaces/, styles/ and security/ at their paths relative to the folder, leaving out dot-files, data/, gwc/ and the rest', () => {
    const entries = unzipSync(zipFolder(dir));
    expect(Object.keys(entries).sort()).toEqual(['security/masterpw.xml', 'styles/line.sld', 'workspaces/topp/workspace.xml']);
    expect(strFromU8(entries['workspaces/topp/workspace.xml'])).toBe('<workspace/>');
  });

  it('follows a symbolic link to a folder once, and not a link back to a folder being read', () => {
    symlinkSync(join(dir, 'styles'), join(dir, 'workspaces', 'topp', 'styles'));
    symlinkSync(dir, join(dir, 'workspaces', 'loop'));
    expect(listFolderFiles(dir)).toEqual([
      'README.md',
      'data/shapefiles/states.shp',
      'gwc/topp_states/00/0000.png',
      'security/masterpw.xml',
      'styles/line.sld',
      'workspaces/topp/styles/line.sld',
      'workspaces/topp/workspace.xml',
    ]);
  });

  it('is an empty zip for an empty folder', () => {
    const empty = mkdtempSync(join(tmpdir(), 'gc-cli-empty-'));
    try {
      expect(unzipSync(zipFolder(empty))).toEqual({});
    } finally {
      rmSync(empty, { recursive: true });
    }
  });
});
