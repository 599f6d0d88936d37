import { Controller } from '@nestjs/common';
import { Post, Put } from '../../rest/write-routes';
import { Done } from '../../rest/rest-response';

/**
 * `/rest/reset` and `/rest/reload` (POST or PUT, as in GeoServer): GeoServer drops its caches and
 * re-reads its data directory. This catalog caches nothing and reads PostgreSQL on every request,
 * so both are no-ops that answer 200, for the scripts (GeoNode's gsconfig, geoserver-rest,
 * geoserver-node-client) that call them after a change.
 */
@Controller('rest')
export class MaintenanceController {
  @Post('reset')
  reset(): Done {
    return new Done();
  }

  @Put('reset')
  resetByPut(): Done {
    return new Done();
  }

  @Post('reload')
  reload(): Done {
    return new Done();
  }

  @Put('reload')
  reloadByPut(): Done {
    return new Done();
  }
}
