import { SetMetadata } from '@nestjs/common';
import { CatalogError } from '@geocatalog/catalog-model';
import type { RestRequest } from './rest-request';

/** Largest body read by default: the SLD limit. Catalog bodies have a smaller limit of their own. */
export const MAX_SLD_BYTES = 10 * 1024 * 1024;
/** Largest catalog (XML/JSON) body. */
export const MAX_CATALOG_BYTES = 1024 * 1024;

const BODY_LIMIT = 'geocatalog:body-limit';

/** Marks a handler whose body may be larger than {@link MAX_SLD_BYTES} (a zipped data directory). */
export const BodyLimit = (bytes: number) => SetMetadata(BODY_LIMIT, bytes);

/** The body limit of a handler: its {@link BodyLimit}, else {@link MAX_SLD_BYTES}. */
export function bodyLimitOf(handler: object): number {
  return (Reflect.getMetadata(BODY_LIMIT, handler) as number | undefined) ?? MAX_SLD_BYTES;
}

function tooLarge(limit: number): CatalogError {
  return new CatalogError('TOO_LARGE', `The request body is larger than ${limit} bytes`);
}

/**
 * Whether this request's body is to be read by {@link readBody}: a REST POST/PUT not read yet. It is
 * read after the guards: a request is authenticated and authorised before a byte of its body is
 * read, so an anonymous upload costs the server its headers only.
 */
export function needsBody(req: RestRequest): boolean {
  return req.rest !== undefined && (req.method === 'POST' || req.method === 'PUT') && req.rest.body === undefined;
}

/**
 * Reads the whole body. A declared length over the limit is refused at once; a chunked body is
 * refused when it crosses the limit. Either way the error answer closes the connection without
 * reading the rest (`closeAfterAnswer`).
 */
export function readBody(req: RestRequest, limit = MAX_SLD_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        // The rest is discarded, never kept, while the 413 goes out and the connection closes.
        req.resume();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    // The client went away (or broke the body) while sending it: its failure, not the catalog's
    // (a bare ECONNRESET would read as the catalog database's connection failing).
    const onError = (err: Error) => {
      cleanup();
      reject(new CatalogError('MALFORMED_BODY', `The request body ended before it was complete: ${err.message}`));
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
