import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Principal } from '../auth/principal';
import type { RestRequest } from '../rest/rest-request';

/** Who and which request a catalog write belongs to, for its changes (contract §7). */
export interface ChangeContext {
  /** One id shared by every change of one request. */
  request: string;
  /** The HTTP request, read when a write commits (its principal is known by then). */
  http?: RestRequest;
}

const scope = new AsyncLocalStorage<ChangeContext>();
/** How many writes run inside {@link scope} now. */
let writing = 0;

/** Where a request's id is kept (sent back as `X-Request-Id`). */
const REQUEST_ID = Symbol('requestId');
type IdentifiedRequest = Request & { [REQUEST_ID]?: string };

/** Middleware: every request gets its id, sent back as `X-Request-Id`. */
export function changeContextMiddleware() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const id = randomUUID();
    (req as IdentifiedRequest)[REQUEST_ID] = id;
    res.setHeader('X-Request-Id', id);
    next();
  };
}

/**
 * Runs a write handler of `req` (`work`) in its change context, which its commits read
 * ({@link currentChange}) however long it runs, even after its client has gone.
 *
 * Only writes enter a context: while an AsyncLocalStorage is in use, Node runs a hook for every
 * promise the process creates, reads included (about 6% of a GET of a data store). So the store
 * is disabled again whenever no write is running (a later write enables it again).
 */
export function runWrite<T>(req: Request, work: () => Promise<T>): Promise<T> {
  const context: ChangeContext = { request: (req as IdentifiedRequest)[REQUEST_ID] ?? randomUUID(), http: req };
  writing++;
  let running: Promise<T>;
  try {
    running = scope.run(context, work);
  } catch (err) {
    running = Promise.reject(err);
  }
  const done = () => {
    if (--writing === 0) scope.disable();
  };
  running.then(done, done);
  return running;
}

/** The change context of the calling write; writes outside a request get one of their own. */
export function currentChange(): ChangeContext {
  return scope.getStore() ?? { request: randomUUID() };
}

/** The signed-in user a write is made by, if any. */
export function changeUser(context: ChangeContext): string | null {
  return (context.http?.user as Principal | undefined)?.userName ?? null;
}
