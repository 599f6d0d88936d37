import type { NextFunction, Response } from 'express';
import { requestBase, RestRequest } from './rest-request';

const SUFFIX = /\.(xml|json|sld)$/i;

/**
 * Normalises REST paths before routing: a trailing slash is dropped and a format suffix on the
 * last segment (`.xml`, `.json`, `.sld`) is removed and remembered, on every method, so
 * `POST /rest/workspaces.json/` routes like `POST /rest/workspaces`.
 */
export function restPathMiddleware(contextPath: string, trustProxy: boolean, requireIfMatch = false) {
  const restPrefix = `${contextPath}/rest`;
  return (req: RestRequest, _res: Response, next: NextFunction): void => {
    const q = req.url.indexOf('?');
    let path = q >= 0 ? req.url.slice(0, q) : req.url;
    const query = q >= 0 ? req.url.slice(q) : '';
    if (path !== restPrefix && !path.startsWith(`${restPrefix}/`)) return next();
    req.rest = { restBase: `${requestBase(req, contextPath, trustProxy)}/rest`, requireIfMatch };
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
