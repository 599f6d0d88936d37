import { All, Controller, Get, Inject, Logger, Param, Req, Res, StreamableFile } from '@nestjs/common';
import { CatalogError, type ServiceOperation } from '@geocatalog/catalog-model';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import { ReadAccess, readableCollections, type ReadScope } from '../access/read-access';
import { readAnswerHeaders } from '../access/read-cors';
import { ReadPath } from '../auth/roles.decorator';
import { APP_CONFIG, AppConfig } from '../config/config';
import { collectionsText } from '../ogc-features/collections.stream';
import { queryOf } from '../ogc-features/features-params';
import { streamedBody } from '../ogc-features/streamed-body';
import { requestBase } from '../rest/rest-request';
import { NoContent, RawContent, Tagged } from '../rest/rest-response';
import { parseTileAddress, TILE_MATRIX_SET } from './tile-address';
import {
  tileCollectionDocument,
  tileCollectionsLinks,
  tileJsonDocument,
  tileMatrixSet,
  tileMatrixSetsDocument,
  tilesConformance,
  tilesetDocument,
  tilesetList,
  tilesLandingPage,
} from './tiles-documents';
import { TILES_MEDIA, TILES_PATH, TilesLinks } from './tiles-links';
import { TILE_PATH, tilesOpenApiDocument } from './tiles-openapi';
import { tileFilterOf, tilesFormatOf, TilesResource } from './tiles-params';
import { TilesService } from './tiles.service';

/**
 * OGC API - Tiles at `{base}/ogc/tiles/v1` (contract §9): landing page, conformance, collections,
 * each layer's tileset list and WebMercatorQuad tileset (also as TileJSON), the tile matrix set,
 * and the tiles. A read path like the feature API (contract §12): the data rules decide what each
 * caller, anonymous included, reads (`ReadAccess`). Tiles are read live, so they are never cached
 * as fresh: `Cache-Control: no-cache` (`public` for a layer anonymous callers read, else `private`)
 * and a strong ETag of the bytes let a client or cache revalidate (304) without downloading an
 * unchanged tile again.
 */
@ReadPath()
@Controller(TILES_PATH.slice(1))
export class TilesController {
  private readonly logger = new Logger('Tiles');

