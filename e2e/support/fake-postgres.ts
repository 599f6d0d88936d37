/**
 * A fake PostgreSQL server for security specs: it answers every login with
 * AuthenticationCleartextPassword — the request a hostile server makes to learn a password — and
 * records every password a client sends, then refuses the login. Enough of the wire protocol for
 * node-postgres: SSLRequest (answered `N`), StartupMessage, PasswordMessage.
 */
import { createServer, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface FakePostgres {
  readonly host: string;
  readonly port: number;
  /** Passwords received, in order. */
  readonly passwords: string[];
  /** Connections accepted (a refused write must not even connect). */
  readonly connections: number;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;

function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.concat([Buffer.from(`SFATAL\0C${code}\0M${message}\0`, 'utf8'), Buffer.of(0)]);
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

function serve(socket: Socket, passwords: string[]): void {
  let buffer = Buffer.alloc(0);
  let started = false;
  socket.on('error', () => undefined);
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (!started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        buffer = buffer.subarray(length);
        if (code === SSL_REQUEST) {
          socket.write('N');
          continue;
        }
        started = true;
        // AuthenticationCleartextPassword: 'R', length 8, code 3.
        const ask = Buffer.alloc(9);
        ask.write('R', 0);
        ask.writeInt32BE(8, 1);
        ask.writeInt32BE(3, 5);
        socket.write(ask);
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (buffer.length < length + 1) return;
      const type = String.fromCharCode(buffer[0]);
      const body = buffer.subarray(5, length + 1);
      buffer = buffer.subarray(length + 1);
      if (type === 'p') {
        passwords.push(body.subarray(0, Math.max(0, body.length - 1)).toString('utf8'));
        socket.end(errorResponse('28P01', 'password authentication failed'));
        return;
      }
    }
  });
}

export async function startFakePostgres(): Promise<FakePostgres> {
  const passwords: string[] = [];
  let connections = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, passwords);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    passwords,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A fake server for the enclosing spec file: started before its tests, closed after them. */
export function useFakePostgres(): FakePostgres {
  let server: FakePostgres | undefined;
  beforeAll(async () => {
    server = await startFakePostgres();
  });
  afterAll(async () => {
    await server?.close();
  });
  const live = () => {
    if (!server) throw new Error('fake PostgreSQL server not started');
    return server;
  };
  return {
    get host() {
      return live().host;
    },
    get port() {
      return live().port;
    },
    get passwords() {
      return live().passwords;
    },
    get connections() {
      return live().connections;
    },
    close: () => live().close(),
  };
}

/** PostGIS connection parameters of a store on `server` (database and user `gis`), with `overrides`. */
export function fakeStoreParams(server: FakePostgres, overrides: Record<string, string> = {}): Record<string, string> {
  return { host: server.host, port: String(server.port), database: 'gis', user: 'gis', dbtype: 'postgis', ...overrides };
}

/** A `<dataStore>` body whose parameters are `<entry key>` elements (any key spelling), with `extra` elements. */
export function storeEntriesXml(name: string, params: Record<string, string>, extra = ''): string {
  const entries = Object.entries(params)
    .map(([k, v]) => `<entry key="${k}">${v}</entry>`)
    .join('');
  return `<dataStore><name>${name}</name>${extra}<connectionParameters>${entries}</connectionParameters></dataStore>`;
}
