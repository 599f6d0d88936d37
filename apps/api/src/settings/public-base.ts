import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Request } from 'express';
import { AuthCaches } from '../auth/auth-caches';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { CatalogDb } from '../database/catalog-db';
import { CatalogNotifications } from '../database/catalog-notifications';
import { CATALOG_DATABASE, type CatalogDatabase } from '../database/database.module';
import { publicBaseUrl } from '../rest/rest-request';

/** A cached reading is read again after this long, even if no notification said it changed. */
const RECHECK_MS = 5_000;
/** A reading that failed (the catalog database away) is tried again after this long, not on every request. */
const RETRY_MS = 1_000;

interface Reading {
  generation: number;
  at: number;
  /** How long it is good for. */
  ttl: number;
  value: Promise<string | null>;
  /** The value once {@link value} has settled: the request path then needs no promise. */
  settled?: { value: string | null };
}

/**
 * The base URL every link the api writes starts with (REST links and `Location`, OGC API links,
 * capabilities): the server settings' `proxyBaseUrl` when set (GeoServer's rule: it stands for
 * `scheme://host[:port]/context`), else what the request came in on ({@link publicBaseUrl}).
 *
 * The setting is cached per process. A write of the settings (and a revert or import touching
 * them) has every worker of the cluster forget it before it answers ({@link changed}, the
 * cluster's forget relay) and sends `NOTIFY catalog_settings`, on which any other process sharing
 * the database forgets it; a reading expires after {@link RECHECK_MS} should a notification be
 * lost. Other commits leave it alone: the request path reads it once per {@link RECHECK_MS}, not
 * after every write. A reading begun before a forget is never kept after it (generations).
 */
@Injectable()
export class PublicBase implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PublicBase');
  private generation = 0;
  private reading?: Reading;
  private notifications?: CatalogNotifications;
  /** Whether the last reading failed (one warning per outage). */
  private failing = false;

  constructor(
    private readonly db: CatalogDb,
    @Inject(CATALOG_DATABASE) private readonly catalog: CatalogDatabase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly caches: AuthCaches,
  ) {
    caches.register('settings', () => this.forget());
  }

  /**
   * After a committed change of the server's settings: every worker of the cluster forgets the
   * cached setting before this resolves, so the answer to the write goes out only when no worker
   * still writes links with the old base.
   */
  changed(): Promise<void> {
    this.notifications?.announce();
    return this.caches.changed('settings');
  }

  onApplicationBootstrap(): void {
    // The embedded catalog serves one process: its own commits are all there is to hear.
    if (this.catalog.embedded) return;
    this.notifications = new CatalogNotifications(this.catalog.url, 'catalog_settings', () => this.forget());
    this.notifications.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.notifications?.close();
  }

  /** Drops the cached setting: the next request reads it again. */
  forget(): void {
    this.generation++;
    this.reading = undefined;
  }

  /**
   * The public base URL for links answering `req` (no trailing slash; context path included): at
   * once while the cached setting is fresh (every request asks), else once it has been read.
   */
  of(req: Request): string | Promise<string> {
    const own = (proxy: string | null) => proxy ?? publicBaseUrl(req, this.config.contextPath, this.config.trustProxy);
    const reading = this.proxyBaseUrl();
    const settled = this.reading?.value === reading ? this.reading.settled : undefined;
    return settled ? own(settled.value) : reading.then(own);
  }

  /**
   * The `proxyBaseUrl` setting (null when unset), from the cache when fresh. Null too when it
   * cannot be read: links then use the request's base, and the database's failure is answered by
   * whatever needs the database.
   */
  proxyBaseUrl(): Promise<string | null> {
    const now = Date.now();
    const cached = this.reading;
    if (cached && cached.generation === this.generation && now - cached.at < cached.ttl) return cached.value;
    const reading: Reading = { generation: this.generation, at: now, ttl: RECHECK_MS, value: Promise.resolve(null) };
    reading.value = this.read().then(
      (value) => {
        this.failing = false;
        reading.settled = { value };
        return value;
      },
      (err: unknown) => {
        reading.ttl = RETRY_MS;
        if (!this.failing) this.logger.warn(`Cannot read proxyBaseUrl: ${(err as Error).message}; links use the request's base until it can be read`);
        this.failing = true;
        reading.settled = { value: null };
        return null;
      },
    );
    this.reading = reading;
    return reading.value;
  }

  private async read(): Promise<string | null> {
    const [row] = await this.db.query<{ proxy_base_url: string | null }>(`SELECT proxy_base_url FROM settings WHERE workspace_id IS NULL`);
    return row?.proxy_base_url || null;
  }
}
