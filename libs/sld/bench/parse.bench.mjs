// Speed benchmark for @geocatalog/sld (not a test): node libs/sld/bench/parse.bench.mjs [--check]
// Builds ~1 MiB SLD 1.0.0 and SE 1.1.0 documents from the shared corpus baselines and times
// parseXml and validateSld (well-formedness, schema, checks beyond the schema) on them. The budget
// is 50 ms for validateSld on 1 MiB; --check exits 1 when a median is over it.
// The TypeScript sources are compiled in memory with the repo's own `typescript`; nothing is written.
import { createRequire } from 'node:module';
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const BUDGET_MS = 50;
const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const requireTs = require('../scripts/require-ts.cjs');
const { parseXml, validateSld } = requireTs(path.join(here, '../src/index.ts'));

/** The baseline with its (first) FeatureTypeStyle repeated until the document passes 1 MiB. */
function oneMebibyte(file, open, close) {
  const baseline = path.resolve(here, '../../../../shared/sld-corpus/baselines', file);
  if (!existsSync(baseline)) throw new Error(`corpus baseline not found at ${baseline}`);
  const base = readFileSync(baseline, 'utf8');
  const start = base.indexOf(open);
  const end = base.indexOf(close) + close.length;
  const style = base.slice(start, end);
  const copies = Math.ceil((1024 * 1024) / style.length);
  return base.slice(0, start) + Array.from({ length: copies }, () => style).join('\n      ') + base.slice(end);
}

function time(label, run, rounds = 50) {
  for (let i = 0; i < 10; i++) run(); // warm-up: let the JIT settle
  const samples = [];
  for (let i = 0; i < rounds; i++) {
    const start = process.hrtime.bigint();
    run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  console.log(`  ${label}: median ${median.toFixed(2)} ms, min ${samples[0].toFixed(2)} ms, max ${samples.at(-1).toFixed(2)} ms`);
  return median;
}

const documents = [
  ['SLD 1.0.0', oneMebibyte('sld10-base.sld', '<FeatureTypeStyle>', '</FeatureTypeStyle>')],
  ['SE 1.1.0', oneMebibyte('se11-base.sld', '<se:FeatureTypeStyle>', '</se:FeatureTypeStyle>')],
];

let over = false;
for (const [label, document] of documents) {
  const bytes = new TextEncoder().encode(document);
  // The first call in the process runs before the JIT has optimized anything: what a cold api pays.
  const coldStart = process.hrtime.bigint();
  const result = validateSld(bytes);
  const cold = Number(process.hrtime.bigint() - coldStart) / 1e6;
  if (!result.valid) throw new Error(`benchmark document is not valid: ${JSON.stringify(result.issues.slice(0, 3))}`);
  let elements = 0;
  const count = (element) => {
    elements++;
    for (const child of element.children) if (child.kind === 'element') count(child);
  };
  count(parseXml(document).root);
  console.log(`${label}: ${(bytes.length / 1024 / 1024).toFixed(2)} MiB, ${elements} elements; validateSld first call (cold): ${cold.toFixed(2)} ms`);
  time('parseXml (whole tree)', () => parseXml(document));
  const string = time('validateSld(string)', () => validateSld(document));
  const fromBytes = time('validateSld(bytes)', () => validateSld(bytes));
  if (Math.max(string, fromBytes) > BUDGET_MS) over = true;
}
console.log(over ? `OVER the ${BUDGET_MS} ms budget` : `within the ${BUDGET_MS} ms budget`);
if (over && process.argv.includes('--check')) process.exitCode = 1;
