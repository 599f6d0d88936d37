import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Socket } from 'node:net';

/**
 * The login phase of the embedded PostgreSQL wire server: SCRAM-SHA-256 as PostgreSQL speaks it
 * (RFC 5802 / RFC 7677, no channel binding), before a connection reaches PGlite. PGlite itself
 * accepts anyone; without this, any local process could open the catalog (issue 9).
 *
 * `authenticate` reads the client's StartupMessage (answering SSL and GSS requests with `N`),
 * runs the exchange, and on success sends SASLFinal and resolves with the StartupMessage bytes:
 * replayed to PGlite, they make it answer AuthenticationOk, the parameters and ReadyForQuery, which
 * is exactly what a client expects after SASLFinal. On failure the client gets PostgreSQL's
 * FATAL 28P01 and the socket is closed.
 */

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
const ITERATIONS = 4096;
/** A client that has not logged in within this time is dropped. */
export const LOGIN_TIMEOUT_MS = 10_000;
const MAX_LOGIN_MESSAGE = 10_000;

/** What a server keeps of a password: never the password (RFC 5802 §3). */
export interface ScramVerifier {
  salt: Buffer;
  iterations: number;
  storedKey: Buffer;
  serverKey: Buffer;
}

export function scramVerifier(password: string, salt = randomBytes(16), iterations = ITERATIONS): ScramVerifier {
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  const clientKey = hmac(salted, 'Client Key');
  return { salt, iterations, storedKey: sha256(clientKey), serverKey: hmac(salted, 'Server Key') };
}

