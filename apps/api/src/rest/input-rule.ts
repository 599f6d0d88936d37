import type { NextFunction, Request, Response } from 'express';
import { CatalogError } from '@geocatalog/catalog-model';
import { sendError } from './error-response';
import { illegalCharacterIn, illegalCharacterMessage } from './xml-characters';

/**
 * Why the request line or headers break the input rule, or undefined when they do not. Path
 * segments and query keys and values must be percent-encoded UTF-8; none of them, and no header
 * value, may hold a character XML 1.0 cannot carry.
 */
export function inputProblem(req: Pick<Request, 'url' | 'headers'>): string | undefined {
  return (plainUrl(req.url) ? undefined : urlProblem(req.url)) ?? headerProblem(req.headers);
}

/**
 * Printable ASCII and no percent sign: nothing in it to decode, normalise or refuse (the usual
 * case, checked with one scan instead of a decoding per segment and parameter).
 */
function plainUrl(url: string): boolean {
  return !/[^\x20-\x7e]|%/.test(url);
}

function urlProblem(url: string): string | undefined {
  const q = url.indexOf('?');
  const path = q >= 0 ? url.slice(0, q) : url;
  for (const segment of path.split('/')) {
    const problem = textProblem('The path', decoded(segment, false));
    if (problem) return problem;
  }
  if (q >= 0) {
    for (const pair of url.slice(q + 1).split('&')) {
      const eq = pair.indexOf('=');
      const key = decoded(eq >= 0 ? pair.slice(0, eq) : pair, true);
      const problem = textProblem('The query', key) ?? (eq >= 0 ? textProblem(`The query parameter '${key}'`, decoded(pair.slice(eq + 1), true)) : undefined);
      if (problem) return problem;
    }
  }
  return undefined;
}

function headerProblem(headers: Request['headers']): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : [value ?? '']) {
      const character = illegalCharacterIn(v);
      if (character) return illegalCharacterMessage(`The ${name} header`, character);
    }
  }
  return undefined;
}

/** A decoded component, or null when its percent-encoding is broken or not UTF-8. */
function decoded(component: string, form: boolean): string | null {
  try {
    return decodeURIComponent(form ? component.replace(/\+/g, ' ') : component);
  } catch {
    return null;
  }
}

function textProblem(where: string, text: string | null): string | undefined {
  if (text === null) return `${where} is not valid percent-encoded UTF-8`;
  const character = illegalCharacterIn(text);
  return character ? illegalCharacterMessage(where, character) : undefined;
}

/**
 * The path with every segment in Unicode NFC, so that a name typed precomposed or decomposed
 * routes to the same record (names are stored NFC). Segments already in NFC keep their encoding.
 */
export function nfcPath(url: string): string {
  if (plainUrl(url)) return url;
  const q = url.indexOf('?');
  const path = q >= 0 ? url.slice(0, q) : url;
  const normalized = path
    .split('/')
    .map((segment) => {
      const text = decoded(segment, false);
      if (text === null) return segment;
      const nfc = text.normalize('NFC');
      return nfc === text ? segment : encodeURIComponent(nfc);
    })
    .join('/');
  return q >= 0 ? normalized + url.slice(q) : normalized;
}

/**
 * The one input rule, before any route or body reader runs: a request whose path, query or
 * headers hold bytes that are not UTF-8 or characters XML cannot carry (NUL, control characters)
 * is a 400 that says why, and its path is NFC-normalised for routing. Bodies are checked where
 * they are parsed (`body-node.ts`).
 */
export function inputRuleMiddleware() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const problem = inputProblem(req);
    if (problem) {
      sendError(req, res, new CatalogError('INVALID_VALUE', problem));
      return;
    }
    req.url = nfcPath(req.url);
    next();
  };
}
