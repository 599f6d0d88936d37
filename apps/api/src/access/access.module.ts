import { Global, Module } from '@nestjs/common';
import { AccessService } from './access.service';
import { AclController } from './acl.controller';
import { RuleService } from './rule.service';

/** Data security (contract §12): the rules' endpoints, and the one decision every path asks ({@link AccessService}). */
@Global()
@Module({
  controllers: [AclController],
  providers: [AccessService, RuleService],
  exports: [AccessService, RuleService],
})
export class AccessModule {}
