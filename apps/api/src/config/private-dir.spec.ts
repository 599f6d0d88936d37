import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { makePrivate } from './private-dir';

describe('makePrivate', () => {
  it('makes a data directory owner-only: directories 0700, files 0600, created when missing', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-private-'));
    try {
      const dir = path.join(root, 'data');
      fs.mkdirSync(path.join(dir, 'base', '1'), { recursive: true, mode: 0o755 });
      fs.writeFileSync(path.join(dir, 'base', '1', 'pg_authid'), 'hashes', { mode: 0o644 });
      fs.writeFileSync(path.join(dir, 'tool.sh'), '#!/bin/sh', { mode: 0o755 });
      fs.chmodSync(path.join(dir, 'base'), 0o755);
      makePrivate(dir);
      const mode = (p: string) => fs.statSync(path.join(dir, p)).mode & 0o777;
      expect([mode('.'), mode('base'), mode('base/1'), mode('base/1/pg_authid'), mode('tool.sh')]).toEqual([0o700, 0o700, 0o700, 0o600, 0o700]);
      makePrivate(path.join(root, 'fresh'));
      expect(fs.statSync(path.join(root, 'fresh')).mode & 0o777).toBe(0o700);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
