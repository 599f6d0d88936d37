import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AccessInterceptor } from './access.interceptor';
import { AccessService } from './access.service';
import { AclController } from './acl.controller';
import { SelfController } from './self.controller';
import { ReadAccess } from './read-access';
import { RuleService } from './rule.service';
import { RulesFreshness } from './rules-freshness';

/** Data security (contract §12): the rules' endpoints, and the one decision every path asks ({@link AccessService}). */
@Global()
@Module({
  controllers: [AclController, SelfController],
  providers: [AccessService, RuleService, RulesFreshness, ReadAccess, { provide: APP_INTERCEPTOR, useClass: AccessInterceptor }],
  exports: [AccessService, RuleService, ReadAccess],
})
export class AccessModule {}
