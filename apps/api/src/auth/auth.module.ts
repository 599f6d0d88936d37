import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { CatalogAuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { BasicStrategy } from './basic.strategy';
import { UserService } from './user.service';

/** Basic authentication and roles on every route. */
@Module({
  imports: [PassportModule.register({ session: false })],
  providers: [UserService, AuthService, BasicStrategy, { provide: APP_GUARD, useClass: CatalogAuthGuard }],
  exports: [UserService, AuthService],
})
export class AuthModule {}
