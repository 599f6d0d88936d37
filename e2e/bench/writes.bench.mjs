// `npm run bench` part 4b: what a write costs, and whether the default WORKERS writes as fast as
// one process. POST workspace (JSON, Basic auth), 8 connections, history on, on PostgreSQL: the
// api with one process against the api with the default WORKERS (or BENCH_WORKERS, e.g. 2), each
// on its own fresh catalog, in alternating rounds. For each: requests/s, and the CPU spent per
// POST by the api's processes and by the catalog's PostgreSQL backends (user + system from /proc:
// robust to other load on the machine, unlike requests/s). Targets (issue 22): the default never
// slower than one process; the api's CPU per POST <= 0.7 ms.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { createDatabase, startApi, treeCpuMs } from './lib.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
// Undefined: the api's own default (one per core on PostgreSQL, less one when it is on this machine).
const many = process.env.BENCH_WORKERS;
const warmup = Number(process.env.BENCH_WARMUP ?? 3000);

/** CPU ms so far of the PostgreSQL backends serving `database` (pid -> ms). */
async function backendCpu(admin, database) {
  const { rows } = await admin.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database]);
  const cpu = new Map();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // gone, or PostgreSQL is not on this machine
    }
  }
  return cpu;
}

let counter = 0;
/** One run against `api` (`duration` seconds, or `amount` requests): requests/s, api ms and PostgreSQL ms of CPU per POST. */
async function run(api, admin, database, amount) {
  const apiBefore = treeCpuMs(api.pid);
  const pgBefore = await backendCpu(admin, database);
  const r = await autocannon({
    url: `${api.rest}/workspaces`,
    method: 'POST',
    connections,
    ...(amount ? { amount } : { duration }),
    headers: { authorization: api.auth, 'content-type': 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ workspace: { name: `w${process.pid}_${counter++}` } }) }) }],
  });
  const apiMs = treeCpuMs(api.pid) - apiBefore;
  let pgMs = 0;
  for (const [pid, ms] of await backendCpu(admin, database)) pgMs += ms - (pgBefore.get(pid) ?? 0);
  if (r.non2xx || r.errors) throw new Error(`POST workspace: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const n = r.requests.total;
  return { rate: r.requests.average, apiMs: apiMs / n, pgMs: pgMs / n };
}

const loadAtStart = loadavg()[0];
const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
await admin.connect();
const setups = [];
try {
  for (const workers of [1, many]) {
    const catalog = await createDatabase('gc_bench_writes');
    // `workers` undefined with WORKERS unset in this environment: the api's own default.
    const api = await startApi(catalog.url, { workers: workers ?? (process.env.WORKERS || '') });
    setups.push({ catalog, api, label: workers === 1 ? '1 process' : `WORKERS=${workers ?? 'default'}`, figures: [] });
  }
  // Warm-up by count, not time: on a loaded machine a few seconds are too few requests for the JIT.
  for (const s of setups) await run(s.api, admin, s.catalog.name, warmup);
  for (let i = 0; i < rounds; i++) {
    for (const s of i % 2 ? [...setups].reverse() : setups) s.figures.push(await run(s.api, admin, s.catalog.name));
  }
  const mean = (xs) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
  console.log(
    `POST workspace (JSON, Basic auth), ${connections} connections, history on, PostgreSQL, ${duration} s x ${rounds} alternating rounds, ` +
      `load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (other work on the machine):`,
  );
  for (const s of setups) {
    const rates = s.figures.map((f) => f.rate);
    console.log(
      `  ${s.label}: ${rates.map((x) => x.toFixed(0)).join(', ')} req/s (mean ${mean(rates).toFixed(0)}); CPU per POST: ` +
        `api ${mean(s.figures.map((f) => f.apiMs)).toFixed(2)} ms, PostgreSQL ${mean(s.figures.map((f) => f.pgMs)).toFixed(2)} ms`,
    );
  }
  const [one, other] = setups.map((s) => mean(s.figures.map((f) => f.rate)));
  console.log(`  ratio ${setups[1].label} / 1 process: ${(other / one).toFixed(2)} (target >= 1); target api CPU per POST <= 0.7 ms`);
} finally {
  for (const s of setups) {
    await s.api.stop();
    await s.catalog.drop();
  }
  await admin.end();
}
