import { Controller, Get, Query } from '@nestjs/common';
import { CatalogError, doc, list, obj, RepDocument, Scalar } from '@geocatalog/catalog-model';
import { CatalogDb } from '../database/catalog-db';
import { VERSION } from './version';
import { moduleStatuses } from './module-status';
import { Operation, OperationTag } from '../openapi/operation.decorator';
import { ok } from '../openapi/operation-parts';

/** Longest `?manifest=` pattern taken. */
const MAX_PATTERN = 200;

/** The manifest entries: what runs, and the GeoServer version whose REST API this follows. */
function manifest(): Array<[string, Array<[string, Scalar]>]> {
  return [
    ['geocatalog', [['Version', VERSION.version]]],
    // GeoServer clients read this entry to decide which API features exist.
    ['GeoServer', [['Version', VERSION.geoserverCompatibility]]],
  ];
}

function aboutDocument(entries: Array<[string, Array<[string, Scalar]>]>): RepDocument {
  return doc(
    'about',
    list(
      'resource',
      entries.map(([name, fields]) => obj(fields, [['name', name]])),
    ),
  );
}

/** `/rest/about/version`, `/rest/about/manifest` and `/rest/about/status`, in GeoServer's shapes. */
@Controller('rest/about')
@OperationTag('about')
export class AboutController {
  constructor(private readonly db: CatalogDb) {}

  @Get('version')
  @Operation({
    operationId: 'getVersion',
    summary: 'What is running, and the GeoServer version whose REST API this follows',
    success: ok('About'),
  })
  version(): RepDocument {
    return aboutDocument(manifest());
  }

  /** GeoServer's manifest, filtered by `?manifest=` (a regular expression over the resource names) as GeoServer filters it. */
  @Get('manifest')
  @Operation({
    operationId: 'getManifest',
    summary: 'The manifest of what runs (`?manifest=REGEX` keeps the resources whose name matches)',
    query: ['manifest'],
    success: ok('About'),
    throws: ['INVALID_VALUE'],
  })
  manifest(@Query('manifest') pattern: string | undefined): RepDocument {
    const entries = manifest();
    if (pattern === undefined || pattern === '') return aboutDocument(entries);
    if (typeof pattern !== 'string' || pattern.length > MAX_PATTERN)
      throw new CatalogError('INVALID_VALUE', `Invalid manifest filter: at most ${MAX_PATTERN} characters`);
    let re: RegExp;
    try {
      re = new RegExp(`^(?:${pattern})$`);
    } catch {
      throw new CatalogError('INVALID_VALUE', `Invalid manifest filter '${pattern}': not a regular expression`);
    }
    return aboutDocument(entries.filter(([name]) => re.test(name)));
  }

  /** The modules and whether each is enabled and available (GeoServer's `<statuss><status>…`). */
  @Get('status')
  @Operation({ operationId: 'getStatus', summary: 'The modules of the server, each enabled and available or not', success: ok('ModuleStatusList') })
  async status(): Promise<RepDocument> {
    const statuses = await moduleStatuses(this.db);
    return doc(
      'statuss',
      list(
        'status',
        statuses.map((s) =>
          obj([
            ['module', s.module],
            ['name', s.name],
            ['component', s.component],
            ['version', s.version],
            ['message', s.message],
            ['isEnabled', s.isEnabled],
            ['isAvailable', s.isAvailable],
          ]),
        ),
      ),
    );
  }
}
