// `npm run bench` part 5: the request path. GET of a data store in XML with Basic auth, 32
// connections, against a bare node:http server started here that checks the same header, runs
// the same catalog query with pg and sends the same bytes (bare-server.mjs), with as many
// processes as the api runs (WORKERS, default: one per core), alternating rounds. Reports
// requests/s and the ratio api / bare (issue 12 target: >= 0.7). A second baseline is the design
// card's stack with nothing of ours (nest-floor-server.mjs: Nest + Express + passport Basic +
// TypeORM, one route, same query and bytes): what the framework alone allows. Then the CPU each
// server spends per request (its processes' user + system time from /proc), on the 401 path (no
// credentials: no database at all) and on the 200 path (issue 12 target for the 401 path of the
// api: < 60 µs).
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBenchStore, createDatabase, startApi, treeCpuMs } from './lib.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const here = path.dirname(fileURLToPath(import.meta.url));
const processes = Number(process.env.WORKERS || availableParallelism());

const loadAtStart = loadavg()[0];
const catalog = await createDatabase('gc_bench_path');
const api = await startApi(catalog.url, { workers: processes });
const baselines = [];
try {
  const { url: apiUrl, body } = await createBenchStore(api);
  const bodyFile = path.join(mkdtempSync(path.join(tmpdir(), 'gc-bare-')), 'store.xml');
  writeFileSync(bodyFile, body);
  const storePath = '/geoserver/rest/workspaces/bench/datastores/store.xml';
  /** A baseline server script started on its own port; resolves to its URL and process once it listens. */
  const start = async (script, port) => {
    const child = fork(path.join(here, script), [String(port), catalog.url, api.auth, bodyFile, String(processes)], { stdio: 'inherit' });
    baselines.push(child);
    await new Promise((resolve) => child.once('message', resolve));
    const url = `http://127.0.0.1:${port}${storePath}`;
    const check = await fetch(url, { headers: { authorization: api.auth } });
    const got = Buffer.from(await check.arrayBuffer());
    if (check.status !== 200 || !got.equals(body)) throw new Error(`${script} did not answer the same bytes: ${check.status} ${got.toString().slice(0, 200)}`);
    return { url, pid: child.pid };
  };
  const port = 19300 + (process.pid % 500);
  const servers = { api: { url: apiUrl, pid: api.pid }, bare: await start('bare-server.mjs', port), floor: await start('nest-floor-server.mjs', port + 500) };
  const run = async (url) => (await autocannon({ url, connections: 32, duration, headers: { authorization: api.auth } })).requests.average;
  const order = ['api', 'floor', 'bare'];
  for (const which of order) await run(servers[which].url); // warm-up
  const figures = { api: [], floor: [], bare: [] };
  for (let i = 0; i < rounds; i++) {
    // Each round in another order, so none is always measured first or last.
    const turn = order.map((_, k) => order[(k + i) % order.length]);
    for (const which of turn) figures[which].push(await run(servers[which].url));
  }
  const mean = (xs) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const line = (xs) => `${xs.map((x) => x.toFixed(0)).join(', ')} req/s (mean ${mean(xs).toFixed(0)})`;
  console.log(
    `GET data store (XML, Basic auth), 32 connections, ${duration} s x ${rounds} rounds in turn, ${processes} process(es) each, ` +
      `load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (other work on the machine):`,
  );
  console.log(`  api:  ${line(figures.api)}`);
  console.log(`  the card's stack alone (Nest + Express + passport Basic + TypeORM, one route), same query and bytes: ${line(figures.floor)}`);
  console.log(`  bare node:http + pg, same query and bytes: ${line(figures.bare)}`);
  console.log(`  ratio api/bare: ${(mean(figures.api) / mean(figures.bare)).toFixed(2)} (issue 12 target >= 0.7)`);
  console.log(
    `  ratio stack alone/bare: ${(mean(figures.floor) / mean(figures.bare)).toFixed(2)}; api/stack alone: ${(mean(figures.api) / mean(figures.floor)).toFixed(2)}`,
  );

  const cpuSeconds = Math.max(3, Math.round(duration / 2));
  console.log(`CPU per request (user + system of each server's processes, /proc), 32 connections, ${cpuSeconds} s each:`);
  for (const [what, headers, expected] of [
    ['401, no credentials (no database)', {}, 401],
    ['200, GET data store', { authorization: api.auth }, 200],
  ]) {
    const cells = [];
    for (const which of order) {
      const before = treeCpuMs(servers[which].pid);
      const r = await autocannon({ url: servers[which].url, connections: 32, duration: cpuSeconds, headers });
      const spent = treeCpuMs(servers[which].pid) - before;
      const answered = expected === 401 ? r['4xx'] : r['2xx'];
      if (answered !== r.requests.total)
        throw new Error(`${which} answered ${r.requests.total - answered} of ${r.requests.total} requests with another status than ${expected}`);
      cells.push(`${which} ${((spent * 1000) / r.requests.total).toFixed(0)} µs`);
    }
    console.log(`  ${what}: ${cells.join(', ')}`);
  }
} finally {
  for (const child of baselines) child.kill('SIGTERM');
  await api.stop();
  await catalog.drop();
}
