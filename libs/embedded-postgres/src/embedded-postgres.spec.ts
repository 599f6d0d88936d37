import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client, Pool } from 'pg';
import { DataSource, EntitySchema } from 'typeorm';
import { EMBEDDED_PG_LOCK_FILE, type EmbeddedPostgres, startEmbeddedPostgres } from '.';

// One PGlite data directory shared by the whole file: a cold start costs seconds, a reopen well under one.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'geocatalog-epg-'));
const dataDir = path.join(root, 'catalog-db'); // does not exist yet: must be created
const lockFile = path.join(dataDir, EMBEDDED_PG_LOCK_FILE);
const logs: string[] = [];
const log = (m: string) => logs.push(m);

let epg: EmbeddedPostgres;

function quietClient(url: string): Client {
  const c = new Client({ connectionString: url });
  c.on('error', () => undefined);
  return c;
}

function writeLock(pid: number, token = 'someone-else'): void {
  fs.writeFileSync(lockFile, JSON.stringify({ pid, host: os.hostname(), start: null, token, since: 'earlier' }));
}

beforeAll(async () => {
  epg = await startEmbeddedPostgres({ dataDir, log, idleInTransactionTimeoutMs: 1000 });
}, 60_000);

afterAll(async () => {
  await epg?.close();
  fs.rmSync(root, { recursive: true, force: true });
}, 30_000);

