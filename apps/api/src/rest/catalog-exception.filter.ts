import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { CatalogError, CatalogErrorCode } from '@geocatalog/catalog-model';
import { RestRequest } from './rest-request';
import { sendError } from './error-response';

const HTTP_CODES: Record<number, CatalogErrorCode> = {
  400: 'INVALID_VALUE',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'ALREADY_EXISTS',
  413: 'TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

// Errors of the pg driver and the network that mean the catalog database is unreachable.
const CONNECTION_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', '57P01', '57P03', '08006', '08001', '08003']);

// PostgreSQL errors only a client's data can cause (a safety net behind the input rule): string
// too long, number out of range, bad encoding, text the database encoding cannot hold.
const CLIENT_DATA_ERRORS: Record<string, string> = {
  '22001': 'a text value is longer than the catalog allows',
  '22003': 'a number is outside the range the catalog allows',
  '22021': 'a text value is not valid UTF-8 or holds a NUL character',
  '22P05': 'a text value holds a character the catalog cannot store',
};

/**
 * The one place errors become HTTP responses. Catalog errors carry their code; Nest's own
 * exceptions are translated; a failing catalog database is a 503 naming it; anything else is a
 * 500 whose details stay in the log, never in the response.
 */
@Catch()
export class CatalogExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<RestRequest>();
    const res = host.switchToHttp().getResponse<Response>();
    if (exception instanceof CatalogError) {
      sendError(req, res, exception);
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code = HTTP_CODES[status];
      if (code) {
        const message = status === 404 ? `No such resource: ${req.path}` : exception.message;
        sendError(req, res, new CatalogError(code, message));
        return;
      }
    }
    const e = exception as { code?: string; driverError?: { code?: string } } | undefined;
    const driverCode = e?.code ?? e?.driverError?.code;
    const dataError = driverCode ? CLIENT_DATA_ERRORS[driverCode] : undefined;
    if (dataError) {
      this.logger.warn(`${req.method} ${req.originalUrl} refused by the catalog database: ${(exception as Error).message}`);
      sendError(req, res, new CatalogError('INVALID_VALUE', `Invalid value: ${dataError}`));
      return;
    }
    if (driverCode && CONNECTION_FAILURES.has(driverCode)) {
      this.logger.error(`Catalog database unavailable: ${(exception as Error).message}`);
      sendError(req, res, new CatalogError('CATALOG_UNAVAILABLE', `The catalog database is unavailable: ${(exception as Error).message}`));
      return;
    }
    this.logger.error(`${req.method} ${req.originalUrl} failed`, (exception as Error)?.stack ?? String(exception));
    sendError(req, res, new CatalogError('INTERNAL', 'Internal error; the server log has the details'));
  }
}
