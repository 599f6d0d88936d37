// The repository's lint rules (eslint.config.mjs) that need more than syntax — the promise rules
// with type information, React's hook rules in the console — refuse the deliberate violations in
// tools/lint/fixture, so a config that silently lost them (no type information, no plugin,
// a files pattern that no longer matches the console) fails here.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'node_modules/eslint/bin/eslint.js');

/** `file:line rule` for every problem ESLint reports in the fixture (which the config ignores otherwise). */
function lint(dir: string): string[] {
  const run = spawnSync(process.execPath, [CLI, '--no-ignore', '--format', 'json', dir], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (!run.stdout) throw new Error(`ESLint did not run: ${run.stderr}`);
  const results = JSON.parse(run.stdout) as { filePath: string; messages: { line: number; ruleId: string | null; message: string }[] }[];
  return results.flatMap((r) => r.messages.map((m) => `${path.relative(path.join(ROOT, dir), r.filePath)}:${m.line} ${m.ruleId ?? m.message}`)).sort();
}

describe('lint rules', () => {
  it('refuse a floating promise, a misused one and broken hook rules (the deliberate violations)', () => {
    expect(lint('tools/lint/fixture')).toEqual([
      'apps/admin-web/src/broken-hooks.tsx:10 react-hooks/exhaustive-deps',
      'apps/admin-web/src/broken-hooks.tsx:7 react-hooks/rules-of-hooks',
      'apps/admin-web/src/broken-hooks.tsx:8 react-hooks/rules-of-hooks',
      'floating-promise.ts:12 @typescript-eslint/no-misused-promises',
      'floating-promise.ts:8 @typescript-eslint/no-floating-promises',
    ]);
  }, 120_000);
});