function hmac(key: Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function sha256(data: Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

/** Why a login was refused (the client is told PostgreSQL's generic words only). */
export class LoginRefused extends Error {}

/** The server side of one SCRAM exchange, message by message (no I/O: unit-testable). */
export class ScramExchange {
  private clientFirstBare = '';
  private serverFirst = '';
  private nonce = '';
  private gs2 = '';

  constructor(private readonly verifier: ScramVerifier) {}

  /** client-first-message → server-first-message. */
  first(clientFirst: string): string {
    const m = /^([ny]),(?:a=[^,]*)?,(n=[^,]*,r=([\x21-\x2b\x2d-\x7e]+)(?:,.*)?)$/.exec(clientFirst);
    if (!m) throw new LoginRefused(clientFirst.startsWith('p=') ? 'channel binding is not supported' : 'malformed SCRAM client-first-message');
    this.gs2 = clientFirst.slice(0, clientFirst.indexOf(',', 2) + 1);
    this.clientFirstBare = m[2];
    this.nonce = m[3] + randomBytes(18).toString('base64');
    this.serverFirst = `r=${this.nonce},s=${this.verifier.salt.toString('base64')},i=${this.verifier.iterations}`;
    return this.serverFirst;
  }

  /** client-final-message → server-final-message, or LoginRefused when the proof is wrong. */
  final(clientFinal: string): string {
    const m = /^c=([^,]*),r=([^,]*)(?:,.*)?,p=([A-Za-z0-9+/=]+)$/.exec(clientFinal);
    if (!m || !this.serverFirst) throw new LoginRefused('malformed SCRAM client-final-message');
    const [, binding, nonce, proofText] = m;
    if (binding !== Buffer.from(this.gs2).toString('base64')) throw new LoginRefused('SCRAM channel binding does not match');
    if (nonce !== this.nonce) throw new LoginRefused('SCRAM nonce does not match');
    const withoutProof = clientFinal.slice(0, clientFinal.lastIndexOf(',p='));
    const authMessage = `${this.clientFirstBare},${this.serverFirst},${withoutProof}`;
    const proof = Buffer.from(proofText, 'base64');
    const signature = hmac(this.verifier.storedKey, authMessage);
    if (proof.length !== signature.length) throw new LoginRefused('wrong password');
    const clientKey = Buffer.alloc(proof.length);
    for (let i = 0; i < proof.length; i++) clientKey[i] = proof[i] ^ signature[i];
    if (!timingSafeEqual(sha256(clientKey), this.verifier.storedKey)) throw new LoginRefused('wrong password');
    return `v=${hmac(this.verifier.serverKey, authMessage).toString('base64')}`;
  }
}

function authMessage(code: number, payload: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(9);
  head.write('R', 0);
  head.writeInt32BE(8 + payload.length, 1);
  head.writeInt32BE(code, 5);
  return Buffer.concat([head, payload]);
}

export function errorMessage(code: string, message: string): Buffer {
  const fields = Buffer.concat([Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0`, 'utf8'), Buffer.of(0)]);
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

/** Reads length-prefixed messages from a socket during login (before PGlite sees it). */
class LoginReader {
  private buffer = Buffer.alloc(0);
  private waiting?: { typed: boolean; resolve: (m: { type: string; body: Buffer }) => void; reject: (e: Error) => void };
  private failed?: Error;

  constructor(private readonly socket: Socket) {
    socket.on('data', this.onData);
    socket.on('close', this.onClose);
  }

  private readonly onData = (chunk: Buffer) => {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    this.pump();
  };

  private readonly onClose = () => {
    this.failed = new LoginRefused('the client went away');
    this.waiting?.reject(this.failed);
    this.waiting = undefined;
  };

  /** The next message: untyped (startup phase: length first) or typed (type byte, then length). */
  next(typed: boolean): Promise<{ type: string; body: Buffer }> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.waiting = { typed, resolve, reject };
      this.pump();
    });
  }

  private pump(): void {
    const w = this.waiting;
    if (!w) return;
    const offset = w.typed ? 1 : 0;
    if (this.buffer.length < offset + 4) return;
    const length = this.buffer.readInt32BE(offset);
    if (length < 4 || length > MAX_LOGIN_MESSAGE) {
      this.waiting = undefined;
      w.reject(new LoginRefused('invalid message length'));
      return;
    }
    if (this.buffer.length < offset + length) return;
    const type = w.typed ? String.fromCharCode(this.buffer[0]) : '';
    const body = this.buffer.subarray(offset + 4, offset + length);
    this.buffer = this.buffer.subarray(offset + length);
    this.waiting = undefined;
    w.resolve({ type, body });
  }

  /** Stops listening; returns what the client sent beyond the login (normally nothing). */
  detach(): Buffer {
    this.socket.off('data', this.onData);
    this.socket.off('close', this.onClose);
    return this.buffer;
  }
}

function startupParams(body: Buffer): Record<string, string> {
  const parts = body.subarray(4).toString('utf8').split('\0');
  const params: Record<string, string> = {};
  for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i]) params[parts[i]] = parts[i + 1];
  return params;
}

/**
 * Runs the login on a fresh socket. Resolves with the bytes to hand to PGlite (the
 * StartupMessage, and anything the client already sent after the login); rejects after telling
 * the client why when the login fails or does not finish within {@link LOGIN_TIMEOUT_MS}.
 */
export async function authenticate(socket: Socket, user: string, verifier: ScramVerifier): Promise<Buffer> {
  const reader = new LoginReader(socket);
  const timer = setTimeout(() => socket.destroy(), LOGIN_TIMEOUT_MS);
  timer.unref();
  let who = '';
  try {
    let startup: { body: Buffer };
    for (;;) {
      startup = await reader.next(false);
      if (startup.body.length < 4) throw new LoginRefused('invalid startup packet');
      const code = startup.body.readInt32BE(0);
      if (code === SSL_REQUEST || code === GSS_REQUEST) {
        socket.write('N');
        continue;
      }
      if (code === CANCEL_REQUEST) throw new LoginRefused('cancel requests are not served');
      if (code !== PROTOCOL_3) throw new LoginRefused('unsupported frontend protocol');
      break;
    }
    who = startupParams(startup.body).user ?? '';
    socket.write(authMessage(10, Buffer.from('SCRAM-SHA-256\0\0', 'utf8')));
    const initial = await reader.next(true);
    if (initial.type !== 'p') throw new LoginRefused('expected a SASL response');
    const mechanismEnd = initial.body.indexOf(0);
    if (mechanismEnd < 0 || initial.body.subarray(0, mechanismEnd).toString() !== 'SCRAM-SHA-256') throw new LoginRefused('unsupported SASL mechanism');
    const dataLength = initial.body.readInt32BE(mechanismEnd + 1);
    const exchange = new ScramExchange(verifier);
    const serverFirst = exchange.first(initial.body.subarray(mechanismEnd + 5, mechanismEnd + 5 + Math.max(0, dataLength)).toString('utf8'));
    socket.write(authMessage(11, Buffer.from(serverFirst, 'utf8')));
    const response = await reader.next(true);
    if (response.type !== 'p') throw new LoginRefused('expected a SASL response');
    const serverFinal = exchange.final(response.body.toString('utf8'));
    // The proof is right; the user must be the one this server serves, too.
    if (who !== user) throw new LoginRefused('wrong user');
    socket.write(authMessage(12, Buffer.from(serverFinal, 'utf8')));
    const rest = reader.detach();
    const length = Buffer.alloc(4);
    length.writeInt32BE(startup.body.length + 4);
    return Buffer.concat([length, startup.body, rest]);
  } catch (err) {
    reader.detach();
    if (socket.writable) socket.end(errorMessage('28P01', `password authentication failed for user "${who.replace(/[^\x20-\x7e]/g, '?')}"`));
    setTimeout(() => socket.destroy(), 1_000).unref();
    throw err instanceof LoginRefused ? err : new LoginRefused((err as Error).message);
  } finally {
    clearTimeout(timer);
  }
}
