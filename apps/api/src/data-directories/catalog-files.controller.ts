import { Controller, Get, Query, Req } from '@nestjs/common';
import { Post } from '../rest/write-routes';
import { CatalogError, checkName } from '@geocatalog/catalog-model';
import { AdminOnly } from '../auth/roles.decorator';
import { BodyLimit } from '../rest/body-reader';
import { QueryFlag, RawBody, RequestBody } from '../rest/rest-params';
import type { RestRequest } from '../rest/rest-request';
import { RawContent } from '../rest/rest-response';
import { CatalogFilesService } from './catalog-files.service';
import { readImportBody } from './import-body';
import { ZIP_LIMITS } from '@geocatalog/catalog-exchange';

/** `/rest/catalog`: the catalog as a GeoServer data directory, in (plan, apply) and out (contract §8). For administrators. */
@AdminOnly()
@Controller('rest/catalog')
export class CatalogFilesController {
  constructor(private readonly files: CatalogFilesService) {}

  /** A zipped data directory (or multipart `datadir` + `secrets`): the plan, applied unless `?dryRun=true`. */
  @Post('import')
  @BodyLimit(ZIP_LIMITS.zipBytes)
  async import(
    @RequestBody() body: RawBody,
    @Req() req: RestRequest,
    @QueryFlag('prune') prune: boolean,
    @QueryFlag('dryRun') dryRun: boolean,
  ): Promise<RawContent> {
    const input = await readImportBody(body, String(req.headers['content-type'] ?? ''));
    const { status, answer } = await this.files.import(input, { prune, dryRun });
    return new RawContent('application/json', Buffer.from(JSON.stringify(answer)), { status });
  }

  /** The catalog, or `?workspace=` one workspace, as a zipped data directory. */
  @Get('export')
  async export(@Query('workspace') workspace: unknown): Promise<RawContent> {
    if (workspace !== undefined && typeof workspace !== 'string') throw new CatalogError('INVALID_VALUE', 'Give workspace once');
    const name = workspace === undefined ? undefined : checkName('workspace', workspace);
    const zip = Buffer.from(await this.files.export(name));
    return new RawContent('application/zip', zip, {
      headers: { 'Content-Disposition': `attachment; filename="geocatalog-${name ?? 'catalog'}.zip"` },
    });
  }
}
