import { Logger, StreamableFile } from '@nestjs/common';
import { CatalogError } from '@geocatalog/catalog-model';
import type { Request, Response } from 'express';
import type { Readable } from 'node:stream';
import { sendError } from '../rest/error-response';

/**
 * The stream as a response body of media type `type` (chunked; piped, so a slow client slows the
 * reads behind it), for the OGC APIs. A failure after the first bytes cannot change the status: the
 * response is cut short (connection closed, so the client sees an incomplete body rather than a
 * complete-looking one).
 */
export function streamedBody(req: Request, stream: Readable, type: string, logger: Logger): StreamableFile {
  return new StreamableFile(stream, { type }).setErrorHandler((err, res) => {
    logger.warn(`${req.method} ${req.originalUrl}: the response stream failed: ${err.message}`);
    if (!res.headersSent) {
      sendError(
        req,
        res as unknown as Response,
        err instanceof CatalogError ? err : new CatalogError('INTERNAL', 'Internal error; the server log has the details'),
      );
      return;
    }
    (res as unknown as Response).destroy();
  });
}
