/**
 * A connection test is no port scanner (issue 21, row 11; contract §5, §6). The reviewer told
 * services apart by the 502's text — `ECONNREFUSED`, `no answer within 10 s`, `unexpected copyData
 * message`, `password authentication failed`. Now whatever answers on a port, a failed test says
 * "unreachable" in the same words (the driver's reason goes to the api's log only); "wrong user or
 * password" only once a server has spoken PostgreSQL and refused the login. The same holds when a
 * feature type is published from such a store. Link-local addresses (cloud metadata services) are
 * refused before any connection unless STORE_HOSTS lists them; no packet is sent to one here.
 */
import { createServer, Server, Socket } from 'node:net';
import { freePort } from '../support/api-server';
import { createWorkspace, dataStoreBodyXml, useApiServer, useApiServerWithSampleDb } from '../support/catalog';
import { seedFeatureTypeXml } from '../support/featuretype';
import { uniqueName } from '../support/geoserver';

// A silent service is waited out (twice): a store deadline of 3 s instead of 10 s (STORE_TIMEOUT_SECONDS).
const ctx = useApiServerWithSampleDb({ STORE_TIMEOUT_SECONDS: '3' });
const listed = useApiServer({ env: { STORE_HOSTS: '169.254.0.0/16, fe80::/10, 127.0.0.0/8' } });

/** A TCP service on 127.0.0.1 that does `onSocket` with each connection. */
async function service(onSocket: (s: Socket) => void): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
    s.on('close', () => sockets.delete(s));
    onSocket(s);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A PostgreSQL look-alike: refuses TLS, then answers the startup message with a CopyData message. */
function unexpectedMessage(s: Socket): void {
  let started = false;
  s.on('data', (chunk: Buffer) => {
    if (!started && chunk.length >= 8 && chunk.readInt32BE(4) === 80877103) {
      s.write('N');
      return;
    }
    started = true;
    const copyData = Buffer.alloc(8);
    copyData.write('d', 0);
    copyData.writeInt32BE(7, 1);
    copyData.write('abc', 5);
    s.write(copyData);
  });
}

const SERVICES: Array<[string, (s: Socket) => void]> = [
  ['a silent TCP server', () => undefined],
  ['an HTTP server', (s) => s.once('data', () => s.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'))],
  [
    'an SSH server',
    (s) => {
      s.write('SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13\r\n');
      s.once('data', () => s.end('Invalid SSH identification string.\r\n'));
    },
  ],
  ['a PostgreSQL look-alike sending an unexpected message', unexpectedMessage],
];

function params(port: number, overrides: Record<string, string> = {}): Record<string, string> {
  return { host: '127.0.0.1', port: String(port), database: 'gis', user: 'gis', passwd: 'pw', dbtype: 'postgis', ...overrides };
}

/** A connection-test body naming a store (that need not exist), so the 502 names it the same each time. */
function probe(connection: Record<string, string>): string {
  return dataStoreBodyXml('probe', connection).replace('</name>', '</name><workspace><name>acme</name></workspace>');
}

it('a closed port and every service that is not PostgreSQL answer the identical 502, at the connection test and at publishing', async () => {
  const closed = await freePort();
  const ws = uniqueName('probe');
  await createWorkspace(ctx.api, ws);
  const answers: string[] = [];
  const publishes: string[] = [];
  const run = async (port: number) => {
    const test = await ctx.api.postXml('/datastores/connection-test', probe(params(port)));
    expect(test).toHaveStatus(502);
    answers.push(test.text);
    // Named by its turn, not its port: the kernel may give a later service the port of one closed before.
    const ds = `probed_${answers.length}`;
    expect(await ctx.api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml(ds, params(port)))).toHaveStatus(201);
    const publish = await ctx.api.postXml(`/workspaces/${ws}/datastores/${ds}/featuretypes`, seedFeatureTypeXml('states'));
    expect(publish).toHaveStatus(502);
    publishes.push(publish.text.replace(ds, 'DS'));
  };
  await run(closed);
  for (const [, onSocket] of SERVICES) {
    const svc = await service(onSocket);
    try {
      await run(svc.port);
    } finally {
      await svc.close();
    }
  }
  expect(answers).toEqual(Array(SERVICES.length + 1).fill("Data store 'acme:probe' is unreachable"));
  expect(publishes).toEqual(Array(SERVICES.length + 1).fill(`Data store '${ws}:DS' is unreachable`));
  // What did answer is for the api's log, not for the client.
  expect(ctx.server.output()).toContain('ECONNREFUSED');
  expect(ctx.server.output()).toContain('unexpected copyData message');
}, 90_000);

it('a PostgreSQL server that refuses the login: "wrong user or password"', async () => {
  // The sample database asks for its password (SCRAM-SHA-256): a wrong one.
  const sample = params(ctx.samplePort(), { database: 'postgres', user: 'postgres', passwd: 'not-the-password' });
  expect(await ctx.api.postXml('/datastores/connection-test', probe(sample))).toBeTextError(
    502,
    "Data store 'acme:probe' refused the login: wrong user or password",
  );
  // A real PostgreSQL (TEST_DATABASE_URL's server) refusing a user it does not know.
  const server = process.env.TEST_DATABASE_URL && new URL(process.env.TEST_DATABASE_URL);
  if (server) {
    const unknown = params(Number(server.port || 5432), { host: server.hostname, database: 'postgres', user: `gc_no_such_${uniqueName('u').toLowerCase()}` });
    expect(await ctx.api.postXml('/datastores/connection-test', probe(unknown))).toBeTextError(
      502,
      "Data store 'acme:probe' refused the login: wrong user or password",
    );
  }
  // The right password connects.
  const right = await ctx.api.postXml('/datastores/connection-test', probe({ ...sample, passwd: 'postgres' }));
  expect(right).toHaveStatus(200);
}, 60_000);

describe('link-local addresses', () => {
  it.each(['169.254.169.254', 'fe80::1', '::ffff:169.254.169.254'])(
    '%s is refused (400) at create, update and connection test, before connecting',
    async (host) => {
      const ws = uniqueName('ll');
      await createWorkspace(ctx.api, ws);
      const why = `Data stores may not connect to '${host}': ${host} is a link-local address (169.254.0.0/16, fe80::/10), which STORE_HOSTS does not list`;
      expect(await ctx.api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml('meta', params(80, { host })))).toBeTextError(400, why);
      expect(await ctx.api.get(`/workspaces/${ws}/datastores/meta.json`)).toHaveStatus(404);
      expect(await ctx.api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml('ok', params(await freePort())))).toHaveStatus(201);
      expect(await ctx.api.putXml(`/workspaces/${ws}/datastores/ok`, dataStoreBodyXml('ok', params(80, { host })))).toBeTextError(400, why);
      const test = await ctx.api.postXml('/datastores/connection-test', probe(params(80, { host })));
      expect(test).toBeTextError(400, why);
      expect(test.ms).toBeLessThan(2_000);
    },
  );

  it('listed in STORE_HOSTS, a link-local store can be saved (saving connects nowhere; this spec never tests it)', async () => {
    const ws = uniqueName('ll');
    await createWorkspace(listed.api, ws);
    expect(await listed.api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml('meta', params(80, { host: '169.254.169.254' })))).toHaveStatus(201);
    expect(await listed.api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml('meta6', params(80, { host: 'fe80::1' })))).toHaveStatus(201);
  });
});
