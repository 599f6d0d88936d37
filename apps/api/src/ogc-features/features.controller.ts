import { All, Controller, Get, Inject, Logger, Param, Req, Res, StreamableFile } from '@nestjs/common';
import { CatalogError, type ServiceOperation } from '@geocatalog/catalog-model';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ReadAccess, readableCollections, type ReadScope } from '../access/read-access';
import { readAnswerHeaders } from '../access/read-cors';
import { ReadPath } from '../auth/roles.decorator';
import { APP_CONFIG, AppConfig } from '../config/config';
import { requestBase } from '../rest/rest-request';
import { RawContent, Tagged } from '../rest/rest-response';
import { collectionsText } from './collections.stream';
import { collectionDocument, collectionsLinks, conformance, landingPage } from './features-documents';
import { FEATURES_PATH, FeaturesLinks } from './features-links';
import { openApiDocument } from './features-openapi';
import { checkParameters, formatOf, MEDIA, MediaKey, parseItemQuery, parseItemsQuery, queryOf, Resource } from './features-params';
import { FeaturesService } from './features.service';
import { streamedBody } from './streamed-body';

/**
 * OGC API - Features Part 1 Core at `{base}/ogc/features/v1`. A read path (contract §12): Basic
 * credentials or the console session, or none (the anonymous caller); the data rules decide what
 * each caller reads (`ReadAccess`: collections list only readable layers, an unreadable one is
 * refused as the catalog mode says), and public answers may be cached and read cross-origin.
 * JSON documents are returned whole; features are streamed (chunked) from the data store.
 */
@ReadPath()
@Controller(FEATURES_PATH.slice(1))
export class FeaturesController {
  private readonly logger = new Logger('Features');

