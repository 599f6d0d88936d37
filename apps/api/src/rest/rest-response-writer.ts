import { Logger, StreamableFile } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { toJson } from './json-writer';
import { RepDocument } from '@geocatalog/catalog-model';
import { Created, Done, NoContent, RawContent, RestResult, Tagged } from './rest-response';
import { noneMatchHits } from './etag';
import { MEDIA_TYPES, negotiateFormat, RestRequest } from './rest-request';
import { listText, StreamedList } from './streamed-list';
import { toXml } from './xml-writer';

const logger = new Logger('Lists');

/** What {@link respond} leaves to send: a text, a stream, or raw bytes (status and headers set). */
export type Written = string | StreamableFile | RawContent;

/**
 * Writes what a handler returned: representations in the negotiated format, 201s, raw content,
 * streamed lists. A StreamableFile (a body streamed as it is produced, e.g. OGC API features) is
 * Nest's to send; raw content (bytes already in hand: a map, a style) is sent in one piece by
 * the adapter (`rest-http-adapter.ts`), without a stream.
 */
export function respond(req: RestRequest, res: Response, result: RestResult | StreamableFile): Promise<Written> | Written {
  if (result instanceof StreamableFile) return result;
  if (result instanceof StreamedList) return streamList(req, res, result);
  return write(req, res, result);
}

/**
 * A list written page by page as it is read. Its weak ETag comes from the catalog's version (not
 * from a body that is not there yet) with what else shapes the bytes: the format and the request's
 * URL and base. The first page is read before the status is sent, so a database failure is still
 * a 5xx; a failure later can only cut the body short (the connection is closed).
 */
async function streamList(req: RestRequest, res: Response, list: StreamedList): Promise<string | StreamableFile> {
  const format = negotiateFormat(req) === 'xml' ? 'xml' : 'json';
  if (list.version !== undefined) {
    const etag = `W/"${createHash('sha1')
      .update(`${list.version}\n${format}\n${req.headers.host ?? ''}\n${req.originalUrl}`)
      .digest('base64url')}"`;
    res.setHeader('ETag', etag);
    if (noneMatchHits(req.headers['if-none-match'], etag)) return notModified(res);
  }
  const pages = list.pages[Symbol.asyncIterator]();
  const first = await pages.next();
  res.status(200);
  const body = Readable.from(listText(list.shape, format, first.done ? [] : first.value, pages), { objectMode: false });
  return new StreamableFile(body, { type: MEDIA_TYPES[format] }).setErrorHandler((err, response) => {
    // Headers are out: the only honest answer left is a cut body; the log says why.
    logger.warn(`${req.method} ${req.originalUrl}: the list was cut short: ${err.message}`);
    (response as unknown as Response).destroy();
  });
}

function write(req: RestRequest, res: Response, result: Exclude<RestResult, StreamedList>): Written {
  if (result instanceof Created) {
    res.status(201);
    res.setHeader('Location', result.location);
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    return result.name;
  }
  if (result instanceof Done) {
    res.status(200);
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    return '';
  }
  if (result instanceof NoContent) {
    res.status(204);
    return '';
  }
  if (result instanceof Tagged) {
    res.setHeader('ETag', result.etag);
    if (req.method === 'GET' && noneMatchHits(req.headers['if-none-match'], result.etag)) return notModified(res);
    return write(req, res, result.result);
  }
  if (result instanceof RawContent) {
    res.status(result.options.status ?? 200);
    for (const [name, value] of Object.entries(result.options.headers ?? {})) res.setHeader(name, value);
    // Sent byte for byte by the adapter (a plain Buffer given to Express would be serialised as JSON).
    return result;
  }
  return writeDocument(req, res, result);
}

function writeDocument(req: RestRequest, res: Response, document: RepDocument): string {
  const format = negotiateFormat(req) === 'xml' ? 'xml' : 'json';
  const body = format === 'xml' ? toXml(document) : toJson(document);
  if (!res.getHeader('ETag')) {
    // Lists and other untagged documents: a weak tag over what is sent.
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    res.setHeader('ETag', etag);
    if (req.method === 'GET' && noneMatchHits(req.headers['if-none-match'], etag)) return notModified(res);
  }
  res.status(200);
  res.setHeader('Content-Type', MEDIA_TYPES[format]);
  return body;
}

function notModified(res: Response): string {
  res.status(304);
  return '';
}
