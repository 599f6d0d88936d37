import { Module } from '@nestjs/common';
import { OpenApiController } from './openapi.controller';

/** The OpenAPI document of `/rest` (RouteTable comes from the global RestFallbackModule). */
@Module({ controllers: [OpenApiController] })
export class OpenApiModule {}
