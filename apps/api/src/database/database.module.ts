import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import * as path from 'node:path';
import { Client } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ConfigModule } from '../config/config.module';
import { CatalogDb } from './catalog-db';
import { EmbeddedPostgres, startEmbeddedPostgres } from '@geocatalog/embedded-postgres';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** Where the catalog lives: the URL to connect to, and the embedded server when there is one. */
export interface CatalogDatabase {
  url: string;
  poolSize: number;
  embedded?: EmbeddedPostgres;
}

/** Injection token of the {@link CatalogDatabase}. */
export const CATALOG_DATABASE = Symbol('CATALOG_DATABASE');

// Any constant works; it only has to be the same in every api process sharing a database.
const MIGRATION_LOCK_KEY = 7_412_001;

/** Runs pending migrations while holding an advisory lock, so concurrent starts migrate once. */
async function migrate(dataSource: DataSource, url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** Closes the embedded database after everything else has shut down. */
class EmbeddedDatabaseCloser implements OnApplicationShutdown {
  constructor(@Inject(CATALOG_DATABASE) private readonly db: CatalogDatabase) {}

  async onApplicationShutdown(): Promise<void> {
    await this.db.embedded?.close();
  }
}

/** Provides {@link CATALOG_DATABASE}: the configured URL, or a started embedded server. */
@Global()
@Module({
  imports: [ConfigModule],
  providers: [
    {
      provide: CATALOG_DATABASE,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<CatalogDatabase> => {
        if (config.databaseUrl) return { url: config.databaseUrl, poolSize: 10 };
        const logger = new Logger('Database');
        const dataDir = path.join(config.dataDir, 'catalog-db');
        const embedded = await startEmbeddedPostgres({ dataDir, port: 0, log: (m) => logger.log(m) });
        return { url: embedded.url, poolSize: embedded.maxConnections, embedded };
      },
    },
  ],
  exports: [CATALOG_DATABASE],
})
export class CatalogDatabaseModule {}

/** The catalog database: PostgreSQL at DATABASE_URL, or embedded PGlite under DATA_DIR. */
@Global()
@Module({
  imports: [
    CatalogDatabaseModule,
    TypeOrmModule.forRootAsync({
      imports: [CatalogDatabaseModule],
      inject: [CATALOG_DATABASE],
      useFactory: (db: CatalogDatabase): DataSourceOptions => ({
        type: 'postgres',
        url: db.url,
        entities: ENTITIES,
        migrations: MIGRATIONS,
        synchronize: false,
        migrationsRun: false,
        extra: { max: db.poolSize, connectionTimeoutMillis: 10_000 },
        poolErrorHandler: (err: Error) => new Logger('Database').warn(`Idle catalog connection failed: ${err.message}`),
      }),
      dataSourceFactory: async (options) => {
        const dataSource = new DataSource(options!);
        await dataSource.initialize();
        await migrate(dataSource, (options as { url: string }).url);
        return dataSource;
      },
    }),
  ],
  providers: [EmbeddedDatabaseCloser, CatalogDb],
  exports: [TypeOrmModule, CatalogDb],
})
export class DatabaseModule {}
