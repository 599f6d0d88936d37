import { Controller } from '@nestjs/common';
import { Post, Put } from '../../rest/write-routes';
import { Done } from '../../rest/rest-response';
import { Operation, OperationTag } from '../../openapi/operation.decorator';
import { DONE } from '../../openapi/operation-parts';

/**
 * `/rest/reset` and `/rest/reload` (POST or PUT, as in GeoServer): GeoServer drops its caches and
 * re-reads its data directory. This catalog caches nothing and reads PostgreSQL on every request,
 * so both are no-ops that answer 200, for the scripts (GeoNode's gsconfig, geoserver-rest,
 * geoserver-node-client) that call them after a change.
 */
@Controller('rest')
@OperationTag('maintenance')
export class MaintenanceController {
  @Post('reset')
  @Operation({ operationId: 'reset', summary: 'GeoServer’s cache reset: a no-op (nothing is cached)', success: DONE })
  reset(): Done {
    return new Done();
  }

  @Put('reset')
  @Operation({ operationId: 'resetByPut', summary: 'The same as POST /reset', success: DONE })
  resetByPut(): Done {
    return new Done();
  }

  @Post('reload')
  @Operation({
    operationId: 'reload',
    summary: 'GeoServer’s configuration reload: a no-op (the catalog is read from PostgreSQL on every request)',
    success: DONE,
  })
  reload(): Done {
    return new Done();
  }

  @Put('reload')
  @Operation({ operationId: 'reloadByPut', summary: 'The same as POST /reload', success: DONE })
  reloadByPut(): Done {
    return new Done();
  }
}
