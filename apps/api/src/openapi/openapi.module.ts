import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OpenApiController } from './openapi.controller';

/** The OpenAPI document of `/rest` (RouteTable comes from the global RestFallbackModule; the controllers from Nest's discovery). */
@Module({ imports: [DiscoveryModule], controllers: [OpenApiController] })
export class OpenApiModule {}
