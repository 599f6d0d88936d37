import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { map, Observable } from 'rxjs';
import { toJson } from './json-writer';
import { RepDocument } from '@geocatalog/catalog-model';
import { Created, Done, NoContent, RawContent, RestResult, Tagged } from './rest-response';
import { noneMatchHits } from './etag';
import { MEDIA_TYPES, negotiateFormat, RestRequest } from './rest-request';
import { toXml } from './xml-writer';

/** Writes what REST handlers return: representations in the negotiated format, 201s, raw content. */
@Injectable()
export class RestResponseInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<RestRequest>();
    const res = http.getResponse<Response>();
    // A StreamableFile (a body streamed as it is produced, e.g. OGC API features) is Nest's to send.
    return next.handle().pipe(map((result: RestResult | StreamableFile) => (result instanceof StreamableFile ? result : write(req, res, result))));
  }
}

function write(req: RestRequest, res: Response, result: RestResult): string | StreamableFile {
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
    res.status(200);
    // A StreamableFile is sent byte for byte (a plain Buffer would be serialised as JSON).
    return new StreamableFile(result.body, { type: result.contentType, length: result.body.length });
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
