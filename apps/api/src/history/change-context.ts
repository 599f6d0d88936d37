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

/** Middleware: every request gets its id (sent back as `X-Request-Id`) and its change context. */
export function changeContextMiddleware() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const context: ChangeContext = { request: randomUUID(), http: req };
    res.setHeader('X-Request-Id', context.request);
    scope.run(context, next);
  };
}

/** The change context of the calling request; writes outside a request get one of their own. */
export function currentChange(): ChangeContext {
  return scope.getStore() ?? { request: randomUUID() };
}

/** The signed-in user a write is made by, if any. */
export function changeUser(context: ChangeContext): string | null {
  return (context.http?.user as Principal | undefined)?.userName ?? null;
}
