// Speed benchmark of the filter engine (not a test). Build the api first (it compiles the libs
// into apps/api/dist), then:  node libs/cql/bench/parse-translate.bench.mjs
// A 2 kB CQL2 text filter (comparisons, LIKE, IN, BETWEEN, CASEI, arithmetic, a 76-vertex polygon,
// a temporal interval) is parsed and translated to SQL, and its CQL2 JSON form too. The baseline,
// measured in the same run and alternated with it, is the engine's floor on this machine at that
// moment: V8's native JSON.parse of the same filter's JSON text. Prints medians and ranges over
// rounds (µs per filter) and the ratios.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../apps/api/dist');
const { parseCql, compileCql, toCql2Json } = require(`${dist}/libs/cql/src/index.js`);

const ring = Array.from({ length: 76 }, (_, k) => {
  const a = (k / 76) * 2 * Math.PI;
  return `${(7.45 + 0.5 * Math.cos(a)).toFixed(6)} ${(46.95 + 0.4 * Math.sin(a)).toFixed(6)}`;
});
ring.push(ring[0]);
const text = [
  "(name LIKE 'B%' OR CASEI(name) IN (casei('Zürich'), casei('Genève'), casei('Lausanne'), casei('Lugano')))",
  'pop BETWEEN 10000 AND 5000000 AND (pop / 1000 + 2) * 3 > area_km2 - 10',
  "NOT (kind = 'village' OR kind IS NULL) AND founded > DATE('1200-01-01')",
  "T_INTERSECTS(updated, INTERVAL('2020-01-01T00:00:00Z', '2024-12-31T23:59:59Z'))",
  `S_INTERSECTS(geom, POLYGON((${ring.join(', ')})))`,
  "canton IN ('BE', 'BS', 'ZH', 'GE', 'VD', 'TI', 'LU', 'SG', 'AG', 'VS') AND elevation >= 250.5",
  "(S_WITHIN(geom, BBOX(5.9, 45.8, 10.5, 47.8)) OR name = 'O''Brien') AND T_BEFORE(founded, DATE('1900-01-01'))",
].join(' AND ');
const json = JSON.stringify(toCql2Json(parseCql(text, 'cql2-text')));
const scope = {
  columns: new Map([
    ['name', { sql: 't."name"', type: 'string' }],
    ['kind', { sql: 't."kind"', type: 'string' }],
    ['canton', { sql: 't."canton"', type: 'string' }],
    ['pop', { sql: 't."pop"', type: 'integer' }],
    ['area_km2', { sql: 't."area_km2"', type: 'number' }],
    ['elevation', { sql: 't."elevation"', type: 'number' }],
    ['founded', { sql: 't."founded"', type: 'date' }],
    ['updated', { sql: 't."updated"', type: 'timestamp' }],
    ['geom', { sql: 't."geom"', type: 'geometry' }],
  ]),
  geometry: { sql: 't."geom"', srid: 4326, geographic: true },
};

const cases = {
  'JSON.parse (baseline)': () => JSON.parse(json),
  'cql2-text parse + translate': () => compileCql(parseCql(text, 'cql2-text'), scope, []),
  'cql2-json parse + translate': () => compileCql(parseCql(json, 'cql2-json'), scope, []),
};

/** µs per call over one round of n calls. */
function round(fn, n) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn();
  return Number(process.hrtime.bigint() - t0) / 1000 / n;
}

const N = 500;
const ROUNDS = 15;
for (const fn of Object.values(cases)) round(fn, N); // warm up
const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (let r = 0; r < ROUNDS; r++) for (const [k, fn] of Object.entries(cases)) samples[k].push(round(fn, N));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`filter: ${text.length} characters of CQL2 text, ${json.length} of CQL2 JSON; ${ROUNDS} alternated rounds of ${N}`);
const base = median(samples['JSON.parse (baseline)']);
for (const [k, xs] of Object.entries(samples)) {
  const m = median(xs);
  console.log(
    `${k.padEnd(30)} median ${m.toFixed(1).padStart(6)} µs  range ${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)} µs  ×${(m / base).toFixed(1)} baseline`,
  );
}
const worst = Math.max(...samples['cql2-text parse + translate'], ...samples['cql2-json parse + translate']);
console.log(`slowest round of parse + translate: ${worst.toFixed(1)} µs per filter (budget: 1000 µs)`);
