import type { NextFunction, Response } from 'express';
import { CatalogError } from '@geocatalog/catalog-model';
import { publicBaseUrl, RestRequest } from './rest-request';
import { sendError } from './error-response';

/** Largest body read at all: the SLD limit. Catalog bodies have a smaller limit of their own. */
export const MAX_SLD_BYTES = 10 * 1024 * 1024;
/** Largest catalog (XML/JSON) body. */
export const MAX_CATALOG_BYTES = 1024 * 1024;

const SUFFIX = /\.(xml|json|sld)$/i;

/**
 * Normalises REST paths before routing: a trailing slash is dropped and a format suffix on the
 * last segment (`.xml`, `.json`, `.sld`) is removed and remembered, on every method, so
 * `POST /rest/workspaces.json/` routes like `POST /rest/workspaces`.
 */
export function restPathMiddleware(contextPath: string) {
  const restPrefix = `${contextPath}/rest`;
  return (req: RestRequest, _res: Response, next: NextFunction): void => {
    const q = req.url.indexOf('?');
    let path = q >= 0 ? req.url.slice(0, q) : req.url;
    const query = q >= 0 ? req.url.slice(q) : '';
    if (path !== restPrefix && !path.startsWith(`${restPrefix}/`)) return next();
    req.rest = { restBase: `${publicBaseUrl(req, contextPath)}/rest` };
    while (path.length > restPrefix.length && path.endsWith('/')) path = path.slice(0, -1);
    const m = SUFFIX.exec(path);
    if (m && path.lastIndexOf('/') < m.index) {
      req.rest.suffix = m[1].toLowerCase() as 'xml' | 'json' | 'sld';
      path = path.slice(0, m.index);
    }
    req.url = path + query;
    next();
  };
}

/**
 * Reads POST/PUT bodies of REST requests into a Buffer, refusing more than {@link MAX_SLD_BYTES}
 * with 413 as soon as the limit is crossed, without buffering the rest.
 */
export function restBodyMiddleware() {
  return (req: RestRequest, res: Response, next: NextFunction): void => {
    if (!req.rest || (req.method !== 'POST' && req.method !== 'PUT')) return next();
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_SLD_BYTES) {
      refuseTooLarge(req, res);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_SLD_BYTES) {
        done = true;
        refuseTooLarge(req, res);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      req.rest!.body = Buffer.concat(chunks);
      next();
    });
    req.on('error', (err) => {
      if (done) return;
      done = true;
      next(err);
    });
  };
}

/**
 * Answers 413 at once and discards the rest of the body without buffering it, keeping the
 * connection open: closing it would make clients that are still sending see a broken pipe
 * instead of the answer. The server's request timeout bounds an endless upload.
 */
function refuseTooLarge(req: RestRequest, res: Response): void {
  sendError(req, res, new CatalogError('TOO_LARGE', `The request body is larger than ${MAX_SLD_BYTES} bytes`));
  req.resume();
}
