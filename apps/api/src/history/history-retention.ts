import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CatalogDb } from '../database/catalog-db';
import { APP_CONFIG, AppConfig } from '../config/config';

/** Rows removed per statement: short statements, so pruning never holds up writes for long. */
const BATCH = 1000;
const HOURLY = 3_600_000;

/**
 * `HISTORY_DAYS`: changes older than that many days are removed at start and every hour, in
 * small batches of single-row deletes (writers append new rows meanwhile; nothing waits on a
 * table lock). Every process prunes; doing it twice is harmless.
 */
@Injectable()
export class HistoryRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('History');
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly db: CatalogDb,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.historyDays === 0) return;
    const run = () => {
      this.running ??= this.prune()
        .catch((err) => {
          this.logger.warn(`History not pruned this time: ${(err as Error).message}`);
          return 0;
        })
        .finally(() => (this.running = undefined));
    };
    run();
    this.timer = setInterval(run, HOURLY);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /**
   * Removes the changes older than the retention; returns how many. Numbers follow time, so the
   * old ones are those up to one number, found once; they go by primary key, a batch at a time.
   * The newest change always stays: its number is the catalog's version (list ETags).
   */
  async prune(): Promise<number> {
    const [{ last }]: Array<{ last: string | null }> = await this.db.query(
      `SELECT max(seq)::text AS last FROM catalog_change
        WHERE time < now() - make_interval(days => $1) AND seq < (SELECT max(seq) FROM catalog_change)`,
      [this.config.historyDays],
    );
    if (last === null) return 0;
    let removed = 0;
    for (;;) {
      const rows: unknown[] = await this.db.query(
        `DELETE FROM catalog_change WHERE seq IN (SELECT seq FROM catalog_change WHERE seq <= $1 ORDER BY seq LIMIT ${BATCH}) RETURNING seq`,
        [last],
      );
      removed += rows.length;
      if (rows.length < BATCH) return removed;
    }
  }
}
