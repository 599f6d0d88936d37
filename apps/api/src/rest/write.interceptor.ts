import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { from, lastValueFrom, Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import { joinDryRuns, withDryRun } from '../database/dry-run';
import { bodyLimitOf, needsBody, readBody } from './body-reader';
import { respond } from './rest-response-writer';
import type { RestRequest } from './rest-request';

const WRITES = new Set(['POST', 'PUT', 'DELETE']);

/**
 * What runs around every handler, after the guards, as one interceptor (one async step per
 * request rather than a chain of three): `?dryRun=true` on a REST write (contract §7) runs all of
 * it inside a catalog transaction that is rolled back, so the answer is the real one with
 * `Dry-Run: true` and nothing is stored or recorded; the body of a REST POST/PUT is read (only
 * now, once the request is authorised); what the handler returns is written.
 */
@Injectable()
export class RestInterceptor implements NestInterceptor {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    // At start-up, before any request: the data source learns to join dry runs, once.
    joinDryRuns(db);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<RestRequest>();
    const res = http.getResponse<Response>();
    // next.handle() binds the handler to the async context it is called in: call it inside.
    const handle = async () => {
      if (needsBody(req)) req.rest!.body = await readBody(req, bodyLimitOf(context.getHandler()));
      return respond(req, res, await lastValueFrom(next.handle(), { defaultValue: undefined }));
    };
    if (!req.rest || !WRITES.has(req.method) || !isDryRun(req.query.dryRun)) return from(handle());
    res.setHeader('Dry-Run', 'true');
    return from(withDryRun(this.db, handle));
  }
}

function isDryRun(value: unknown): boolean {
  return typeof value === 'string' && value.toLowerCase() === 'true';
}
