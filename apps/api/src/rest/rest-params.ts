import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { CatalogError } from '@geocatalog/catalog-model';
import { LinkBuilder, negotiateFormat, PublishedReads, RestRequest } from './rest-request';

/** Links for this request: absolute URLs from the request's host (or proxy headers). */
export const Links = createParamDecorator((_: unknown, ctx: ExecutionContext): LinkBuilder => {
  const req = ctx.switchToHttp().getRequest<RestRequest>();
  return new LinkBuilder(req.rest?.restBase ?? '/rest', negotiateFormat(req) === 'xml' ? 'xml' : 'json');
});

/** The request's body as read by the REST middleware, with its Content-Type. */
export interface RawBody {
  contentType: string;
  bytes: Buffer;
}

/** The raw body and its media type (lower-cased, without parameters); named apart from Nest's own `@Body()`, which parses. */
export const RequestBody = createParamDecorator((_: unknown, ctx: ExecutionContext): RawBody => {
  const req = ctx.switchToHttp().getRequest<RestRequest>();
  const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  return { contentType, bytes: req.rest?.body ?? Buffer.alloc(0) };
});

/** A query parameter read as a case-insensitive boolean (`?recurse=True`). */
export const QueryFlag = createParamDecorator((name: string, ctx: ExecutionContext): boolean => {
  const req = ctx.switchToHttp().getRequest<RestRequest>();
  const value = req.query[name];
  return typeof value === 'string' && value.toLowerCase() === 'true';
});

/**
 * The `If-Match` header of a write to one record (checked by the service inside the write's
 * transaction). With `REQUIRE_IF_MATCH=on` a PUT or DELETE without one is refused with 428.
 */
export const IfMatch = createParamDecorator((_: unknown, ctx: ExecutionContext): string | undefined => {
  const req = ctx.switchToHttp().getRequest<RestRequest>();
  const header = req.headers['if-match'];
  if (header === undefined && req.rest?.requireIfMatch && (req.method === 'PUT' || req.method === 'DELETE')) {
    throw new CatalogError('PRECONDITION_REQUIRED', 'This server requires If-Match on writes: GET the record and send its ETag');
  }
  return header;
});

/** What the caller reads of layers and groups (see `RestRequestInfo.readsPublished`); undefined: everything (ADMIN). */
export const ReadsPublished = createParamDecorator((_: unknown, ctx: ExecutionContext): PublishedReads | undefined => {
  return ctx.switchToHttp().getRequest<RestRequest>().rest?.readsPublished;
});
