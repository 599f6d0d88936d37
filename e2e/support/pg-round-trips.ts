/**
 * A TCP relay in front of a real PostgreSQL server that counts the round trips its clients make:
 * every frontend message that makes the server answer and wait for the next command — `Query`
 * (simple protocol) and `Sync` (the end of an extended-protocol batch: Parse/Bind/Execute…). What
 * the api sends to a data store is thus observed on the wire, with nothing added to the api.
 * Enough of the protocol for node-postgres without TLS: StartupMessage (and an SSLRequest or
 * CancelRequest, which carry no type byte), then typed messages.
 */
import { connect, createServer, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface RoundTripRelay {
  readonly host: string;
  readonly port: number;
  /** Round trips (Query and Sync messages) sent by every client since the last `reset`. */
  readonly roundTrips: number;
  /** Simple-protocol query texts seen since the last `reset` (BEGIN, DECLARE, FETCH…). */
  readonly simpleQueries: string[];
  reset(): void;
  close(): Promise<void>;
}

const UNTYPED = new Set([80877103 /* SSLRequest */, 80877102 /* CancelRequest */, 80877104 /* GSSENCRequest */]);

export async function startRoundTripRelay(target: { host: string; port: number }): Promise<RoundTripRelay> {
  let roundTrips = 0;
  const simpleQueries: string[] = [];
  const sockets = new Set<Socket>();

  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.pipe(client);
    let buffer = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          // The StartupMessage ends the untyped part; SSLRequest and the like come before it.
          if (!UNTYPED.has(buffer.readInt32BE(4))) started = true;
          buffer = buffer.subarray(length);
          continue;
        }
        if (buffer.length < 5) return;
        const length = buffer.readInt32BE(1);
        if (buffer.length < length + 1) return;
        const type = String.fromCharCode(buffer[0]);
        if (type === 'Q' || type === 'S') roundTrips++;
        if (type === 'Q') simpleQueries.push(buffer.subarray(5, length).toString('utf8').replace(/\0$/, ''));
        buffer = buffer.subarray(length + 1);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    get roundTrips() {
      return roundTrips;
    },
    get simpleQueries() {
      return simpleQueries;
    },
    reset() {
      roundTrips = 0;
      simpleQueries.length = 0;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
