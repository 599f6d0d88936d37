import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CatalogError, decisionOf, type AccessDecision, ANONYMOUS_CALLER, type Caller } from '@geocatalog/catalog-model';
import { AuthCaches } from '../auth/auth-caches';
import type { Principal } from '../auth/principal';
import { CatalogDb } from '../database/catalog-db';
import { CatalogNotifications } from '../database/catalog-notifications';
import { CATALOG_DATABASE, type CatalogDatabase } from '../database/database.module';

/** A cached decision is built again after this long, even if no notification said the rules changed. */
const RECHECK_MS = 5_000;

interface Built {
  generation: number;
  at: number;
  value: Promise<AccessDecision>;
}

/**
 * The one decision point of data security (contract §12): every path that reads or writes asks
 * {@link decision} for the {@link AccessDecision} of the catalog's rules and {@link callerOf} for
 * who asks. REST enforces it today; the OGC API, tiles and WMS read paths call the same methods.
 *
 * The decision is built once from the rule tables and cached per process. A write of rules (and a
 * revert or import touching them) has every worker of the cluster forget it before it answers
 * ({@link changed}, the cluster's forget relay) and sends `NOTIFY catalog_rules`, on which any
 * other process sharing the database forgets it; it is built again after {@link RECHECK_MS}
 * should a notification be lost. A build begun before a forget is never kept after it.
 */
@Injectable()
export class AccessService implements OnApplicationBootstrap, OnApplicationShutdown {
  private generation = 0;
  private built?: Built;
  private notifications?: CatalogNotifications;

  constructor(
    private readonly db: CatalogDb,
    @Inject(CATALOG_DATABASE) private readonly catalog: CatalogDatabase,
    private readonly caches: AuthCaches,
  ) {
    caches.register('rules', () => this.forget());
  }

  onApplicationBootstrap(): void {
    // The embedded catalog serves one process: its own commits are all there is to hear.
    if (this.catalog.embedded) return;
    this.notifications = new CatalogNotifications(this.catalog.url, 'catalog_rules', () => this.forget());
    this.notifications.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.notifications?.close();
  }

  /** After a committed change of rules: every worker forgets the cached decision before this resolves. */
  changed(): Promise<void> {
    this.notifications?.announce();
    return this.caches.changed('rules');
  }

  /** Drops the cached decision: the next question builds it again. */
  forget(): void {
    this.generation++;
    this.built = undefined;
  }

  /** The decision of the catalog's rules as they are (cached). */
  decision(): Promise<AccessDecision> {
    const now = Date.now();
    const cached = this.built;
    if (cached && cached.generation === this.generation && now - cached.at < RECHECK_MS) return cached.value;
    const built: Built = { generation: this.generation, at: now, value: this.build() };
    // A failed build is not kept: the next question tries again.
    built.value.catch(() => {
      if (this.built === built) this.built = undefined;
    });
    this.built = built;
    return built.value;
  }

  /** Who a request's principal is to the rules: its roles, or the anonymous caller. */
  callerOf(principal: Principal | undefined): Caller {
    return principal ? { roles: principal.roles, anonymous: false } : ANONYMOUS_CALLER;
  }

  /** Throws the refusal the catalog mode gives for a record `caller` may not read (404, 401 or 403). */
  refuse(decision: AccessDecision, caller: Caller, what: string): never {
    const code = decision.refusal(caller);
    if (code === 'NOT_FOUND') throw new CatalogError('NOT_FOUND', `No such ${what}`);
    if (code === 'UNAUTHENTICATED') throw new CatalogError('UNAUTHENTICATED', 'Authentication required: send valid Basic credentials');
    throw new CatalogError('FORBIDDEN', `You may not read ${what}`);
  }

  /** The name of the default workspace (what `default` stands for in a path); null when there is no workspace. */
  async defaultWorkspace(): Promise<string | null> {
    const [row] = await this.db.query<{ name: string }>(`SELECT name FROM workspace ORDER BY is_default DESC, id LIMIT 1`);
    return row?.name ?? null;
  }

  private async build(): Promise<AccessDecision> {
    const [data, services] = await Promise.all([
      this.db.query<{ name: string; value: string }>(`SELECT name, value FROM data_rule`),
      this.db.query<{ name: string; value: string }>(`SELECT name, value FROM service_rule`),
    ]);
    const entries = (rows: { name: string; value: string }[]) => rows.map((row) => [row.name, row.value] as const);
    return decisionOf(entries(data), entries(services));
  }
}
