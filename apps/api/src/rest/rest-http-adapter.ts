import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
import { respond, type Written } from './rest-response-writer';
import type { RestRequest } from './rest-request';
import { RawContent } from './rest-response';

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
    if (!(written instanceof Promise)) return this.send(response, written, statusCode);
    return written.then((sent) => this.send(response, sent, statusCode));
  }

  /**
   * Raw bytes in hand (a map, a style, a page of features) end the response in one write, with
   * the headers a StreamableFile would have had: no Readable, pipe and their events per answer.
   * A stream is for bodies produced as they are sent.
   */
  private send(response: Response, written: Written, statusCode?: number): unknown {
    if (!(written instanceof RawContent)) return super.reply(response, written, statusCode);
    if (statusCode) response.status(statusCode);
    if (!response.hasHeader('Content-Type')) response.setHeader('Content-Type', written.contentType);
    if (!response.hasHeader('Content-Length')) response.setHeader('Content-Length', written.body.length);
    return response.end(written.body);
  }
}
