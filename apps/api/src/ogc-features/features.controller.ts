import { All, Controller, Get, Inject, Logger, Param, Req, Res, StreamableFile } from '@nestjs/common';
import { CatalogError } from '@geocatalog/catalog-model';
import type { Request, Response } from 'express';
import { Readable } from 'node:stream';
import { APP_CONFIG, AppConfig } from '../config/config';
import { requestBase } from '../rest/rest-request';
import { RawContent } from '../rest/rest-response';
import { collectionsText } from './collections.stream';
import { collectionDocument, collectionsLinks, conformance, landingPage } from './features-documents';
import { FEATURES_PATH, FeaturesLinks } from './features-links';
import { openApiDocument } from './features-openapi';
import { checkParameters, formatOf, MEDIA, MediaKey, parseItemQuery, parseItemsQuery, queryOf, Resource } from './features-params';
import { FeaturesService } from './features.service';
import { streamedBody } from './streamed-body';

/**
 * OGC API - Features Part 1 Core at `{base}/ogc/features/v1`, behind the same Basic authentication
 * as `/rest` (the global guard: READER may read). JSON documents are returned whole; features are
 * streamed (chunked) from the data store.
 */
@Controller(FEATURES_PATH.slice(1))
export class FeaturesController {
  private readonly logger = new Logger('Features');

  constructor(
    private readonly features: FeaturesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  landing(@Req() req: Request): RawContent {
    return this.document(req, 'landing', (links) => landingPage(links));
  }

  @Get('conformance')
  conformance(@Req() req: Request): RawContent {
    return this.document(req, 'conformance', (links) => conformance(links));
  }

  @Get('api')
  api(@Req() req: Request): RawContent {
    return this.document(req, 'api', (links) => openApiDocument(links.root));
  }

  @Get('collections')
  async collections(@Req() req: Request): Promise<StreamableFile> {
    const params = checkParameters(queryOf(req.originalUrl), 'collections');
    const pages = this.features.collections()[Symbol.asyncIterator]();
    const first = await pages.next();
    const links = this.links(req);
    const text = collectionsText(collectionsLinks(links), (c) => collectionDocument(links, c), first.done ? [] : first.value, pages);
    return this.streamed(req, Readable.from(text, { objectMode: false }), formatOf(params, 'collections'));
  }

  @Get('collections/:collectionId')
  async collection(@Req() req: Request, @Param('collectionId') id: string): Promise<RawContent> {
    const params = checkParameters(queryOf(req.originalUrl), 'collection');
    const info = await this.features.collection(id);
    return json(formatOf(params, 'collection'), collectionDocument(this.links(req), info));
  }

  @Get('collections/:collectionId/items')
  async items(@Req() req: Request, @Param('collectionId') id: string): Promise<RawContent | StreamableFile> {
    const query = parseItemsQuery(queryOf(req.originalUrl));
    const page = await this.features.items(id, query, this.links(req));
    // A small page is one text (one write, with its length); a big one streams.
    if (typeof page === 'string') return new RawContent(MEDIA[query.format], Buffer.from(page, 'utf8'));
    return this.streamed(req, page, query.format);
  }

  @Get('collections/:collectionId/queryables')
  async queryables(@Req() req: Request, @Param('collectionId') id: string): Promise<RawContent> {
    const params = checkParameters(queryOf(req.originalUrl), 'queryables');
    const format = formatOf(params, 'queryables');
    return json(format, await this.features.queryables(id, this.links(req), format === 'json'));
  }

  @Get('collections/:collectionId/items/:featureId')
  async item(@Req() req: Request, @Param('collectionId') id: string, @Param('featureId') featureId: string): Promise<RawContent> {
    const query = parseItemQuery(queryOf(req.originalUrl));
    const text = await this.features.item(id, featureId, query, this.links(req));
    return new RawContent(MEDIA[query.format], Buffer.from(text, 'utf8'));
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

  private document(req: Request, resource: Resource, build: (links: FeaturesLinks) => object): RawContent {
    const params = checkParameters(queryOf(req.originalUrl), resource);
    return json(formatOf(params, resource), build(this.links(req)));
  }

  private streamed(req: Request, stream: Readable, format: MediaKey): StreamableFile {
    return streamedBody(req, stream, MEDIA[format], this.logger);
  }
}

function json(format: MediaKey, body: object): RawContent {
  return new RawContent(MEDIA[format], Buffer.from(JSON.stringify(body), 'utf8'));
}
