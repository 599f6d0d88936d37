import { Inject, Injectable, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { isFirstWorker } from '../cluster/worker-slot';
import { SampleDatabase, SampleDatabasePortInUseError, startSampleDatabase } from './sample-db';

/** Connection details of the running sample database. */
export type SampleDatabaseConnection = Omit<SampleDatabase, 'close'>;

/**
 * Runs the embedded PostGIS sample database (contract §2) when `config.sampleDb`: started (and awaited)
 * at application bootstrap, so it is ready when the api says it is listening; closed on shutdown. A
 * start failure (port taken, directory locked by another api process, …) is a warning: the api runs
 * without the sample database. With several workers only the worker in the first slot runs it
 * (a restarted one takes it over).
 */
@Injectable()
export class SampleDatabaseService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SampleDatabase');
  private db?: SampleDatabase;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The running sample database, or undefined (off, failed to start, or closed). */
  get connection(): SampleDatabaseConnection | undefined {
    if (!this.db) return undefined;
    const { host, port, database, user, password } = this.db;
    return { host, port, database, user, password };
  }

  async onApplicationBootstrap(): Promise<void> {
    // One sample database per machine: with several workers, the first slot's worker serves it.
    if (!this.config.sampleDb || !isFirstWorker()) return;
    const { dataDir, sampleDbPort: port } = this.config;
    try {
      this.db = await startSampleDatabase({ dataDir, port, log: (m) => this.logger.log(m) });
    } catch (err) {
      const reason =
        err instanceof SampleDatabasePortInUseError
          ? `port ${err.port} on ${err.host} is already in use (another geocatalog, or a PostgreSQL?)`
          : (err as Error).message;
      this.logger.warn(`Sample PostGIS database not started: ${reason}. The api runs without it; ` + `set SAMPLE_DB_PORT to a free port, or SAMPLE_DB=off.`);
      return;
    }
    const { host, port: p, database, user, password } = this.db;
    this.logger.log(
      `Sample PostGIS database at postgres://${user}:${password}@${host}:${p}/${database} ` +
        `(data store parameters: host=${host} port=${p} database=${database} schema=public user=${user} ` +
        `passwd=${password} dbtype=postgis; table states: 56 US states, MultiPolygon EPSG:4326)`,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    const db = this.db;
    this.db = undefined;
    await db?.close();
  }
}

/** The embedded PostGIS sample database (SAMPLE_DB, SAMPLE_DB_PORT); needs the global ConfigModule. */
@Module({
  providers: [SampleDatabaseService],
  exports: [SampleDatabaseService],
})
export class SampleDatabaseModule {}
