import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { CatalogDb } from '../database/catalog-db';
import { runWrite } from '../history/change-context';
import { bodyLimitOf, needsBody, readBody } from './body-reader';
import type { RestRequest } from './rest-request';

/** Where {@link WriteGuard} leaves how a request's write handler is to run. */
const RUN_WRITE = Symbol('runWrite');

/** Runs a write handler's work as its request asks: in its change context, as a dry run or not. */
export type WriteRunner = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * The last guard of every write handler (routes declared with `write-routes.ts`), after the
 * authentication guard: the body of a REST POST/PUT is read (only now, once the request is
 * authorised), and how the handler is to run is left on the request for the handler's wrapper
 * ({@link writeRunnerOf}): in the request's change context (who made its changes,
 * `history/change-context.ts`), and for `?dryRun=true` on a REST write (contract §7) with its
 * catalog transactions joined into one that is rolled back (opened by the first of them, so what
 * the write asks a data store before holds no catalog connection): the answer is the real one with
 * `Dry-Run: true` and nothing is stored or recorded. A guard and a wrapper rather than an
 * interceptor: a Nest interceptor costs each write an rxjs chain and an async resource.
 */
@Injectable()
export class WriteGuard implements CanActivate {
  constructor(private readonly db: CatalogDb) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<RestRequest & { [RUN_WRITE]?: WriteRunner }>();
    // Every route with this guard is a write; a dry run is one of the REST API's.
    const dryRun = req.rest !== undefined && isDryRun(req.query.dryRun);
    if (dryRun) http.getResponse<Response>().setHeader('Dry-Run', 'true');
    if (needsBody(req)) req.rest!.body = await readBody(req, bodyLimitOf(context.getHandler()));
    req[RUN_WRITE] = dryRun ? (work) => runWrite(req, () => this.db.oneTransaction({ dryRun: true }, work)) : (work) => runWrite(req, work);
    return true;
  }
}

/** How the write handler of `req` is to run, as {@link WriteGuard} left it. */
export function writeRunnerOf(req: object): WriteRunner {
  const runner = (req as { [RUN_WRITE]?: WriteRunner })[RUN_WRITE];
  if (!runner) throw new Error('A write handler ran without its WriteGuard');
  return runner;
}

function isDryRun(value: unknown): boolean {
  return typeof value === 'string' && value.toLowerCase() === 'true';
}
