import { Global, Module } from '@nestjs/common';
import { AccessCheck } from './access-check';
import { AccessService } from './access.service';
import { AclController } from './acl.controller';
import { RuleService } from './rule.service';

/** Data security (contract §12): the rules' endpoints, and the one decision every path asks ({@link AccessService}). */
@Global()
@Module({
  controllers: [AclController],
  providers: [AccessService, RuleService, AccessCheck],
  exports: [AccessService, RuleService, AccessCheck],
})
export class AccessModule {}
