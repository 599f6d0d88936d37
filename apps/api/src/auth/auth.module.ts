import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { CatalogAuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { BasicStrategy } from './basic.strategy';
import { SessionController } from './session.controller';
import { SessionService } from './session.service';
import { SessionStrategy } from './session.strategy';
import { UserService } from './user.service';

/** Basic authentication or the console's session cookie, and roles, on every route. */
@Module({
  imports: [PassportModule.register({ session: false })],
  controllers: [SessionController],
  providers: [UserService, AuthService, SessionService, BasicStrategy, SessionStrategy, { provide: APP_GUARD, useClass: CatalogAuthGuard }],
  exports: [UserService, AuthService],
})
export class AuthModule {}
