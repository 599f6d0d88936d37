import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { from, lastValueFrom, Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import { joinDryRuns, withDryRun } from '../database/dry-run';
import { RestRequest } from './rest-request';

const WRITES = new Set(['POST', 'PUT', 'DELETE']);

/**
 * `?dryRun=true` on any REST write (contract §7): the handler runs as it would, inside a catalog
 * transaction that is rolled back, so the answer is the real one (status, headers, body, errors)
 * with `Dry-Run: true`, and nothing is stored or recorded. Registered first, so the whole
 * handling, body reading included, runs inside the dry run.
 */
@Injectable()
export class DryRunInterceptor implements NestInterceptor {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    // At start-up, before any request: the data source learns to join dry runs, once.
    joinDryRuns(db);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<RestRequest>();
    if (!req.rest || !WRITES.has(req.method) || !isDryRun(req.query.dryRun)) return next.handle();
    http.getResponse<Response>().setHeader('Dry-Run', 'true');
    // next.handle() binds the handler to the async context it is called in: call it inside.
    return from(withDryRun(this.db, () => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}

function isDryRun(value: unknown): boolean {
  return typeof value === 'string' && value.toLowerCase() === 'true';
}
