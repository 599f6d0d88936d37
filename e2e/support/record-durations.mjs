// Writes support/durations.json, the order support/sequencer.js starts spec files in, from Jest
// JSON reports of one pass each: per pass (`e2e`, `e2e-embedded`) and spec file, whole seconds.
//   npx jest --runInBand --json --outputFile=/tmp/pg.json
//   npm run test:embedded -- --json --outputFile=/tmp/embedded.json
//   node support/record-durations.mjs e2e=/tmp/pg.json e2e-embedded=/tmp/embedded.json
// (A Jest report of both passes in one run cannot be used: its entries do not say their pass.)
// Or from one run of both passes, with support/durations-reporter.js (its header says how):
//   node support/record-durations.mjs suite=/tmp/e2e-durations.json
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const out = join(here, 'durations.json');
const args = process.argv.slice(2).map((arg) => /^([\w-]+)=(.+)$/.exec(arg));
if (!args.length || args.some((m) => !m)) {
  console.error('usage: node support/record-durations.mjs PASS=REPORT.json… (PASS: e2e or e2e-embedded; suite: a durations-reporter.js report)');
  process.exit(2);
}

const durations = JSON.parse(readFileSync(out, 'utf8'));
for (const [, pass, report] of args) {
  if (pass === 'suite') {
    for (const row of JSON.parse(readFileSync(report, 'utf8'))) (durations[row.pass] ??= {})[row.file] = Math.round(row.seconds);
    continue;
  }
  for (const file of JSON.parse(readFileSync(report, 'utf8')).testResults) {
    (durations[pass] ??= {})[relative(root, file.name)] = Math.round((file.endTime - file.startTime) / 1000);
  }
}
for (const pass of Object.keys(durations)) {
  durations[pass] = Object.fromEntries(Object.entries(durations[pass]).sort(([, a], [, b]) => b - a));
}
writeFileSync(out, JSON.stringify(durations, null, 2) + '\n');
console.log(
  `${out}: ${Object.entries(durations)
    .map(([pass, files]) => `${pass} ${Object.keys(files).length} files`)
    .join(', ')}`,
);
