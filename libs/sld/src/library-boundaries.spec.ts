// What the library must never do, checked on its sources: depend on Node or a framework (it runs
// in the browser too), read the shared schemas or corpus at run time, or ship a grammar that is
// not exactly what the official schemas give.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SRC = __dirname;

/** The library's own sources: everything under src but specs (test support lives in ../testing). */
function librarySources(folder = SRC): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return librarySources(file);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [file] : [];
  });
}

describe('the library', () => {
  const sources = librarySources();

  it('imports nothing but its own files and the catalog model', () => {
    const imports = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)].map((m) => `${path.relative(SRC, file)}: ${m[1]}`),
    );
    expect(imports.length).toBeGreaterThan(20);
    const foreign = imports.filter((line) => {
      const specifier = line.split(': ')[1];
      return !specifier.startsWith('.') && specifier !== '@geocatalog/catalog-model';
    });
    expect(foreign).toEqual([]);
  });

  it('uses no Node-only global and never reads the shared folder at run time', () => {
    for (const file of sources) {
      // Code only: comments may mention Node (a Buffer is a Uint8Array).
      const text = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1');
      expect([file, /\b(require\(|process\.|Buffer\b|__dirname|fetch\(|XMLHttpRequest)/.test(text)]).toEqual([file, false]);
      expect([file, text.includes('shared/')]).toEqual([file, false]);
    }
  });

  it('ships the grammar the official schemas give (the generated file is up to date and untouched)', () => {
    const script = path.resolve(SRC, '../scripts/generate-sld-grammar.mjs');
    expect(() => execFileSync(process.execPath, [script, '--check'], { encoding: 'utf8', stdio: 'pipe' })).not.toThrow();
  });
});
