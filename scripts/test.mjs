// `npm test`: the guardrails first (Prettier's check; then per project, through Nx, the type-check
// of sources and specs and ESLint), then every project's tests, then one closing line with the
// totals ("N passed, N failed, N skipped") read from Jest's and Vitest's own summaries. Module
// boundaries are a test of their own (libs/catalog-model/src/boundaries.spec.ts).
//
// Nx runs in steps, so that the machine's two cores are busy and the e2e suite has them alone:
// type-checks and lints two at a time; then builds and unit tests two at a time; then the e2e
// suite, which runs two spec files at a time itself (e2e/package.json). A failed type-check or lint
// does not stop the next step: the built code is the same either way, and one run then reports the
// tests' failures beside the guardrails'. A failed build or unit test stops before the e2e suite:
// its 15 minutes would run over code known broken (or not built at all). The closing line still
// counts every test that ran, and says which step was not run.
import { spawn, spawnSync } from 'node:child_process';

const format = spawnSync('npx', ['prettier', '--check', '.', '--log-level', 'warn'], { stdio: 'inherit' });
if (format.status !== 0) {
  console.log('\nPrettier: files above are not formatted (npm run format fixes them)\n0 passed, 1 failed, 0 skipped');
  process.exit(1);
}

const E2E = '@geocatalog/e2e';
const extra = process.argv.slice(2);
const GUARDRAILS = 'type-checks and lints';
const UNITS = 'builds and unit tests';
const steps = (
  extra.length
    ? // Arguments for Nx (`npm test -- --projects=…`): one run with them, one task at a time.
      [{ name: 'tests', args: ['-t', 'typecheck', 'lint', 'test', '--parallel=1', ...extra] }]
    : [
        { name: GUARDRAILS, args: ['-t', 'typecheck', 'lint', '--parallel=2'] },
        { name: UNITS, args: ['-t', 'build', 'test', `--exclude=${E2E}`, '--parallel=2'] },
        // The builds the e2e suite runs were made by the step before.
        { name: 'e2e suite', args: ['-t', 'test', `--projects=${E2E}`, '--excludeTaskDependencies', '--parallel=1'], after: UNITS },
      ]
).map(({ args, ...step }) => ({ ...step, args: ['nx', 'run-many', ...args, '--outputStyle=static', '--skip-nx-cache'] }));

const totals = { passed: 0, failed: 0, skipped: 0 };
const ANSI = /\x1b\[[0-9;]*m/g;
let pending = '';

function count(line) {
  const plain = line.replace(ANSI, '');
  // Jest: "Tests:       3 failed, 1 skipped, 270 passed, 274 total"; Vitest: "      Tests  53 passed (53)".
  const m = /^\s*Tests:?\s+(.*)$/.exec(plain);
  if (!m) return;
  for (const [, n, kind] of m[1].matchAll(/(\d+) (passed|failed|skipped|todo)/g)) {
    if (kind === 'todo') totals.skipped += Number(n);
    else totals[kind] += Number(n);
  }
}

function pipe(stream, out) {
  stream.on('data', (chunk) => {
    out.write(chunk);
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop();
    lines.forEach(count);
  });
}

/** Runs one Nx step, echoing and counting its output; resolves with its exit code. */
function run(args) {
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', NX_DAEMON: 'false' } });
    pipe(child.stdout, process.stdout);
    pipe(child.stderr, process.stderr);
    child.on('exit', (code) => {
      count(pending);
      pending = '';
      resolve(code ?? 1);
    });
  });
}

let code = 0;
const failedSteps = new Set();
const notRun = [];
for (const step of steps) {
  if (step.after && failedSteps.has(step.after)) {
    notRun.push(step.name);
    continue;
  }
  const stepCode = await run(step.args);
  if (stepCode !== 0) failedSteps.add(step.name);
  code = Math.max(code, stepCode);
}
const failed = code === 0 ? totals.failed : Math.max(totals.failed, 1);
if (notRun.length) console.log(`\nNot run: ${notRun.join(', ')} (the ${UNITS} failed)`);
console.log(`\n${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
process.exit(code);
