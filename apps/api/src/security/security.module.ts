import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { SecurityController } from './security.controller';

/** `/rest/security`: users and roles. */
@Module({ imports: [AuthModule], controllers: [SecurityController] })
export class SecurityModule {}
