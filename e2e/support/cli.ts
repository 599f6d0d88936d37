/**
 * The `geocatalog` CLI as a user runs it: the built `apps/cli/dist/…/main.js` in a child
 * process, with the environment given, its exit code and both output streams collected.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './api-server';

export const CLI_MAIN = join(REPO_ROOT, 'apps/cli/dist/apps/cli/src/main.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Throws when the CLI has not been built (call it in `beforeAll`). */
export function requireBuiltCli(): void {
  if (!existsSync(CLI_MAIN)) throw new Error(`The CLI is not built: ${CLI_MAIN} is missing. Run \`npm run build\` at ${REPO_ROOT} first.`);
}

/**
 * Runs `geocatalog args…` with this process's environment, `env` applied over it (an `undefined`
 * value removes a variable), in `cwd` if given.
 */
export function runGeocatalog(args: string[], env: Record<string, string | undefined>, cwd?: string): Promise<CliRun> {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) childEnv[k] = v;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_MAIN, ...args], { env: childEnv, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `expect(run.code).toBe(n)` with the run's output in the failure message. */
export function expectExit(run: CliRun, code: number): void {
  if (run.code !== code) throw new Error(`expected exit ${code}, got ${run.code}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`);
}
