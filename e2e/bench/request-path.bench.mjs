// `npm run bench` part 5: the request path. GET of a data store in XML with Basic auth, 32
// connections, against a bare node:http server started here that checks the same header, runs
// the same catalog query with pg and sends the same bytes (bare-server.mjs), with as many
// processes as the api runs (WORKERS, default: one per core), alternating rounds. Reports
// requests/s and the ratio api / bare (issue 12 target: >= 0.7).
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBenchStore, createDatabase, startApi } from './lib.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const here = path.dirname(fileURLToPath(import.meta.url));
const processes = Number(process.env.WORKERS || availableParallelism());

const catalog = await createDatabase('gc_bench_path');
const api = await startApi(catalog.url, { workers: processes });
let bare;
try {
  const { url: apiUrl, body } = await createBenchStore(api);
  const bodyFile = path.join(mkdtempSync(path.join(tmpdir(), 'gc-bare-')), 'store.xml');
  writeFileSync(bodyFile, body);
  const port = 19300 + (process.pid % 500);
  bare = fork(path.join(here, 'bare-server.mjs'), [String(port), catalog.url, api.auth, bodyFile, String(processes)], { stdio: 'inherit' });
  await new Promise((resolve) => bare.once('message', resolve));
  const bareUrl = `http://127.0.0.1:${port}/geoserver/rest/workspaces/bench/datastores/store.xml`;
  const run = async (url) => (await autocannon({ url, connections: 32, duration, headers: { authorization: api.auth } })).requests.average;
  await run(apiUrl);
  await run(bareUrl);
  const ours = [];
  const base = [];
  for (let i = 0; i < rounds; i++) {
    for (const which of i % 2 ? ['bare', 'api'] : ['api', 'bare']) (which === 'api' ? ours : base).push(await run(which === 'api' ? apiUrl : bareUrl));
  }
  const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
  console.log(`GET data store (XML, Basic auth), 32 connections, ${duration} s x ${rounds} alternating rounds, ${processes} process(es) each:`);
  console.log(`  api:  ${ours.map((x) => x.toFixed(0)).join(', ')} req/s (mean ${mean(ours).toFixed(0)})`);
  console.log(`  bare node:http + pg, same query and bytes: ${base.map((x) => x.toFixed(0)).join(', ')} req/s (mean ${mean(base).toFixed(0)})`);
  console.log(`  ratio api/bare: ${(mean(ours) / mean(base)).toFixed(2)} (issue 12 target >= 0.7)`);
} finally {
  bare?.kill('SIGTERM');
  await api.stop();
  await catalog.drop();
}
