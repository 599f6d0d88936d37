import { Module } from '@nestjs/common';
import { RouteTable } from './route-table';
import { UnmatchedController } from './unmatched.controller';

/** The `/rest` catch-all. Import it last: its route must follow every other. */
@Module({ controllers: [UnmatchedController], providers: [RouteTable], exports: [RouteTable] })
export class RestFallbackModule {}
