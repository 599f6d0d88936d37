import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { CatalogDb } from '../database/catalog-db';
import { runWrite } from '../history/change-context';
import type { Response } from 'express';
import { from, lastValueFrom, Observable } from 'rxjs';
import { bodyLimitOf, needsBody, readBody } from './body-reader';
import type { RestRequest } from './rest-request';

/**
 * What runs around a write handler (routes declared with `write-routes.ts`), after the guards:
 * the body of a REST POST/PUT is read (only now, once the request is authorised), and
 * `?dryRun=true` on a REST write (contract §7) runs the handler with its catalog transactions
 * joined into one that is rolled back (opened by the first of them, so what the write asks a data
 * store before holds no catalog connection), so the answer is the real one with `Dry-Run: true`
 * and nothing is stored or recorded. The handler runs in the request's change context (who made
 * its changes, `history/change-context.ts`). Reads have no interceptor at all: Nest then calls their handler directly, without
 * rxjs or an async resource per request. What any handler returns is written by
 * `RestHttpAdapter`.
 */
@Injectable()
export class WriteInterceptor implements NestInterceptor {
  constructor(private readonly db: CatalogDb) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<RestRequest>();
    const res = http.getResponse<Response>();
    // next.handle() binds the handler to the async context it is called in: call it inside.
    const handle = async () => {
      if (needsBody(req)) req.rest!.body = await readBody(req, bodyLimitOf(context.getHandler()));
      return lastValueFrom(next.handle(), { defaultValue: undefined });
    };
    // Every route with this interceptor is a write, run in its change context; a dry run is one of the REST API's.
    if (!req.rest || !isDryRun(req.query.dryRun)) return from(runWrite(req, handle));
    res.setHeader('Dry-Run', 'true');
    return from(runWrite(req, () => this.db.oneTransaction({ dryRun: true }, handle)));
  }
}

function isDryRun(value: unknown): boolean {
  return typeof value === 'string' && value.toLowerCase() === 'true';
}
