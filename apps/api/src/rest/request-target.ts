import type { NextFunction, Request, Response } from 'express';

/** `scheme://authority` at the start of an absolute-form request target (RFC 9112 §3.2.2). */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;
/** A dot segment, percent-encoded or not (RFC 3986 §6.2.2.2: `%2E` is `.`). */
const DOT = /^(?:\.|%2e)$/i;
const DOT_DOT = /^(?:\.|%2e){2}$/i;
/** What a target needs to hold for normalising to change it: `//`, a dot segment, a fragment. */
const MAYBE_NOT_NORMAL = /\/\/|\/\.|\/%2e|#/i;

/**
 * The request target in the one form every middleware, guard and route reads (contract §6): its
 * path and query only (an absolute-form target's `scheme://host` dropped, and a fragment, which no
 * request target may carry), empty segments (`//`) collapsed and dot segments (`/./`, `/../`,
 * also as `%2E`) removed as RFC 3986 §5.2.4 removes them, so `..` never climbs above `/`. A
 * trailing slash stays. The query is kept as it is.
 */
export function normalisedTarget(url: string): string {
  if (url.startsWith('/') && !MAYBE_NOT_NORMAL.test(url)) return url;
  const hash = url.indexOf('#');
  const target = (hash >= 0 ? url.slice(0, hash) : url).replace(ABSOLUTE_FORM, '');
  const q = target.indexOf('?');
  const path = q >= 0 ? target.slice(0, q) : target;
  const query = q >= 0 ? target.slice(q) : '';
  if (!path.startsWith('/') || !MAYBE_NOT_NORMAL.test(path)) return (path || '/') + query;
  const segments = path.split('/').slice(1);
  const kept: string[] = [];
  for (const segment of segments) {
    if (DOT_DOT.test(segment)) kept.pop();
    else if (segment !== '' && !DOT.test(segment)) kept.push(segment);
  }
  // `/a/`, `/a/.` and `/b/a/..` end in a slash, as the folder they name does.
  const last = segments[segments.length - 1];
  if (last === '' || DOT.test(last) || DOT_DOT.test(last)) kept.push('');
  return `/${kept.join('/')}${query}`;
}

/**
 * The first middleware: rewrites `req.url` to {@link normalisedTarget}, so the security headers,
 * the cross-site and input rules, the REST middleware, the guards and the (case-sensitive) router
 * all see one path, and `/rest//workspaces` is `/rest/workspaces` for every one of them.
 */
export function requestTargetMiddleware() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    req.url = normalisedTarget(req.url);
    next();
  };
}