  constructor(
    private readonly tiles: TilesService,
    private readonly access: ReadAccess,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  landing(@Req() req: Request): Promise<RawContent> {
    return this.document(req, 'landing', 'getLandingPage', (links) => tilesLandingPage(links));
  }

  @Get('conformance')
  conformance(@Req() req: Request): Promise<RawContent> {
    return this.document(req, 'conformance', 'getConformanceDeclaration', (links) => tilesConformance(links));
  }

  @Get('api')
  api(@Req() req: Request): Promise<RawContent> {
    return this.document(req, 'api', 'getApi', (links) => tilesOpenApiDocument(links.root));
  }

  @Get('collections')
  async collections(@Req() req: Request): Promise<StreamableFile> {
    const scope = await this.access.scope(req, 'tiles', 'getCollections');
    const format = tilesFormatOf(queryOf(req.originalUrl), 'collections');
    const links = this.links(req);
    const pages = readableCollections(this.tiles.collections(), scope)[Symbol.asyncIterator]();
    const first = await pages.next();
    const text = collectionsText(tileCollectionsLinks(links), (c) => tileCollectionDocument(links, c), first.done ? [] : first.value, pages);
    readAnswerHeaders(req.res!, scope.publicList);
    return streamedBody(req, Readable.from(text, { objectMode: false }), TILES_MEDIA[format], this.logger);
  }

  @Get('collections/:collectionId')
  async collection(@Req() req: Request, @Param('collectionId') id: string): Promise<RawContent> {
    const scope = await this.collectionScope(req, 'getCollection', id);
    const format = tilesFormatOf(queryOf(req.originalUrl), 'collection');
    const layer = await this.tiles.layer(id);
    readAnswerHeaders(req.res!, scope.publicCollection(id));
    return json(format, tileCollectionDocument(this.links(req), layer.info));
  }

  @Get('collections/:collectionId/tiles')
  async tilesets(@Req() req: Request, @Param('collectionId') id: string): Promise<RawContent> {
    const scope = await this.collectionScope(req, 'describeTilesets', id);
    const format = tilesFormatOf(queryOf(req.originalUrl), 'tilesets');
    const layer = await this.tiles.layer(id);
    readAnswerHeaders(req.res!, scope.publicCollection(id));
    return json(format, tilesetList(this.links(req), layer.info));
  }

  @Get('collections/:collectionId/tiles/:tileMatrixSetId')
  async tileset(@Req() req: Request, @Param('collectionId') id: string, @Param('tileMatrixSetId') matrixSet: string): Promise<RawContent> {
    const format = tilesFormatOf(queryOf(req.originalUrl), 'tileset');
    const scope = await this.collectionScope(req, format === 'tilejson' ? 'getTileJSON' : 'describeTileset', id);
    checkMatrixSet(matrixSet);
    readAnswerHeaders(req.res!, scope.publicCollection(id));
    if (format === 'tilejson') {
      const layer = await this.tiles.layerWithFields(id);
      return json(format, tileJsonDocument(this.links(req), layer.info, layer.name, layer.fields));
    }
    const layer = await this.tiles.layer(id);
    return json(format, tilesetDocument(this.links(req), layer.info, layer.name));
  }

  @Get('tileMatrixSets')
  tileMatrixSets(@Req() req: Request): Promise<RawContent> {
    return this.document(req, 'tileMatrixSets', 'getTileMatrixSets', (links) => tileMatrixSetsDocument(links));
  }

  @Get('tileMatrixSets/:tileMatrixSetId')
  tileMatrixSet(@Req() req: Request, @Param('tileMatrixSetId') matrixSet: string): Promise<RawContent> {
    checkMatrixSet(matrixSet);
    return this.document(req, 'tileMatrixSet', 'getTileMatrixSet', (links) => tileMatrixSet(links));
  }

  @Get(TILE_PATH)
  async tile(
    @Req() req: Request,
    @Param('collectionId') collectionId: string,
    @Param('tileMatrixSetId') matrixSet: string,
    @Param('tileMatrix') z: string,
    @Param('tileRow') y: string,
    @Param('tileCol') x: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Tagged | NoContent> {
    const scope = await this.collectionScope(req, 'getTile', collectionId);
    checkMatrixSet(matrixSet);
    const address = parseTileAddress(z, y, x);
    const bytes = await this.tiles.tile(collectionId, address, tileFilterOf(queryOf(req.originalUrl)));
    readAnswerHeaders(res, scope.publicCollection(collectionId));
    if (!bytes.length) return new NoContent();
    const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
    return new Tagged(new RawContent(TILES_MEDIA.mvt, bytes), etag);
  }

  /** Any other method on a path of this API (405 with `Allow`), or an unknown path (404). Last. */
  @All(['', '*path'])
  unmatched(@Req() req: Request, @Res({ passthrough: true }) res: Response): never {
    const rest = req.path.slice(req.path.indexOf(TILES_PATH) + TILES_PATH.length).replace(/\/+$/, '');
    if (/^(|\/conformance|\/api|\/tileMatrixSets(\/[^/]+)?|\/collections(\/[^/]+(\/tiles(\/[^/]+(\/[^/]+\/[^/]+\/[^/]+)?)?)?)?)$/.test(rest)) {
      res.setHeader('Allow', 'GET, HEAD');
      throw new CatalogError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${req.path}`);
    }
    throw new CatalogError('NOT_FOUND', `No such resource: ${req.path}`);
  }

  // ---------------------------------------------------------------------------------------------

  private links(req: Request): TilesLinks {
    return new TilesLinks(requestBase(req, this.config.contextPath, this.config.trustProxy) + TILES_PATH);
  }

  /** The read scope of a request about one collection, refused unless the caller reads it (contract §12). */
  private async collectionScope(req: Request, method: ServiceOperation<'tiles'>, id: string): Promise<ReadScope> {
    const scope = await this.access.scope(req, 'tiles', method);
    scope.checkCollection(id);
    return scope;
  }

  private async document(req: Request, resource: TilesResource, method: ServiceOperation<'tiles'>, build: (links: TilesLinks) => object): Promise<RawContent> {
    const scope = await this.access.scope(req, 'tiles', method);
    const format = tilesFormatOf(queryOf(req.originalUrl), resource);
    readAnswerHeaders(req.res!, scope.publicDocument);
    return json(format, build(this.links(req)));
  }
}

function checkMatrixSet(matrixSet: string): void {
  if (matrixSet !== TILE_MATRIX_SET) throw new CatalogError('NOT_FOUND', `No such tile matrix set: '${matrixSet}'; tiles are served in ${TILE_MATRIX_SET}`);
}

function json(format: keyof typeof TILES_MEDIA, body: object): RawContent {
  return new RawContent(TILES_MEDIA[format], Buffer.from(JSON.stringify(body), 'utf8'));
}
