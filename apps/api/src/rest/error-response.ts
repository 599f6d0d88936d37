import type { Request, Response } from 'express';
import { CatalogError, CatalogErrorCode } from '@geocatalog/catalog-model';
import { closeAfterAnswer } from './unread-body';

/** HTTP status of every error code. Typed over the whole union: a new code must be given one. */
export const STATUS_OF: Record<CatalogErrorCode, number> = {
  MALFORMED_BODY: 400,
  WRONG_ROOT: 400,
  MISSING_FIELD: 400,
  INVALID_VALUE: 400,
  INVALID_NAME: 400,
  INVALID_STYLE: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_EMPTY: 403,
  NOT_CHANGEABLE: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  ALREADY_EXISTS: 409,
  CONFLICT: 409,
  CHANGED_SINCE: 409,
  REVERT_BLOCKED: 409,
  CANNOT_APPLY: 409,
  INVALID_RULE: 422,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  PRECONDITION_FAILED: 412,
  PRECONDITION_REQUIRED: 428,
  INTERNAL: 500,
  STORE_UNAVAILABLE: 502,
  STORE_BUSY: 503,
  CATALOG_UNAVAILABLE: 503,
};

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  422: 'Unprocessable Content',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  412: 'Precondition Failed',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** Realm announced in the Basic challenge. */
export const AUTH_REALM = 'geocatalog';

/**
 * Writes an error: `text/plain` with the one-sentence message, or RFC 9457 problem JSON when the
 * client's `Accept` lists `application/problem+json`. 404 bodies are empty with
 * `?quietOnNotFound=true`. 401 carries the Basic challenge unless the request comes from the
 * console (`X-Requested-With`), so browsers do not pop up their own sign-in dialog.
 */
export function sendError(req: Request, res: Response, error: CatalogError): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const status = STATUS_OF[error.code];
  res.status(status);
  // Refused before its body was read (401, 403, 413, …): the body is not read to its end.
  closeAfterAnswer(req, res);
  if (status === 401 && !req.headers['x-requested-with']) {
    res.setHeader('WWW-Authenticate', `Basic realm="${AUTH_REALM}"`);
  }
  if (error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  if (error.currentTag !== undefined) res.setHeader('ETag', error.currentTag);
  const quiet = status === 404 && String(req.query?.quietOnNotFound ?? '').toLowerCase() === 'true';
  if (quiet) {
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end();
    return;
  }
  if (/application\/problem\+json/i.test(req.headers.accept ?? '')) {
    const problem: Record<string, unknown> = {
      type: `urn:geocatalog:error:${error.code.toLowerCase().replace(/_/g, '-')}`,
      title: TITLES[status] ?? 'Error',
      status,
      detail: error.message,
      code: error.code,
    };
    if (error.issues.length) problem.issues = error.issues;
    res.setHeader('Content-Type', 'application/problem+json');
    res.end(JSON.stringify(problem));
    return;
  }
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(error.message);
}
