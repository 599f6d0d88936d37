// The data rules' cost on the request path (issue 25), in one run, rounds alternated:
//   1. GET of a data store in XML by a READER (whom AccessCheck checks) against the same
//      GET by ADMIN (who passes every rule and skips the check: rules on vs none), on a catalog with
//      the fresh rules and on one with 1,000 more rules;
//   2. a 100-feature OGC API items page (a read path: ReadAccess checks the service rule and the
//      layer for every caller) by a READER on the catalog with 1,000 more rules against the same page
//      on the fresh catalog, and ADMIN's page on each;
//   3. the decision itself, in process: what a read path asks of the built AccessDecision with
//      1,000 rules (service rule, layer read, public answer), per request, beside the page's time.
// Two api processes (one per catalog) sharing one PostGIS database, one measured at a time.
// Needs TEST_DATABASE_URL and the built api. Prints requests/s and the ratios.
import autocannon from 'autocannon';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createDatabase, createDataStoreOn, query, startApi } from './lib.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** 1,000 rules on other workspaces' layers, as a large catalog holds them. */
const MANY_RULES = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`ws${i}.layer${i}.r`, `ROLE_${i % 50}`]));

const data = await createDatabase('gc_bench_rules_data', { postgis: true });
await query(data.name, 'CREATE TABLE points (id serial PRIMARY KEY, name text, value double precision, geom geometry(Point, 4326))');
await query(
  data.name,
  `INSERT INTO points (name, value, geom) SELECT 'p' || i, i * 0.5, ST_SetSRID(ST_MakePoint(-120 + (i % 100) * 0.5, 30 + (i / 100) * 0.2), 4326) FROM generate_series(1, 1000) i`,
);
const catalogs = [await createDatabase('gc_bench_rules_fresh'), await createDatabase('gc_bench_rules_many')];
const apis = [];
try {
  for (const catalog of catalogs) apis.push(await startApi(catalog.url, { workers: 1 }));
  const reader = `Basic ${Buffer.from('reader:reader-pw').toString('base64')}`;
  for (const api of apis) {
    const created = await createDataStoreOn(api, data.name);
    await created(
      await api.send(
        'POST',
        '/workspaces/bench/datastores/data/featuretypes',
        '<featureType><name>points</name><nativeName>points</nativeName><nativeCRS>EPSG:4326</nativeCRS></featureType>',
      ),
      'POST featuretype',
    );
    await api.send('POST', '/security/usergroup/users', '<user><userName>reader</userName><password>reader-pw</password><enabled>true</enabled></user>');
    await api.send('POST', '/security/roles/role/READER/user/reader');
  }
  const res = await apis[1].send('POST', '/security/acl/layers', JSON.stringify(MANY_RULES), 'application/json');
  if (res.status !== 200) throw new Error(`adding 1,000 rules answered ${res.status}`);

  const storeUrl = (api) => `${api.rest}/workspaces/bench/datastores/data.xml`;
  const itemsUrl = (api) => `${api.rest.replace(/\/rest$/, '')}/ogc/features/v1/collections/bench:points/items?limit=100`;
  for (const api of apis) {
    for (const [url, auth] of [
      [storeUrl(api), reader],
      [itemsUrl(api), reader],
    ]) {
      const check = await fetch(url, { headers: { authorization: auth } });
      if (check.status !== 200) throw new Error(`GET ${url} answered ${check.status}`);
      if (url.includes('/items') && (await check.json()).numberReturned !== 100) throw new Error('the items page holds other than 100 features');
    }
  }
  const run = async (url, auth) => {
    const r = await autocannon({ url, connections: 8, duration, headers: { authorization: auth } });
    if (r.non2xx) throw new Error(`${r.non2xx} answers of ${url} were not 2xx`);
    return r.requests.average;
  };
  const cases = {
    'store ADMIN, 1,000 rules': () => run(storeUrl(apis[1]), apis[1].auth),
    'store READER, 1,000 rules': () => run(storeUrl(apis[1]), reader),
    'store ADMIN, fresh': () => run(storeUrl(apis[0]), apis[0].auth),
    'store READER, fresh': () => run(storeUrl(apis[0]), reader),
    'items READER, fresh': () => run(itemsUrl(apis[0]), reader),
    'items READER, 1,000 rules': () => run(itemsUrl(apis[1]), reader),
    'items ADMIN, fresh': () => run(itemsUrl(apis[0]), apis[0].auth),
    'items ADMIN, 1,000 rules': () => run(itemsUrl(apis[1]), apis[1].auth),
  };
  const results = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let i = 0; i < rounds; i++) {
    // Alternate the order too, so that neither side always runs on a warmer (or hotter) machine.
    const order = i % 2 ? Object.keys(cases).reverse() : Object.keys(cases);
    for (const name of order) results[name].push(await cases[name]());
  }
  for (const [name, values] of Object.entries(results)) console.log(`${name}: ${values.map((x) => x.toFixed(0)).join('/')} req/s`);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ratio = (a, b) => results[a].map((x, i) => x / results[b][i]);
  const show = (label, xs) => console.log(`${label}: ${xs.map((x) => x.toFixed(3)).join('/')} (median ${median(xs).toFixed(3)})`);
  show('store READER/ADMIN, 1,000 rules (rules on vs none)', ratio('store READER, 1,000 rules', 'store ADMIN, 1,000 rules'));
  show('store READER/ADMIN, fresh rules', ratio('store READER, fresh', 'store ADMIN, fresh'));
  show('items READER 1,000 rules / fresh', ratio('items READER, 1,000 rules', 'items READER, fresh'));
  show('items ADMIN 1,000 rules / fresh', ratio('items ADMIN, 1,000 rules', 'items ADMIN, fresh'));

  // The decision a read path makes, in process, with the 1,000 rules (and the root rules).
  // The decision lives in catalog-model (compiled into the api's dist); ReadScope in the api.
  const dist = path.join(here, '../../apps/api/dist');
  const { decisionOf, ANONYMOUS_CALLER } = require(path.join(dist, 'libs/catalog-model/src/access/index.js'));
  const { ReadScope } = require(path.join(dist, 'apps/api/src/access/read-access.js'));
  const decision = decisionOf(Object.entries({ '*.*.r': 'AUTHENTICATED', '*.*.w': 'ADMIN', '*.*.a': 'ADMIN', ...MANY_RULES }));
  const caller = { roles: ['READER'], anonymous: false };
  const n = 200_000;
  let kept = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const scope = new ReadScope(decision, caller, 'features', 'getFeatures');
    if (!decision.usesService(caller, 'features', 'getFeatures')) throw new Error('refused');
    if (scope.readsCollection('bench:points')) kept++;
    if (scope.publicCollection('bench:points')) kept--;
  }
  const perRequestUs = ((performance.now() - t0) * 1000) / n;
  if (kept !== n || ANONYMOUS_CALLER.anonymous !== true) throw new Error('unexpected decision');
  // At N requests/s, one request costs the server 1e6/N µs of its time (the api is one process).
  const pageUs = 1e6 / median(results['items READER, 1,000 rules']);
  console.log(
    `decision per read-path request (1,000 rules): ${perRequestUs.toFixed(2)} µs, against ${pageUs.toFixed(0)} µs of server time per ` +
      `100-feature page: ${((100 * perRequestUs) / pageUs).toFixed(3)}%`,
  );
} finally {
  for (const api of apis) await api.stop();
  for (const db of [...catalogs, data]) await db.drop?.();
}
