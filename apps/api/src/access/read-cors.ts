import type { NextFunction, Request, Response } from 'express';

/**
 * Cross-origin reading and caching on the map and feature read paths (WMS, OGC API Features and
 * Tiles; contract §12). Credentials are never allowed cross-origin (no
 * `Access-Control-Allow-Credentials`), so a browser on another origin sends no Basic credentials it
 * remembers and no session cookie.
 *
 * - An origin listed in `ALLOWED_ORIGINS` is echoed (`Vary: Origin`) on every answer, errors too;
 *   such a page may send an `Authorization` header it holds itself.
 * - A public answer (what anonymous callers may read, see `ReadScope`) says
 *   `Access-Control-Allow-Origin: *` and `Cache-Control: public, no-cache`: any cache may keep it,
 *   and must ask again (with its ETag) before using it, so a layer made private since is refused,
 *   not served from a cache.
 * - Any other answer is `Cache-Control: private, no-cache` without `Access-Control-Allow-Origin`:
 *   a page on another origin cannot read it.
 */

/** Whether a path (below the context path) is a map or feature read path. */
export function isReadPath(path: string): boolean {
  return /^\/(ogc\/(features|tiles)(\/|$)|wms$|ows$|[^/]+\/(wms|ows)$)/.test(path);
}

/** Request headers a preflight may ask for: any page may send these, an allowed origin also `Authorization`. */
const SAFE_HEADERS = ['Accept', 'Accept-Language', 'Content-Language', 'If-None-Match', 'If-Modified-Since'];
const EXPOSED = 'ETag, Content-Length';

/**
 * Answers CORS preflights (`OPTIONS` with `Access-Control-Request-Method`) on the read paths, and
 * echoes an allowed origin on every read-path answer; other paths pass untouched.
 */
export function readPathCorsMiddleware(contextPath: string, allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins.map((o) => o.toLowerCase()));
  return (req: Request, res: Response, next: NextFunction): void => {
    const path = req.path.startsWith(contextPath) ? req.path.slice(contextPath.length) : req.path;
    if (!isReadPath(path)) return next();
    const origin = req.headers.origin;
    const echoed = typeof origin === 'string' && allowed.has(origin.toLowerCase());
    if (echoed) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Expose-Headers', EXPOSED);
    }
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      if (!echoed) res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', (echoed ? [...SAFE_HEADERS, 'Authorization'] : SAFE_HEADERS).join(', '));
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}

/**
 * The caching and CORS headers of a read-path answer: public (see the file's comment) or private.
 * An echoed allowed origin, set before, stays.
 */
export function readAnswerHeaders(res: Response, publicAnswer: boolean): void {
  res.setHeader('Cache-Control', publicAnswer ? 'public, no-cache' : 'private, no-cache');
  if (publicAnswer && !res.getHeader('Access-Control-Allow-Origin')) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED);
  }
}
