// `npm run bench` part 4: what the change history costs writers, and how fast its events travel.
// 1. POST workspace, 8 connections, on PostgreSQL: history on, against the same build and
//    database with the history written to nothing (its capture triggers disabled: the call sent
//    with each COMMIT then finds nothing to move). Alternating runs; target ratio >= 0.8.
// 2. Two api processes on one catalog: a write through A, its event on B's /rest/events stream;
//    latency from A's answer to the event's arrival on B, p50/p99 (target p99 < 100 ms).
import autocannon from 'autocannon';
import http from 'node:http';
import { createDatabase, percentile, query, startApi } from './lib.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const eventWrites = Number(process.env.BENCH_EVENTS ?? 400);
const CAPTURES = [
  ['workspace', 'workspace_change'],
  ['data_store', 'data_store_change'],
  ['feature_type', 'feature_type_change'],
  ['layer', 'layer_change'],
  ['style', 'style_change'],
  ['app_user', 'app_user_change'],
  ['layer_style', 'layer_style_change'],
  ['user_role', 'user_role_change'],
];

async function history(database, on) {
  for (const [table, trigger] of CAPTURES) await query(database, `ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${trigger}`);
}

let counter = 0;
async function writeRate(api) {
  const r = await autocannon({
    url: `${api.rest}/workspaces`,
    method: 'POST',
    connections: 8,
    duration,
    headers: { authorization: api.auth, 'content-type': 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ workspace: { name: `w${process.pid}_${counter++}` } }) }) }],
  });
  if (r.non2xx || r.errors) throw new Error(`POST workspace: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r.requests.average;
}

/** Opens B's event stream; calls `seen(seq, at)` for every change event. */
function listen(api, seen) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${api.rest}/events`, { headers: { authorization: api.auth, accept: 'text/event-stream' } }, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        const at = performance.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) seen(JSON.parse(data.slice(6)), at);
        }
      });
      resolve(() => req.destroy());
    });
    req.on('error', reject);
  });
}

const catalog = await createDatabase('gc_bench_history');
const a = await startApi(catalog.url);
let b;
try {
  // Warm both ways up, then alternate the order round by round.
  await writeRate(a);
  await history(catalog.name, false);
  await writeRate(a);
  await history(catalog.name, true);
  const on = [];
  const off = [];
  for (let i = 0; i < rounds; i++) {
    for (const enabled of i % 2 ? [false, true] : [true, false]) {
      await history(catalog.name, enabled);
      (enabled ? on : off).push(await writeRate(a));
    }
  }
  await history(catalog.name, true);
  const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
  console.log(`POST workspace, 8 connections, ${duration} s x ${rounds} alternating rounds, PostgreSQL:`);
  console.log(`  history on:  ${on.map((x) => x.toFixed(0)).join(', ')} req/s (mean ${mean(on).toFixed(0)})`);
  console.log(`  history off: ${off.map((x) => x.toFixed(0)).join(', ')} req/s (mean ${mean(off).toFixed(0)})`);
  console.log(`  ratio on/off: ${(mean(on) / mean(off)).toFixed(2)} (target >= 0.8)`);

  b = await startApi(catalog.url);
  const answered = new Map();
  const latencies = [];
  const pending = new Map();
  const close = await listen(b, (change, at) => {
    if (change.kind !== 'workspace') return;
    const sent = answered.get(change.resource);
    if (sent !== undefined) latencies.push(Math.max(0, at - sent));
    else pending.set(change.resource, at);
  });
  for (let i = 0; i < eventWrites; i++) {
    const name = `ev${process.pid}_${i}`;
    const res = await a.send('POST', '/workspaces', JSON.stringify({ workspace: { name } }), 'application/json');
    const at = performance.now();
    if (res.status !== 201) throw new Error(`POST workspace answered ${res.status}`);
    await res.arrayBuffer();
    // The event may arrive before the answer does: that is a latency of 0.
    if (pending.has(`/workspaces/${name}`)) latencies.push(0);
    else answered.set(`/workspaces/${name}`, at);
    await new Promise((r) => setTimeout(r, 5));
  }
  await new Promise((r) => setTimeout(r, 1000));
  close();
  latencies.sort((x, y) => x - y);
  console.log(`Events across processes: ${eventWrites} workspaces created through A, their events on B's stream:`);
  console.log(
    `  received ${latencies.length}/${eventWrites}; latency ms after A's answer: p50 ${percentile(latencies, 50).toFixed(1)}, p99 ${percentile(latencies, 99).toFixed(1)}, max ${latencies[latencies.length - 1].toFixed(1)} (target p99 < 100)`,
  );
} finally {
  await b?.stop();
  await a.stop();
  await catalog.drop();
}
