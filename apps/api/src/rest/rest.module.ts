import { Global, Module } from '@nestjs/common';
import { RouteTable } from './route-table';
import { UnmatchedController } from './unmatched.controller';

/**
 * The `/rest` catch-all. Import it last: its route must follow every other. Global, so modules
 * that read the RouteTable (the OpenAPI document) need not import it, which would register the
 * catch-all before their own routes.
 */
@Global()
@Module({ controllers: [UnmatchedController], providers: [RouteTable], exports: [RouteTable] })
export class RestFallbackModule {}
