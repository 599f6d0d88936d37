import * as net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketHandler, PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket';
import { errorText } from './errors';
import { pgliteLibs } from './pglite-libs';
import { BackendScheduler } from './scheduler';
import { errorResponse } from './wire-protocol';
import { authenticate, ScramVerifier } from './wire-auth';

/** The TCP server: logs clients in (wire-auth.ts), then hands them to PGlite through the scheduler. */
export class WireServer {
  private readonly server: net.Server;
  private readonly scheduler: BackendScheduler;
  private readonly connections = new Map<number, { handler: PGLiteSocketHandler; socket: net.Socket }>();
  /** Every open socket, also refused/killed ones still flushing, so close() can destroy them all. */
  private readonly sockets = new Set<net.Socket>();
  private closing = false;
  port = 0;

  constructor(
    db: PGlite,
    private readonly opts: { hardLimit: number; idleTimeoutMs: number; log: (msg: string) => void; user: string; verifier: ScramVerifier },
  ) {
    this.scheduler = new BackendScheduler(db, opts.idleTimeoutMs, {
      onTerminate: (id) => this.connections.delete(id),
      kill: (id, error) => this.kill(id, error),
      log: opts.log,
    });
    this.server = net.createServer((socket) => this.accept(socket));
  }

  listen(host: string, port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      this.server.once('error', onError);
      this.server.listen(port, host, () => {
        this.server.off('error', onError);
        this.server.on('error', (err) => this.opts.log(`embedded PostgreSQL server error: ${err.message}`));
        this.port = (this.server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  private accept(socket: net.Socket): void {
    socket.on('error', () => undefined); // errors are handled through 'close'; never crash the process
    if (this.closing) {
      socket.destroy();
      return;
    }
    for (const s of this.sockets) if (s.destroyed) this.sockets.delete(s);
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket)); // (PGLiteSocketHandler.detach removes it: pruned above)
    if (this.connections.size >= this.opts.hardLimit || this.sockets.size > this.opts.hardLimit * 4) {
      this.opts.log(`embedded PostgreSQL: refusing a connection, ${this.connections.size} open`);
      socket.end(errorResponse('FATAL', '53300', `sorry, too many clients already (${this.opts.hardLimit})`));
      setTimeout(() => socket.destroy(), 1000).unref();
      return;
    }
    // Nothing reaches PGlite before the client has proven it knows the password.
    authenticate(socket, this.opts.user, this.opts.verifier).then(
      (startup) => this.serve(socket, startup),
      (err: unknown) => this.opts.log(`embedded PostgreSQL: login refused from ${socket.remoteAddress ?? '?'}: ${errorText(err)}`),
    );
  }

  /** Hands a logged-in connection to PGlite, replaying its StartupMessage. */
  private serve(socket: net.Socket, startup: Buffer): void {
    if (this.closing || socket.destroyed) {
      socket.destroy();
      return;
    }
    const handler = new (pgliteLibs().PGLiteSocketHandler)({
      queryQueue: this.scheduler as unknown as PGLiteSocketHandlerOptions['queryQueue'],
      closeOnDetach: true,
    });
    const id = handler.handlerId;
    this.connections.set(id, { handler, socket });
    let forgotten = false;
    const gone = () => {
      this.connections.delete(id);
      if (socket.destroyed) this.sockets.delete(socket);
      if (forgotten) return;
      forgotten = true;
      // detach() (run by the handler on close/error) resets the session; forget the id afterwards.
      setTimeout(() => this.scheduler.forget(id), 1000).unref();
    };
    handler.addEventListener('close', gone);
    handler.addEventListener('error', gone);
    socket.once('close', gone);
    handler
      .attach(socket)
      .then(() => socket.emit('data', startup))
      .catch((err: unknown) => {
        this.opts.log(`embedded PostgreSQL: cannot attach a connection: ${errorText(err)}`);
        gone();
        socket.destroy();
      });
  }

  private kill(id: number, error: Buffer): void {
    const conn = this.connections.get(id);
    this.connections.delete(id);
    if (!conn) return;
    const { socket } = conn;
    if (socket.writable) socket.end(error, () => socket.destroy());
    else socket.destroy();
    setTimeout(() => socket.destroy(), 1000).unref();
  }

  async close(): Promise<void> {
    this.closing = true;
    const serverClosed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    const conns = [...this.connections.values()];
    this.connections.clear();
    await Promise.allSettled(conns.map(({ handler }) => handler.detach(true)));
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    try {
      await this.scheduler.close();
    } catch (err) {
      this.opts.log(`embedded PostgreSQL: could not reset the last session before closing: ${errorText(err)}`);
    }
    await serverClosed;
  }
}
