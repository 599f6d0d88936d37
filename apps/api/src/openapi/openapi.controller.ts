import { Controller, Get, Inject } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { RouteTable } from '../rest/route-table';
import { Links } from '../rest/rest-params';
import { LinkBuilder } from '../rest/rest-request';
import { RawContent } from '../rest/rest-response';
import { buildOpenApiDocument, servedRestRoutes } from './openapi-document';

/**
 * `GET /rest/openapi.json`: the OpenAPI 3.1 document of `/rest`, built from the operation table
 * and compared with the routes this process serves. It sits behind Basic auth like everything
 * under `/rest` (contract §6: no map of the API for anonymous callers); any user may read it.
 */
@Controller('rest')
export class OpenApiController {
  constructor(
    private readonly routes: RouteTable,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('openapi')
  document(@Links() links: LinkBuilder): RawContent {
    const served = servedRestRoutes(this.routes.list(), this.config.contextPath);
    const document = buildOpenApiDocument({ restBase: links.restBase, served });
    return new RawContent('application/json', Buffer.from(JSON.stringify(document), 'utf8'));
  }
}
