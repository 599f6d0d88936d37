import { CatalogError } from '@geocatalog/catalog-model';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../config/config';
import { sendError } from '../rest/error-response';
import { publicBaseUrl } from '../rest/rest-request';

/** Methods that only read: a cross-site read cannot change anything, and CORS keeps its answer from the other site. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * This server's own origin (`scheme://host[:port]`, default ports dropped as browsers write it),
 * as the link builder sees the request; undefined when the Host header is not a host.
 */
export function requestOrigin(req: Request, trustProxy: boolean): string | undefined {
  try {
    const origin = new URL(publicBaseUrl(req, '', trustProxy)).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Why a request is a cross-site write, or undefined when it is not. Browsers send `Origin` with
 * every POST/PUT/DELETE/PATCH and `Sec-Fetch-Site` with every request, so a page on another site
 * that makes the browser send a write (with Basic credentials it remembers, or the session
 * cookie) is recognised by either. Clients that send neither (curl, scripts, GeoServer client
 * libraries) are not browsers and are not affected. `Origin: null` (sandboxed frames, data: URLs,
 * some redirects) is foreign.
 */
export function crossSiteReason(req: Request, allowedOrigins: readonly string[], trustProxy = false): string | undefined {
  if (SAFE_METHODS.has(req.method)) return undefined;
  const origin = header(req, 'origin');
  const allowed =
    origin !== undefined &&
    origin !== 'null' &&
    (origin.toLowerCase() === requestOrigin(req, trustProxy)?.toLowerCase() || allowedOrigins.includes(origin.toLowerCase()));
  if (origin !== undefined && !allowed) return `Origin ${origin}`;
  if (header(req, 'sec-fetch-site')?.toLowerCase() === 'cross-site' && !allowed) return 'Sec-Fetch-Site: cross-site';
  return undefined;
}

/**
 * Refuses cross-site writes with 403 before anything is read or done: an Express middleware ahead
 * of body reading and routing, for every path (`/rest`, `/ogc`, `/auth/session` and whatever is
 * added later). Allowed are the server's own origin and `ALLOWED_ORIGINS`.
 */
export function crossSiteMiddleware(config: Pick<AppConfig, 'allowedOrigins' | 'trustProxy'>) {
  const allowedOrigins = config.allowedOrigins.map((o) => o.toLowerCase());
  return (req: Request, res: Response, next: NextFunction): void => {
    const reason = crossSiteReason(req, allowedOrigins, config.trustProxy);
    if (!reason) return next();
    sendError(
      req,
      res,
      new CatalogError(
        'FORBIDDEN',
        `Cross-site ${req.method} refused (${reason}): writes are accepted from this server's own pages and from ALLOWED_ORIGINS only`,
      ),
    );
  };
}

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
