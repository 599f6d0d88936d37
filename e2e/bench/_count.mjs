import pg from 'pg';
import { createBenchStore, createDatabase, startApi, query } from './lib.mjs';
const catalog = await createDatabase('gc_cnt');
const api = await startApi(catalog.url, { workers: 1 });
const { url } = await createBenchStore(api);
for (let i = 0; i < 5; i++) await fetch(url, { headers: { authorization: api.auth } });
await query(catalog.name, `ALTER DATABASE ${catalog.name} SET log_statement = 'all'`);
// new connections pick the setting up; force the pool to reconnect is not possible, so also log via pg_stat_statements-less way:
await query(catalog.name, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
for (let i = 0; i < 3; i++) console.log((await fetch(url, { headers: { authorization: api.auth } })).status);
console.log('MARK');
for (let i = 0; i < 3; i++) console.log((await fetch(url, { headers: { authorization: api.auth } })).status);
await api.stop(); await catalog.drop();
