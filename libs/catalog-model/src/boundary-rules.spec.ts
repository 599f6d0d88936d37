// The module boundary rules (.dependency-cruiser.cjs) name real files: a rule whose path names a
// file, folder or package that is gone (renamed, moved, deleted) silently protects nothing, so
// every name in every rule's paths must still match something in the repository. And every
// console module has a rule saying what it may import.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the config is CommonJS, read as dependency-cruiser reads it
const config = require(path.join(ROOT, '.dependency-cruiser.cjs')) as { forbidden: Rule[] };

interface Paths {
  path?: string;
  pathNot?: string;
}
interface Rule {
  name: string;
  from: Paths;
  to: Paths;
}

/** Every file of the repository (relative, `/`-separated), and `node_modules/<package>/` of each installed package. */
function repositoryPaths(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === '.git' || entry.name === '.nx') continue;
      const at = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(at);
      else files.push(at);
    }
  };
  walk('');
  const packages = readdirSync(path.join(ROOT, 'node_modules')).flatMap((name) =>
    name.startsWith('@') ? readdirSync(path.join(ROOT, 'node_modules', name)).map((scoped) => `${name}/${scoped}`) : [name],
  );
  return [...files, ...packages.flatMap((name) => [`node_modules/${name}/`, `node_modules/${name}/index.js`])];
}

/**
 * The regex itself, and one narrowing of it per alternative of each group that names something
 * (has a letter; `(^|/)` names nothing): `^a/(b|c)/` gives `^a/(?:b)/` and `^a/(?:c)/`. Each must
 * match some path of the repository.
 */
function namings(regex: string): string[] {
  const out = [regex];
  const open: number[] = [];
  const bars = new Map<number, number[]>();
  let inClass = false;
  for (let i = 0; i < regex.length; i++) {
    const c = regex[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') {
      open.push(i);
      bars.set(i, []);
    } else if (c === '|' && open.length) bars.get(open[open.length - 1])!.push(i);
    else if (c === ')') {
      const start = open.pop()!;
      const body = regex.slice(start + 1, i).replace(/^\?:/, '');
      const offset = regex.slice(start + 1, i).length - body.length;
      const cuts = [start + offset, ...bars.get(start)!, i];
      for (let k = 0; k + 1 < cuts.length; k++) {
        const alternative = regex.slice(cuts[k] + 1, cuts[k + 1]);
        if (/[a-z]/i.test(alternative)) out.push(`${regex.slice(0, start)}(?:${alternative})${regex.slice(i + 1)}`);
      }
    }
  }
  return out;
}

describe('module boundary rules', () => {
  const paths = repositoryPaths();

  it('name only files, folders and packages that exist', () => {
    expect(paths.length).toBeGreaterThan(500);
    const dead = config.forbidden.flatMap((rule) =>
      [rule.from.path, rule.from.pathNot, rule.to.path, rule.to.pathNot]
        .filter((regex): regex is string => !!regex)
        .flatMap(namings)
        .filter((regex) => !paths.some((p) => new RegExp(regex).test(p)))
        .map((regex) => `${rule.name}: ${regex}`),
    );
    expect(dead).toEqual([]);
  });

  it('find a name that is gone (the check can fail)', () => {
    const gone = namings('^apps/api/src/rest/(xml-writer|rest-response[.]interceptor)[.]ts$').filter((regex) => !paths.some((p) => new RegExp(regex).test(p)));
    expect(gone).toEqual(['^apps/api/src/rest/(?:rest-response[.]interceptor)[.]ts$']);
  });

  it('say what each console module may import', () => {
    const modules = readdirSync(path.join(ROOT, 'apps/admin-web/src/modules'));
    const ruled = (name: string) =>
      config.forbidden.some(
        (rule) =>
          new RegExp(rule.from.path ?? '$^').test(`apps/admin-web/src/modules/${name}/index.ts`) &&
          new RegExp(rule.to.path ?? '$^').test('apps/admin-web/src/modules/'),
      );
    expect(modules.length).toBeGreaterThan(5);
    expect(modules.filter((name) => !ruled(name))).toEqual([]);
  });
});
