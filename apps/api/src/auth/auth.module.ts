import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { CatalogAuthGuard } from './auth.guard';
import { primaryLink } from '../cluster/primary-link';
import { ClusterSignInLimits } from '../cluster/cluster-sign-in-limits';
import { AuthCachesModule } from './auth-caches';
import { AuthService } from './auth.service';
import { BasicStrategy } from './basic.strategy';
import { SessionController } from './session.controller';
import { SessionService } from './session.service';
import { SessionStrategy } from './session.strategy';
import { LocalSignInLimits, SIGN_IN_LIMITS, SignInLimits } from './sign-in-limits';
import { UserRepository } from './user.repository';
import { UserService } from './user.service';
import { RoleService } from './role.service';
import { GroupService } from './group.service';

/** The sign-in limits of this process, or of the whole cluster when it is one of the primary's workers. */
function signInLimits(): SignInLimits {
  const link = primaryLink();
  return link ? new ClusterSignInLimits(link) : new LocalSignInLimits();
}

/** Basic authentication or the console's session cookie, and roles, on every route. */
@Module({
  imports: [PassportModule.register({ session: false }), AuthCachesModule],
  controllers: [SessionController],
  providers: [
    UserRepository,
    UserService,
    RoleService,
    GroupService,
    AuthService,
    SessionService,
    BasicStrategy,
    SessionStrategy,
    { provide: SIGN_IN_LIMITS, useFactory: signInLimits },
    { provide: APP_GUARD, useClass: CatalogAuthGuard },
  ],
  exports: [UserRepository, UserService, RoleService, GroupService, AuthService, SessionService],
})
export class AuthModule {}
