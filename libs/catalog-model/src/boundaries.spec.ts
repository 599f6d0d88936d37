// The repository's module boundaries (.dependency-cruiser.cjs), checked by dependency-cruiser:
// the real tree has no violation, and deliberate ones are refused, so the check can fail — a file
// laid out as libs/catalog-model/src importing @nestjs/common and node:fs, and console modules
// importing against their direction (tools/boundaries/fixture).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

function cruise(...targets: string[]): Violation[] {
  const run = spawnSync(process.execPath, [CLI, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...targets], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`dependency-cruiser did not run: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('module boundaries', () => {
  it('hold across apps, libs and e2e', () => {
    expect(cruise('apps', 'libs', 'e2e').map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  }, 60_000);

  it('refuse a framework or a Node built-in in libs/catalog-model (the deliberate violation)', () => {
    const violations = cruise('tools/boundaries/fixture/libs/catalog-model/src/uses-nest.ts');
    expect(violations.map((v) => `${v.rule.name} → ${v.to}`).sort()).toEqual([
      'libs-browser-safe → fs',
      'libs-framework-free → node_modules/@nestjs/common/index.js',
    ]);
  }, 60_000);

  it("refuse imports against the console's module direction (the deliberate violations)", () => {
    const fixture = 'tools/boundaries/fixture/apps/admin-web/src/';
    const violations = cruise(fixture);
    expect(violations.map((v) => `${v.rule.name}: ${v.from.replace(fixture, '')} → ${v.to.replace(fixture, '')}`).sort()).toEqual([
      'console-auth-imports-below: modules/auth/index.ts → modules/stores/index.ts',
      'console-client-below-features: api/uses-module.ts → modules/auth/index.ts',
      'console-preview-lazy: modules/preview/index.ts → modules/preview/pages/preview-page.ts',
      'console-stores-imports-below: modules/stores/index.ts → modules/workspaces/hooks/use-workspaces.ts',
    ]);
  }, 60_000);
});

/** Hand-written sources of the apps and libs: specs and generated files aside. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(at);
    return /\.tsx?$/.test(entry.name) && !/\.(spec|gen)\.tsx?$/.test(entry.name) ? [at] : [];
  });
}

describe('file size', () => {
  it('no hand-written source file of the apps and libs is over 500 lines', () => {
    const roots = ['apps', 'libs'].flatMap((dir) => readdirSync(path.join(ROOT, dir)).map((project) => path.join(ROOT, dir, project, 'src')));
    const files = roots.flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    const long = files.map((file) => ({ file: path.relative(ROOT, file), lines: readFileSync(file, 'utf8').split('\n').length })).filter((f) => f.lines > 501);
    expect(long).toEqual([]);
  });
});
