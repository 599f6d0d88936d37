import { CatalogError } from '@geocatalog/catalog-model';
import type { Request } from 'express';
import { illegalCharacterIn } from '../rest/xml-characters';

/** A sign-in body is two short strings; anything longer is not one. */
export const MAX_SIGN_IN_BYTES = 4096;

/**
 * Reads and checks `{"userName": "...", "password": "..."}`. Only `application/json` is read: a
 * form post (which any web page can send without asking) is refused before a byte is read.
 */
export async function readSignInBody(req: Request): Promise<{ userName: string; password: string }> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') {
    throw new CatalogError('UNSUPPORTED_MEDIA_TYPE', 'Sign in with a JSON body {"userName": "...", "password": "..."} (Content-Type: application/json)');
  }
  const raw = await readLimited(req);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new CatalogError('MALFORMED_BODY', 'The sign-in body is not JSON');
  }
  const { userName, password } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof userName !== 'string' || !userName) throw new CatalogError('MISSING_FIELD', 'The sign-in body has no userName; it is required');
  if (typeof password !== 'string') throw new CatalogError('MISSING_FIELD', 'The sign-in body has no password; it is required');
  // The input rule's characters (rest/xml-characters.ts) are never part of a credential.
  if (illegalCharacterIn(userName) || illegalCharacterIn(password))
    throw new CatalogError('INVALID_VALUE', 'The user name or password contains a control character');
  return { userName, password };
}

function readLimited(req: Request): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (declared > MAX_SIGN_IN_BYTES) return Promise.reject(tooLarge(req));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_SIGN_IN_BYTES) {
        req.removeAllListeners('data');
        req.pause();
        reject(tooLarge(req));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The rest of an oversized body is not read: the answer closes the connection. */
function tooLarge(req: Request): CatalogError {
  req.res?.setHeader('Connection', 'close');
  return new CatalogError('TOO_LARGE', `A sign-in body is at most ${MAX_SIGN_IN_BYTES} bytes`);
}
