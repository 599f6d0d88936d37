/**
 * Nothing but the api opens the embedded catalog (issue 9, scope 1; contract §6). The reviewer
 * read every user's scrypt hash with `psql -U nobody` on the embedded catalog's port and made
 * himself ADMIN with one INSERT; its files were world-readable; the sample database accepted any
 * password. Always the embedded catalog (that is what is under test), whatever TEST_DATABASE_URL.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { ApiServer, embeddedCatalogPort, freePort, startApi } from '../support/api-server';
import { restClient } from '../support/http';
import { uniqueName } from '../support/geoserver';

let api: ApiServer | undefined;
let samplePort = 0;

beforeAll(async () => {
  samplePort = await freePort();
  // Two embedded databases to open (the catalog's, the sample's): slow on a loaded machine.
  api = await startApi({ embedded: true, env: { SAMPLE_DB: 'on', SAMPLE_DB_PORT: String(samplePort) }, readyTimeoutMs: 170_000 });
}, 180_000);

afterAll(async () => {
  await api?.stop();
}, 30_000);

/** The embedded catalog's port, from the api's own start-up line. */
const catalogPort = () => embeddedCatalogPort(api!);

async function login(port: number, user: string, password: string | undefined): Promise<unknown> {
  const c = new Client({ host: '127.0.0.1', port, database: 'postgres', user, password, connectionTimeoutMillis: 5_000 });
  c.on('error', () => undefined);
  try {
    await c.connect();
    await c.query('SELECT 1');
    return 'connected';
  } catch (err) {
    return err;
  } finally {
    await c.end().catch(() => undefined);
  }
}

describe('the embedded catalog', () => {
  it("refuses the issue's psql -U nobody, and any password but the api's own (28P01)", async () => {
    const port = catalogPort();
    expect(port).not.toBe(samplePort);
    for (const [user, password] of [
      ['nobody', 'x'],
      ['postgres', 'postgres'],
      ['postgres', 'wrong'],
    ] as const) {
      expect(await login(port, user, password)).toMatchObject({ code: '28P01' });
    }
    // No password at all: the client is asked for one and has none.
    expect(await login(port, 'postgres', undefined)).toBeInstanceOf(Error);
  });

  it('still serves the api itself', async () => {
    const rest = restClient(api!);
    const name = uniqueName('closed');
    expect(await rest.postXml('/workspaces', `<workspace><name>${name}</name></workspace>`)).toHaveStatus(201);
    expect(await rest.get(`/workspaces/${name}.json`)).toHaveStatus(200);
  });

  it('keeps its files readable by the owner only: directories 0700, files 0600', () => {
    const loose: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const at = join(dir, entry.name);
        if (entry.isSymbolicLink()) continue;
        const mode = statSync(at).mode & 0o777;
        if (entry.isDirectory()) {
          if (mode !== 0o700) loose.push(`${at} ${mode.toString(8)}`);
          walk(at);
        } else if (mode & 0o077) {
          loose.push(`${at} ${mode.toString(8)}`);
        }
      }
    };
    expect(statSync(api!.dataDir).mode & 0o777).toBe(0o700);
    walk(api!.dataDir);
    expect(loose).toEqual([]);
  });
});

describe('the sample database', () => {
  it('asks for its documented password: postgres/postgres works, anything else is refused', async () => {
    expect(await login(samplePort, 'postgres', 'postgres')).toBe('connected');
    expect(await login(samplePort, 'postgres', 'wrong')).toMatchObject({ code: '28P01' });
    expect(await login(samplePort, 'nobody', 'postgres')).toMatchObject({ code: '28P01' });
  });
});