describe('startEmbeddedPostgres', () => {
  it('serves the wire protocol on 127.0.0.1 with a lock file holding our PID', async () => {
    expect(epg.url).toMatch(new RegExp(`^postgres://postgres:[A-Za-z0-9_-]{32}@127\\.0\\.0\\.1:${epg.port}/postgres$`));
    expect(epg.port).toBeGreaterThan(0);
    expect(epg.maxConnections).toBe(8);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(process.pid);
    const c = quietClient(epg.url);
    await c.connect();
    const { rows } = await c.query('SELECT $1::int + 1 AS v, current_database() AS db', [41]);
    expect(rows).toEqual([{ v: 42, db: 'postgres' }]);
    await c.end();
  }, 10_000);

  it('lets in only who knows the per-start password (SCRAM-SHA-256): no password, a wrong one or another user → 28P01', async () => {
    const url = new URL(epg.url);
    const attempts = [
      { user: 'postgres', password: 'not-the-password' },
      { user: 'nobody', password: decodeURIComponent(url.password) },
      { user: 'nobody', password: 'x' },
    ];
    for (const a of attempts) {
      const c = new Client({ host: url.hostname, port: Number(url.port), database: 'postgres', ...a });
      c.on('error', () => undefined);
      await expect(c.connect()).rejects.toMatchObject({ code: '28P01' });
    }
    // A client without a password gives up when asked for one: nothing is served to it either.
    const none = new Client({ host: url.hostname, port: Number(url.port), database: 'postgres', user: 'postgres' });
    none.on('error', () => undefined);
    await expect(none.connect()).rejects.toThrow();
    // Garbage on the socket is refused without harm; the server goes on serving.
    await new Promise<void>((resolve) => {
      const s = net.connect(Number(url.port), url.hostname, () => s.write(Buffer.from('\u0000\u0000\u0000\u0008garbage!', 'latin1')));
      s.on('error', () => undefined);
      s.on('data', () => undefined); // read, so the refusal and the close are seen
      s.on('close', () => resolve());
    });
    expect(logs.some((l) => /login refused/.test(l))).toBe(true);
    const c = quietClient(epg.url);
    await c.connect();
    expect((await c.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await c.end();
  }, 20_000);

  it('runs concurrent transactions from 4 pool clients without lost updates', async () => {
    const pool = new Pool({ connectionString: epg.url, max: 4 });
    pool.on('error', () => undefined);
    try {
      await pool.query('CREATE TABLE item (id int PRIMARY KEY, worker int NOT NULL, label text)');
      await pool.query('CREATE TABLE counter (n int NOT NULL)');
      await pool.query('INSERT INTO counter VALUES (0)');
      await Promise.all(
        [0, 1, 2, 3].map(async (w) => {
          const c = await pool.connect();
          try {
            for (let i = 0; i < 10; i++) {
              await c.query('BEGIN');
              const { rows } = await c.query('SELECT n FROM counter');
              await c.query('UPDATE counter SET n = $1', [rows[0].n + 1]);
              await c.query('INSERT INTO item VALUES ($1, $2, $3)', [w * 100 + i, w, `w${w}-${i}`]);
              await c.query('COMMIT');
            }
            await c.query('BEGIN');
            await c.query('INSERT INTO item VALUES ($1, $2, $3)', [w * 100 + 99, w, 'rolled back']);
            await c.query('ROLLBACK');
          } finally {
            c.release();
          }
        }),
      );
      const counts = await pool.query('SELECT worker, count(*)::int AS n FROM item GROUP BY worker ORDER BY worker');
      expect(counts.rows).toEqual([0, 1, 2, 3].map((w) => ({ worker: w, n: 10 })));
      expect((await pool.query('SELECT n FROM counter')).rows[0].n).toBe(40);
    } finally {
      await pool.end();
    }
  }, 20_000);

  it('keeps the extended-protocol messages of different connections apart (large parameters)', async () => {
    // pglite-socket's own queue interleaved Parse/Bind of different sockets when a message spans TCP reads.
    const pool = new Pool({ connectionString: epg.url, max: epg.maxConnections });
    pool.on('error', () => undefined);
    try {
      const big = 'x'.repeat(4 * 1024 * 1024); // 4 MB: reproduced the mix-up on every run, 1 MB did not
      const results = await Promise.all([
        ...[1, 2, 3].map((k) => pool.query('SELECT length($1::text) + $2::int AS v', [big, k]).then((r) => r.rows[0].v === big.length + k)),
        ...Array.from({ length: 60 }, (_, i) => pool.query('SELECT $1::int AS v', [i]).then((r) => r.rows[0].v === i)),
      ]);
      expect(results.every(Boolean)).toBe(true);
    } finally {
      await pool.end();
    }
  }, 20_000);

  it('rolls back the transaction of a client that disconnects, so others are not stuck', async () => {
    const a = quietClient(epg.url);
    await a.connect();
    await a.query('BEGIN');
    await a.query(`INSERT INTO item VALUES (-1, -1, 'uncommitted')`);
    (a as unknown as { connection: { stream: import('node:net').Socket } }).connection.stream.destroy();

    const b = quietClient(epg.url);
    await b.connect();
    const started = Date.now();
    const { rows } = await b.query('SELECT count(*)::int AS n FROM item WHERE id = -1');
    expect(rows[0].n).toBe(0);
    expect(Date.now() - started).toBeLessThan(500);
    await b.end();
    expect(logs.some((m) => m.includes('rolled back'))).toBe(true);
  }, 10_000);

  it('terminates a connection idle in a transaction while others wait (would deadlock otherwise)', async () => {
    const pool = new Pool({ connectionString: epg.url, max: 4 });
    pool.on('error', () => undefined);
    try {
      const tx = await pool.connect();
      tx.on('error', () => undefined);
      await tx.query('BEGIN');
      await tx.query(`INSERT INTO item VALUES (-2, -2, 'abandoned')`);
      // A query on another client inside the transaction: waits for the single backend until the timeout.
      const { rows } = await pool.query('SELECT count(*)::int AS n FROM item WHERE id = -2');
      expect(rows[0].n).toBe(0);
      await expect(tx.query('COMMIT')).rejects.toThrow();
      tx.release(true);
      expect(logs.some((m) => m.includes('idle in transaction'))).toBe(true);
    } finally {
      await pool.end();
    }
  }, 10_000);

  it('works with TypeORM (type postgres, extra.max)', async () => {
    const Label = new EntitySchema<{ id: number; name: string }>({
      name: 'Label',
      tableName: 'label',
      columns: { id: { type: Number, primary: true, generated: true }, name: { type: String, unique: true } },
    });
    const ds = new DataSource({ type: 'postgres', url: epg.url, entities: [Label], synchronize: true, extra: { max: epg.maxConnections } });
    await ds.initialize();
    try {
      const repo = ds.getRepository(Label);
      await Promise.all(Array.from({ length: 12 }, (_, i) => repo.save({ name: `l${i}` })));
      const failed = await ds
        .transaction(async (m) => {
          await m.insert(Label, { name: 'dup' });
          await m.insert(Label, { name: 'dup' });
        })
        .catch((e: { code?: string }) => e.code);
      expect(failed).toBe('23505');
      expect(await repo.count()).toBe(12);
    } finally {
      await ds.destroy();
    }
  }, 20_000);

  it('answers "too many clients" beyond twice maxConnections', async () => {
    const clients: Client[] = [];
    try {
      for (let i = 0; i < epg.maxConnections * 2; i++) {
        const c = quietClient(epg.url);
        await c.connect();
        clients.push(c);
      }
      const extra = quietClient(epg.url);
      await expect(extra.connect()).rejects.toThrow(/too many clients/);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  }, 10_000);

  it('refuses a second open of the directory while it is open', async () => {
    await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(
      new RegExp(`data directory ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is already in use by this process`),
    );
  }, 10_000);

  it('close() is idempotent; a reopen of the same directory finds the data', async () => {
    await Promise.all([epg.close(), epg.close()]);
    await epg.close();
    expect(fs.existsSync(lockFile)).toBe(false);

    epg = await startEmbeddedPostgres({ dataDir, log });
    const c = quietClient(epg.url);
    await c.connect();
    expect((await c.query('SELECT count(*)::int AS n FROM item')).rows[0].n).toBe(40);
    expect((await c.query('SELECT n FROM counter')).rows[0].n).toBe(40);
    await c.end();
  }, 30_000);

  it('refuses a directory locked by another live process', async () => {
    await epg.close();
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeLock(other.pid as number);
      await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(`already in use by process ${other.pid}`);
      expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(other.pid); // left alone
    } finally {
      other.kill('SIGKILL');
    }
  }, 10_000);

  it('takes over a stale lock (dead PID, or our own PID from a previous incarnation)', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeLock(dead);
    epg = await startEmbeddedPostgres({ dataDir, log });
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(process.pid);
    expect(logs.some((m) => m.includes(`stale lock of process ${dead}`))).toBe(true);
    await epg.close();

    writeLock(process.pid, 'previous-incarnation'); // e.g. PID 1 again after a container restart
    epg = await startEmbeddedPostgres({ dataDir, log });
    const c = quietClient(epg.url);
    await c.connect();
    expect((await c.query('SELECT count(*)::int AS n FROM item')).rows[0].n).toBe(40);
    await c.end();
  }, 30_000);
});
