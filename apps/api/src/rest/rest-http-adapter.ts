import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
import { respond } from './rest-response-writer';
import type { RestRequest } from './rest-request';

/**
 * Nest's Express adapter, writing what every handler returns through the catalog's response
 * writer (representations in the negotiated format, 201s, raw content, streamed lists) before
 * Express sends it, after the data rules' filter of a list when the request has one. Here rather than in a global interceptor: an interceptor costs every request
 * an rxjs chain and two async resources, and reads need nothing else from one.
 */
export class RestHttpAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    const req = response.req as RestRequest;
    // A list the data rules let the caller read only in part (see CatalogAuthGuard).
    const filter = req.rest?.answerFilter;
    const written = respond(req, response, (filter ? filter(body) : body) as Parameters<typeof respond>[2]);
    // Most answers are written at once: no promise to wait for.
    if (!(written instanceof Promise)) return super.reply(response, written, statusCode);
    return written.then((sent) => super.reply(response, sent, statusCode));
  }
}
