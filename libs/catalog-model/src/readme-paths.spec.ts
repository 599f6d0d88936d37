// The READMEs and docs are maps of the tree: every source path they name in backticks must exist,
// so a moved or deleted file cannot leave a map pointing at nothing. A path with a folder is looked
// up beside the document, in its project's src/ and from the repository root; a bare name
// (`run.ts`, named in the context of its folder) must be the name of a file or folder somewhere
// in the repository, so a deleted or renamed file is caught either way.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const SKIP = new Set(['node_modules', 'dist', 'fixtures', 'artifacts', '.git', '.nx']);

/** The README.md files below `dir`, fixtures, builds and dependencies aside. */
function readmes(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : readmes(at);
    return entry.name === 'README.md' ? [at] : [];
  });
}

/**
 * The paths a document names: backticked tokens, and the words of its plain code blocks (the tree
 * maps; shell blocks are commands), that name a file or folder of this repository — not a glob, a
 * URL or a data-directory file.
 */
export function namedPaths(markdown: string): string[] {
  const prose: string[] = [];
  const maps: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const opening = /^```(\S*)/.exec(line);
    if (opening) fence = fence === undefined ? opening[1] : undefined;
    else if (fence === undefined) prose.push(line);
    else if (fence === '') maps.push(line);
  }
  const inline = [...prose.join('\n').matchAll(/`([^`\s]+)`/g)].map((m) => m[1]);
  const words = maps.flatMap((line) => line.split(/\s+/)).map((w) => w.replace(/^\(|[),;:]+$/g, ''));
  const tokens = [...inline, ...words].map((t) => t.replace(/[.,:;]$/, ''));
  return tokens.filter(
    (t) =>
      !/[*{}<>…$?=#@]|\.\.\.|^[a-z]+:|^\.\.?\//.test(t) &&
      !/(^|\/)(dist|node_modules|artifacts)\//.test(t) &&
      (/\.(ts|tsx|mjs|cjs|js|md)$/.test(t) || /^(apps|libs|e2e|docs|scripts|tools|src)\//.test(t)),
  );
}

/** The names of the files and folders below `dir`, builds and dependencies aside (fixtures kept). */
function names(dir: string, into = new Set<string>()): Set<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIP.has(entry.name) && entry.name !== 'fixtures') continue;
    into.add(entry.name);
    if (entry.isDirectory()) names(path.join(dir, entry.name), into);
  }
  return into;
}

/** The project a document belongs to (`apps/api`), or the root for the root README and docs/. */
function projectOf(doc: string): string {
  const parts = path.relative(ROOT, doc).split(path.sep);
  return parts[0] === 'apps' || parts[0] === 'libs' ? path.join(ROOT, parts[0], parts[1]) : ROOT;
}

let everyName: Set<string> | undefined;

/** Whether a path named in `doc` exists (see the top of this file). */
function exists(doc: string, named: string): boolean {
  const bare = named.replace(/\/$/, '');
  if (!bare.includes('/')) return (everyName ??= names(ROOT)).has(bare);
  const dir = path.dirname(doc);
  return [dir, path.join(dir, 'src'), path.join(projectOf(doc), 'src'), ROOT].some((base) => existsSync(path.join(base, named)));
}

describe('maps of the tree', () => {
  const docs = [
    path.join(ROOT, 'README.md'),
    ...readdirSync(path.join(ROOT, 'docs')).map((f) => path.join(ROOT, 'docs', f)),
    ...readmes(path.join(ROOT, 'apps')),
    ...readmes(path.join(ROOT, 'libs')),
  ];

  it('finds the app and lib READMEs and the paths they name', () => {
    for (const app of ['apps/api/README.md', 'apps/admin-web/README.md', 'apps/cli/README.md']) expect(docs).toContain(path.join(ROOT, app));
    expect(docs.flatMap((doc) => namedPaths(readFileSync(doc, 'utf8'))).length).toBeGreaterThan(100);
  });

  it('recognises a path, and leaves globs, URLs and data-directory files alone', () => {
    expect(namedPaths('`src/main.ts`, `apps/api/src/rest/`, `e2e/rest/security-*.e2e-spec.ts`, `http://x/y.md`, `workspaces/acme/datastore.xml`')).toEqual([
      'src/main.ts',
      'apps/api/src/rest/',
    ]);
    expect(namedPaths('```\nsrc/cli/     the CLI (run.ts, main.ts)\n```\n```sh\nnode src/x.ts\n```')).toEqual(['src/cli/', 'run.ts', 'main.ts']);
  });

  it.each(docs.map((doc) => [path.relative(ROOT, doc), doc]))('%s names only paths that exist', (_name, doc) => {
    const missing = namedPaths(readFileSync(doc, 'utf8')).filter((named) => !exists(doc, named));
    expect(missing).toEqual([]);
  });
});
