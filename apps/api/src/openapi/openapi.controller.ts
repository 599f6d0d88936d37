import { Controller, Get, Inject } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { APP_CONFIG, AppConfig } from '../config/config';
import { RouteTable } from '../rest/route-table';
import { Links } from '../rest/rest-params';
import { LinkBuilder } from '../rest/rest-request';
import { RawContent } from '../rest/rest-response';
import { buildOpenApiDocument, servedRestRoutes } from './openapi-document';
import { declaredOperations, Operation, OperationTag } from './operation.decorator';

/**
 * `GET /rest/openapi.json`: the OpenAPI 3.1 document of `/rest`, built from the `@Operation`
 * declarations of the app's controllers and compared with the routes this process serves. It sits
 * behind Basic auth like everything under `/rest` (contract §6: no map of the API for anonymous
 * callers); any user may read it.
 */
@Controller('rest')
@OperationTag('openapi')
export class OpenApiController {
  constructor(
    private readonly routes: RouteTable,
    private readonly discovery: DiscoveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('openapi')
  @Operation({
    operationId: 'getOpenApi',
    summary: 'This OpenAPI 3.1 document (served at /rest/openapi.json; JSON only)',
    success: { status: 200, schema: 'OpenApiDocument', jsonOnly: true },
  })
  document(@Links() links: LinkBuilder): RawContent {
    const served = servedRestRoutes(this.routes.list(), this.config.contextPath);
    const controllers = this.discovery.getControllers().flatMap((wrapper) => (wrapper.metatype ? [wrapper.metatype] : []));
    const { operations } = declaredOperations(controllers);
    const document = buildOpenApiDocument({ restBase: links.restBase, operations, served });
    return new RawContent('application/json', Buffer.from(JSON.stringify(document), 'utf8'));
  }
}
