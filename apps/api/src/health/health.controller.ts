import { Controller, Get } from '@nestjs/common';
import { CatalogDb } from '../database/catalog-db';
import { CatalogError, doc, obj, RepDocument } from '@geocatalog/catalog-model';
import { Public } from '../auth/roles.decorator';

/** How long readiness waits for the catalog database before saying not ready. */
const READY_TIMEOUT_MS = 2_000;

/**
 * `{base}/health/live` and `{base}/health/ready` for orchestrators: no credentials, nothing but
 * the status. Live: the process answers. Ready: the catalog database answers a query, within 2 s.
 */
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly db: CatalogDb) {}

  @Get('live')
  live(): RepDocument {
    return status();
  }

  @Get('ready')
  async ready(): Promise<RepDocument> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.db.query('SELECT 1'), timeout]);
    } catch {
      throw new CatalogError('CATALOG_UNAVAILABLE', 'Not ready: the catalog database does not answer');
    } finally {
      clearTimeout(timer);
    }
    return status();
  }
}

function status(): RepDocument {
  return doc('health', obj([['status', 'UP']]));
}
