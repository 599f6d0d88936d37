import { All, Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { CatalogError } from '@geocatalog/catalog-model';
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../config/config';
import { requestBase } from '../rest/rest-request';
import { NoContent, RawContent, Tagged } from '../rest/rest-response';
import { parseTileAddress, TILE_MATRIX_SET } from './tile-address';
import { MVT, OPENAPI, TILE_PATH, tilesOpenApiDocument } from './tiles-openapi';
import { TilesService } from './tiles.service';

/** The root of this API below the context path. */
export const TILES_PATH = '/ogc/tiles/v1';

/**
 * Vector tiles at `{base}/ogc/tiles/v1` (contract §9), behind the same authentication as the feature
 * API (the global guard: READER may read). Tiles are read live, so they are never cached as fresh:
 * `Cache-Control: private, no-cache` and a strong ETag of the bytes let a client revalidate (304)
 * without downloading an unchanged tile again.
 */
@Controller(TILES_PATH.slice(1))
export class TilesController {
  constructor(
    private readonly tiles: TilesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('api')
  api(@Req() req: Request): RawContent {
    const root = requestBase(req, this.config.contextPath, this.config.trustProxy) + TILES_PATH;
    return new RawContent(OPENAPI, Buffer.from(JSON.stringify(tilesOpenApiDocument(root)), 'utf8'));
  }

  @Get(TILE_PATH)
  async tile(
    @Param('collectionId') collectionId: string,
    @Param('tileMatrixSetId') matrixSet: string,
    @Param('tileMatrix') z: string,
    @Param('tileRow') y: string,
    @Param('tileCol') x: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Tagged | NoContent> {
    if (matrixSet !== TILE_MATRIX_SET) throw new CatalogError('NOT_FOUND', `No such tile matrix set: '${matrixSet}'; tiles are served in ${TILE_MATRIX_SET}`);
    const address = parseTileAddress(z, y, x);
    const bytes = await this.tiles.tile(collectionId, address);
    res.setHeader('Cache-Control', 'private, no-cache');
    if (!bytes.length) return new NoContent();
    const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
    return new Tagged(new RawContent(MVT, bytes), etag);
  }

  /** Any other method on a path of this API (405 with `Allow`), or an unknown path (404). Last. */
  @All(['', '*path'])
  unmatched(@Req() req: Request, @Res({ passthrough: true }) res: Response): never {
    const rest = req.path.slice(req.path.indexOf(TILES_PATH) + TILES_PATH.length).replace(/\/+$/, '');
    if (/^(\/api|\/collections\/[^/]+\/tiles\/[^/]+\/[^/]+\/[^/]+\/[^/]+)$/.test(rest)) {
      res.setHeader('Allow', 'GET, HEAD');
      throw new CatalogError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${req.path}`);
    }
    throw new CatalogError('NOT_FOUND', `No such resource: ${req.path}`);
  }
}
