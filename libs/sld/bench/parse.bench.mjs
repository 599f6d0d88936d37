// Parse-speed benchmark for @geocatalog/sld (not a test): node libs/sld/bench/parse.bench.mjs
// Builds a ~1 MiB SLD from the shared corpus baseline and times parseXml and validateSld on it.
// The TypeScript sources are compiled in memory with the repo's own `typescript`; nothing is written.
import { createRequire } from 'node:module';
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ts = require('typescript');
require.extensions['.ts'] = (module, filename) => {
  const source = readFileSync(filename, 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    fileName: filename,
  });
  module._compile(outputText, filename);
};

const here = path.dirname(fileURLToPath(import.meta.url));
const { parseXml, validateSld } = require(path.join(here, '../src/index.ts'));

const baseline = path.resolve(here, '../../../../shared/sld-corpus/baselines/sld10-base.sld');
if (!existsSync(baseline)) throw new Error(`corpus baseline not found at ${baseline}`);
const base = readFileSync(baseline, 'utf8');

// Repeat the baseline's FeatureTypeStyle until the document passes 1 MiB.
const open = base.indexOf('<FeatureTypeStyle>');
const close = base.indexOf('</FeatureTypeStyle>') + '</FeatureTypeStyle>'.length;
const style = base.slice(open, close);
const copies = Math.ceil((1024 * 1024) / style.length);
const document = base.slice(0, open) + Array.from({ length: copies }, () => style).join('\n      ') + base.slice(close);

// The first parse in the process runs before the JIT has optimized anything: what a cold api pays.
const coldStart = process.hrtime.bigint();
const check = parseXml(document);
const cold = Number(process.hrtime.bigint() - coldStart) / 1e6;
if (check.issues.length > 0 || validateSld(document).valid !== true) throw new Error('benchmark document is not valid');

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
  console.log(`${label}: median ${median.toFixed(2)} ms, min ${samples[0].toFixed(2)} ms, max ${samples.at(-1).toFixed(2)} ms`);
}

let elements = 0;
const count = (element) => {
  elements++;
  for (const child of element.children) if (child.kind === 'element') count(child);
};
count(check.root);
console.log(`document: ${(document.length / 1024 / 1024).toFixed(2)} MiB, ${elements} elements`);
console.log(`parseXml, first call (cold): ${cold.toFixed(2)} ms`);
time('parseXml', () => parseXml(document));
time('validateSld(string)', () => validateSld(document));
const bytes = new TextEncoder().encode(document);
time('validateSld(bytes)', () => validateSld(bytes));
