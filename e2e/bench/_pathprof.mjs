import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createBenchStore, createDatabase, startApi } from './lib.mjs';
const cpu = (pid) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; }; // ms
const catalog = await createDatabase('gc_pp');
const api = await startApi(catalog.url, { workers: 1 });
const { url, body } = await createBenchStore(api);
writeFileSync('/tmp/pp/body.xml', body);
const run = async (u, pid, label) => { const c0 = cpu(pid); const r = await autocannon({ url: u, connections: 32, duration: Number(process.env.S ?? 8), headers: { authorization: api.auth } }); const c1 = cpu(pid); console.log(label, r.requests.average.toFixed(0), 'req/s', ((c1 - c0) * 1000 / r.requests.total).toFixed(0), 'µs CPU/req', 'bytes/req', (r.throughput.total / r.requests.total).toFixed(0)); };
await run(url, api.pid, 'api warm');
await run(url, api.pid, 'api');
const bare = fork('/tmp/pp/bare.mjs', ['19377', catalog.url, api.auth, '/tmp/pp/body.xml'], { execArgv: (process.env.BARE_ARGS ?? '').split(' ').filter(Boolean) });
await new Promise((r) => bare.once('message', r));
const bu = 'http://127.0.0.1:19377/geoserver/rest/workspaces/bench/datastores/store.xml';
await run(bu, bare.pid, 'bare warm');
await run(bu, bare.pid, 'bare');
bare.send('exit'); await new Promise((r) => bare.once('exit', r));
await api.stop(); await catalog.drop();
