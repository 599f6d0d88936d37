// `npm run bench` part 1: GET of a data store in XML with Basic auth at 32 concurrent
// connections, on a fresh catalog database (TEST_DATABASE_URL's server, or embedded PGlite).
// Prints requests/s and latency percentiles. Target on a 2-core machine: 2,000 requests/s.
import autocannon from 'autocannon';
import { createBenchStore, createDatabase, serverUrl, startApi } from './lib.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

const catalog = serverUrl ? await createDatabase('gc_bench') : undefined;
const api = await startApi(catalog?.url);
try {
  const { url } = await createBenchStore(api);
  const headers = { authorization: api.auth };
  await autocannon({ url, connections, duration: 2, headers }); // warm-up
  const r = await autocannon({ url, connections, duration, headers });
  console.log(`GET data store (XML, Basic auth), ${connections} connections, ${duration} s, ${catalog ? 'PostgreSQL' : 'embedded PGlite'}:`);
  console.log(`  requests/s: ${r.requests.average.toFixed(0)} (total ${r.requests.total}, errors ${r.errors}, non-2xx ${r.non2xx})`);
  console.log(`  latency ms: p50 ${r.latency.p50}, p90 ${r.latency.p90}, p99 ${r.latency.p99}, max ${r.latency.max}`);
} finally {
  await api.stop();
  await catalog?.drop();
}