  constructor(
    private readonly features: FeaturesService,
    private readonly access: ReadAccess,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  landing(@Req() req: Request): Promise<RawContent> {
    return this.document(req, 'landing', 'getLandingPage', (links) => landingPage(links));
  }

  @Get('conformance')
  conformance(@Req() req: Request): Promise<RawContent> {
    return this.document(req, 'conformance', 'getConformanceDeclaration', (links) => conformance(links));
  }

  @Get('api')
  api(@Req() req: Request): Promise<RawContent> {
    return this.document(req, 'api', 'getApi', (links) => openApiDocument(links.root));
  }

  @Get('collections')
  async collections(@Req() req: Request): Promise<StreamableFile> {
    const scope = await this.access.scope(req, 'features', 'getCollections');
    const params = checkParameters(queryOf(req.originalUrl), 'collections');
    const pages = readableCollections(this.features.collections(), scope)[Symbol.asyncIterator]();
    const first = await pages.next();
    const links = this.links(req);
    const text = collectionsText(collectionsLinks(links), (c) => collectionDocument(links, c), first.done ? [] : first.value, pages);
    readAnswerHeaders(req.res!, scope.publicList);
    return this.streamed(req, Readable.from(text, { objectMode: false }), formatOf(params, 'collections'));
  }

  @Get('collections/:collectionId')
  async collection(@Req() req: Request, @Param('collectionId') id: string): Promise<Tagged> {
    const scope = await this.collectionScope(req, 'getCollection', id);
    const params = checkParameters(queryOf(req.originalUrl), 'collection');
    const info = await this.features.collection(id);
    return answered(req, scope, id, json(formatOf(params, 'collection'), collectionDocument(this.links(req), info)));
  }

  @Get('collections/:collectionId/items')
  async items(@Req() req: Request, @Param('collectionId') id: string): Promise<Tagged | StreamableFile> {
    const scope = await this.collectionScope(req, 'getFeatures', id);
    const query = parseItemsQuery(queryOf(req.originalUrl));
    const page = await this.features.items(id, query, this.links(req));
    // A small page is one text (one write, with its length, tagged); a big one streams.
    if (typeof page === 'string') {
      readAnswerHeaders(req.res!, scope.publicCollection(id));
      // A weak tag: the page is the same whatever its timeStamp says.
      const tag = `W/"${createHash('sha1').update(withoutTimeStamp(page)).digest('base64url')}"`;
      return new Tagged(new RawContent(MEDIA[query.format], Buffer.from(page, 'utf8')), tag);
    }
    readAnswerHeaders(req.res!, scope.publicCollection(id));
    return this.streamed(req, page, query.format);
  }

  @Get('collections/:collectionId/queryables')
  async queryables(@Req() req: Request, @Param('collectionId') id: string): Promise<Tagged> {
    const scope = await this.collectionScope(req, 'getQueryables', id);
    const params = checkParameters(queryOf(req.originalUrl), 'queryables');
    const format = formatOf(params, 'queryables');
    return answered(req, scope, id, json(format, await this.features.queryables(id, this.links(req), format === 'json')));
  }

  @Get('collections/:collectionId/items/:featureId')
  async item(@Req() req: Request, @Param('collectionId') id: string, @Param('featureId') featureId: string): Promise<Tagged> {
    const scope = await this.collectionScope(req, 'getFeature', id);
    const query = parseItemQuery(queryOf(req.originalUrl));
    const text = await this.features.item(id, featureId, query, this.links(req));
    return answered(req, scope, id, new RawContent(MEDIA[query.format], Buffer.from(text, 'utf8')));
  }

  /** Any other method on a path of this API (405 with `Allow`), or an unknown path (404). Last. */
  @All(['', '*path'])
  unmatched(@Req() req: Request, @Res({ passthrough: true }) res: Response): never {
    const rest = req.path.slice(req.path.indexOf(FEATURES_PATH) + FEATURES_PATH.length).replace(/\/+$/, '');
    if (/^(|\/conformance|\/api|\/collections(\/[^/]+(\/queryables|\/items(\/[^/]+)?)?)?)$/.test(rest)) {
      res.setHeader('Allow', 'GET, HEAD');
      throw new CatalogError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${req.path}`);
    }
    throw new CatalogError('NOT_FOUND', `No such resource: ${req.path}`);
  }

  // ---------------------------------------------------------------------------------------------

  private links(req: Request): FeaturesLinks {
    return new FeaturesLinks(requestBase(req, this.config.contextPath, this.config.trustProxy) + FEATURES_PATH);
  }

  /** The read scope of a request about one collection, refused unless the caller reads it (contract §12). */
  private async collectionScope(req: Request, method: ServiceOperation<'features'>, id: string): Promise<ReadScope> {
    const scope = await this.access.scope(req, 'features', method);
    scope.checkCollection(id);
    return scope;
  }

  private async document(req: Request, resource: Resource, method: ServiceOperation<'features'>, build: (links: FeaturesLinks) => object): Promise<RawContent> {
    const scope = await this.access.scope(req, 'features', method);
    const params = checkParameters(queryOf(req.originalUrl), resource);
    readAnswerHeaders(req.res!, scope.publicDocument);
    return json(formatOf(params, resource), build(this.links(req)));
  }

  private streamed(req: Request, stream: Readable, format: MediaKey): StreamableFile {
    return streamedBody(req, stream, MEDIA[format], this.logger);
  }
}

/** A page without its `timeStamp` member (the moment it was read, written after the features). */
function withoutTimeStamp(page: string): string {
  const at = page.lastIndexOf('"timeStamp":"');
  const end = at < 0 ? -1 : page.indexOf('"', at + 13);
  return end < 0 ? page : page.slice(0, at) + page.slice(end + 1);
}

/**
 * An answer about one collection with its caching headers (public when anonymous callers read the
 * collection) and a strong ETag of its bytes (`If-None-Match` gives 304 after the rules are checked).
 */
function answered(req: Request, scope: ReadScope, id: string, content: RawContent): Tagged {
  readAnswerHeaders(req.res!, scope.publicCollection(id));
  return new Tagged(content, `"${createHash('sha1').update(content.body).digest('base64url')}"`);
}

function json(format: MediaKey, body: object): RawContent {
  return new RawContent(MEDIA[format], Buffer.from(JSON.stringify(body), 'utf8'));
}
