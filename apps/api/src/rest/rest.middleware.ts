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

/** Beyond this many bytes a refused upload is cut off instead of being read to its end. */
const MAX_DISCARDED_BYTES = 16 * MAX_SLD_BYTES;

/**
 * Reads POST/PUT bodies of REST requests into a Buffer. Past {@link MAX_SLD_BYTES} nothing more
 * is kept: the rest is read and discarded and the 413 is sent once the client has finished
 * sending, because answering early and closing makes clients that are still writing see a
 * broken pipe instead of the answer. A body that goes on far past the limit is cut off.
 */
export function restBodyMiddleware() {
  return (req: RestRequest, res: Response, next: NextFunction): void => {
    if (!req.rest || (req.method !== 'POST' && req.method !== 'PUT')) return next();
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const tooLarge = () => new CatalogError('TOO_LARGE', `The request body is larger than ${MAX_SLD_BYTES} bytes`);
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size <= MAX_SLD_BYTES) {
        chunks.push(chunk);
      } else if (size > MAX_DISCARDED_BYTES) {
        done = true;
        res.setHeader('Connection', 'close');
        sendError(req, res, tooLarge());
        res.once('finish', () => req.destroy());
      }
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      if (size > MAX_SLD_BYTES) {
        chunks.length = 0;
        sendError(req, res, tooLarge());
        return;
      }
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
