import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CatalogDb } from '../database/catalog-db';
import { CatalogNotifications } from '../database/catalog-notifications';
import { CATALOG_DATABASE, type CatalogDatabase } from '../database/database.module';
import { AccessService } from './access.service';

/**
 * Rules change without a write of rules: renaming a workspace, a feature type or a layer group
 * renames its rules in the same transaction (the `*_rules_follow` triggers). So the cached
 * decision is forgotten after every committed catalog write: in this process at once (before the
 * write is answered), in the others on the `catalog_changes` notification every process sends
 * after its commits. Forgetting costs nothing until a caller other than ADMIN asks again (one
 * read of the rule tables).
 */
@Injectable()
export class RulesFreshness implements OnApplicationBootstrap, OnApplicationShutdown {
  private notifications?: CatalogNotifications;

  constructor(
    db: CatalogDb,
    @Inject(CATALOG_DATABASE) private readonly catalog: CatalogDatabase,
    private readonly access: AccessService,
  ) {
    db.afterEveryCommit(() => access.forget());
  }

  onApplicationBootstrap(): void {
    // The embedded catalog serves one process: its own commits are all there is to hear.
    if (this.catalog.embedded) return;
    this.notifications = new CatalogNotifications(this.catalog.url, 'catalog_changes', () => this.access.forget());
    this.notifications.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.notifications?.close();
  }
}
