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
import { Operation, OperationTag } from '../openapi/operation.decorator';

/** `/rest/catalog`: the catalog as a GeoServer data directory, in (plan, apply) and out (contract §8). For administrators. */
@AdminOnly()
@Controller('rest/catalog')
@OperationTag('catalogFiles')
export class CatalogFilesController {
  constructor(private readonly files: CatalogFilesService) {}

  /** A zipped data directory (or multipart `datadir` + `secrets`): the plan, applied unless `?dryRun=true`. */
  @Post('import')
  @Operation({
    operationId: 'importCatalog',
    summary: 'Plan the import of a GeoServer data directory and apply it in one transaction (ADMIN only)',
    description:
      'The plan names every record by its REST path with `create`, `update`, `delete` (with `prune`), `unchanged`, `skip` (what this catalog does not hold: other store kinds, coverages, settings of services other than WMS and WFS; stores whose password cannot be had) or `error`. Any `error` answers 400 with the plan and applies nothing; otherwise the whole plan is applied in one transaction, its changes recorded under this request’s id. Store passwords: clear text and `plain:` as they are, this catalog’s own `crypt2:` kept, GeoServer’s `crypt1:` decrypted through the directory’s `security/` folder, else from `secrets`. `dryRun=true` plans and checks every write without storing any.',
    query: ['prune'],
    body: { kind: 'dataDirectory' },
    success: { status: 200, schema: 'ImportPlan', jsonOnly: true },
    throws: ['STORE_UNAVAILABLE'],
  })
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
  @Operation({
    operationId: 'exportCatalog',
    summary: 'The catalog (or one workspace) as a zipped GeoServer data directory (ADMIN only)',
    description:
      'GeoServer’s own layout and XML (ids stable across exports, references by id), so GeoServer reads it and an import of it into an empty catalog exports the same files. Store passwords are written as this catalog’s `crypt2:` values.',
    query: ['workspace'],
    success: { status: 200, zip: true },
    throws: ['INVALID_VALUE', 'NOT_FOUND'],
  })
  async export(@Query('workspace') workspace: unknown): Promise<RawContent> {
    if (workspace !== undefined && typeof workspace !== 'string') throw new CatalogError('INVALID_VALUE', 'Give workspace once');
    const name = workspace === undefined ? undefined : checkName('workspace', workspace);
    const zip = Buffer.from(await this.files.export(name));
    return new RawContent('application/zip', zip, {
      headers: { 'Content-Disposition': `attachment; filename="geocatalog-${name ?? 'catalog'}.zip"` },
    });
  }
}
