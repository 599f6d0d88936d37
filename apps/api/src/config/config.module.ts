import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, loadConfig } from './config';

/** Provides the validated {@link AppConfig} under {@link APP_CONFIG}. */
@Global()
@Module({
  providers: [{ provide: APP_CONFIG, useFactory: () => loadConfig() }],
  exports: [APP_CONFIG],
})
export class ConfigModule {}
