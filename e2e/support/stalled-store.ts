/**
 * Data-store hosts that are up but slow, for the specs of what a slow store may hold (contract
 * §6): a silent server (accepts, reads, never writes: the PostgreSQL startup message goes
 * unanswered until the api's deadline), and a relay to a real server that holds each new
 * connection for a while before it forwards anything (a store that answers, late).
 */
import { connect, createServer, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface StalledStore {
  readonly host: string;
  readonly port: number;
  /** Connections accepted so far. */
  readonly connections: number;
  /** Resolves once more than `count` connections have been accepted. */
  connectionAfter(count: number): Promise<void>;
  close(): Promise<void>;
}

async function listen(onSocket: (socket: Socket) => void): Promise<StalledStore> {
  let connections = 0;
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    onSocket(socket);
    for (const w of waiting.filter((w) => connections > w.count)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    connectionAfter: (count) => (connections > count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve }))),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A host that accepts connections and never answers. */
export function startSilentStore(): Promise<StalledStore> {
  return listen((socket) => socket.on('data', () => undefined));
}

/** A relay to `target` that forwards nothing, either way, for the first `holdMs` of each connection. */
export function startSlowStore(target: { host: string; port: number }, holdMs: number): Promise<StalledStore> {
  return listen((socket) => {
    socket.pause();
    const timer = setTimeout(() => {
      const upstream = connect(target.port, target.host);
      upstream.on('error', () => socket.destroy());
      socket.on('close', () => upstream.destroy());
      upstream.on('close', () => socket.destroy());
      socket.pipe(upstream).pipe(socket);
      socket.resume();
    }, holdMs);
    socket.on('close', () => clearTimeout(timer));
  });
}
