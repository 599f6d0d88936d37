// The data rules' cost on the request path (issue 25): GET of a data store in XML by a READER
// (whom AccessCheck checks) with the fresh catalog's rules, then with 1,000 more rules
// in the catalog, against the same GET by ADMIN (who passes every rule and skips the check), in
// one api process, alternating rounds. Reports requests/s and the ratios READER / ADMIN.
import autocannon from 'autocannon';
import { createBenchStore, createDatabase, startApi } from './lib.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const catalog = await createDatabase('gc_bench_rules');
const api = await startApi(catalog.url, { workers: 1 });
try {
  const { url } = await createBenchStore(api);
  await api.send('POST', '/security/usergroup/users', '<user><userName>reader</userName><password>reader-pw</password><enabled>true</enabled></user>');
  await api.send('POST', '/security/roles/role/READER/user/reader');
  const reader = `Basic ${Buffer.from('reader:reader-pw').toString('base64')}`;
  const check = await fetch(url, { headers: { authorization: reader } });
  if (check.status !== 200) throw new Error(`READER GET answered ${check.status}`);
  const run = async (auth) => {
    const r = await autocannon({ url, connections: 16, duration, headers: { authorization: auth } });
    if (r.non2xx) throw new Error(`${r.non2xx} answers were not 2xx`);
    return r.requests.average;
  };
  const measure = async (label) => {
    const admin = [];
    const read = [];
    for (let i = 0; i < rounds; i++) {
      admin.push(await run(api.auth));
      read.push(await run(reader));
    }
    const ratios = read.map((r, i) => r / admin[i]);
    console.log(
      `${label}: ADMIN ${admin.map((x) => x.toFixed(0)).join('/')} req/s, READER ${read.map((x) => x.toFixed(0)).join('/')} req/s, ` +
        `READER/ADMIN ${ratios.map((x) => x.toFixed(3)).join('/')}`,
    );
    return ratios;
  };
  const none = await measure('fresh rules (3 + mode)');
  const rules = {};
  for (let i = 0; i < 1000; i++) rules[`ws${i}.layer${i}.r`] = `ROLE_${i % 50}`;
  const res = await api.send('POST', '/security/acl/layers', JSON.stringify(rules), 'application/json');
  if (res.status !== 200) throw new Error(`adding 1,000 rules answered ${res.status}`);
  const many = await measure('1,000 more rules');
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`median READER/ADMIN: fresh ${median(none).toFixed(3)}, with 1,000 rules ${median(many).toFixed(3)}`);
} finally {
  await api.stop();
  await catalog.drop?.();
}
