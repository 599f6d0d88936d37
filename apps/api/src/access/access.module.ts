import { Global, Module } from '@nestjs/common';
import { AccessCheck } from './access-check';
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
  providers: [AccessService, RuleService, RulesFreshness, ReadAccess, AccessCheck],
  exports: [AccessService, RuleService, ReadAccess, AccessCheck],
})
export class AccessModule {}
