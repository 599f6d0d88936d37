import { Injectable } from '@nestjs/common';
import { CatalogDb } from '../../database/catalog-db';
import { CatalogRepository, InTransaction } from '../../database/catalog-repository';
import { orderedPages } from '../list-pages';
import { WorkspaceEntity } from './workspace.entity';

/** The alias that addresses the default workspace in paths. */
export const DEFAULT_ALIAS = 'default';

/**
 * SQL for the default workspace's id: the one marked default, else the oldest. Every query that
 * resolves `default` in a path embeds this (through {@link WorkspaceRepository.match}), so the
 * rule lives here only.
 */
const DEFAULT_WORKSPACE_ID_SQL = '(SELECT id FROM workspace ORDER BY is_default DESC, id LIMIT 1)';

/** A condition on a joined workspace row, and its parameters. */
export interface WorkspaceMatch {
  sql: string;
  params: unknown[];
}

/** The rows of `workspace` (a workspace and its namespace). */
@Injectable()
export class WorkspaceRepository extends CatalogRepository<WorkspaceEntity> {
  constructor(db: CatalogDb) {
    super(db, WorkspaceEntity, 'w');
  }

  /**
   * The condition that `alias` (a workspace row in another kind's query) is the workspace named
   * `name`, `default` being the default one; `$param` is the name's placeholder when one is needed.
   */
  static match(alias: string, name: string, param: number): WorkspaceMatch {
    if (name === DEFAULT_ALIAS) return { sql: `${alias}.id = ${DEFAULT_WORKSPACE_ID_SQL}`, params: [] };
    return { sql: `${alias}.name = $${param}`, params: [name] };
  }

  /** The workspace of that name (`default` = the default one), or null. */
  async find(name: string, tx?: InTransaction): Promise<WorkspaceEntity | null> {
    const where = WorkspaceRepository.match('w', name, 1);
    const rows = await this.run<Record<string, unknown>>(tx, `SELECT ${this.shape.select} FROM workspace w WHERE ${where.sql}`, where.params);
    return rows.length ? this.shape.read(rows[0]) : null;
  }

  /** Every workspace's name, in name order, a page at a time. */
  namePages(): AsyncGenerator<Array<{ name: string }>> {
    return orderedPages<{ name: string }>(this.db, 'SELECT name FROM workspace WHERE true', [], 'name', (w) => w.name);
  }

  /** Creates a workspace in a catalog transaction of its own, in one round trip (see `CatalogDb.writeAtOnce`); returns it as stored. */
  async insertAlone(fields: Pick<WorkspaceEntity, 'name' | 'namespaceUri' | 'isolated'>): Promise<WorkspaceEntity> {
    const [row] = await this.db.writeAtOnce<Record<string, unknown>>(this.shape.insert(this.table, fields));
    return this.shape.read(row);
  }

  /** A new workspace record (not saved). */
  create(fields: Pick<WorkspaceEntity, 'name' | 'namespaceUri' | 'isolated'>): WorkspaceEntity {
    return this.orm().create(fields);
  }

  /** Makes the workspace the only one marked default. */
  async markDefault(tx: InTransaction, id: number): Promise<void> {
    // Serialise default switches so the single-default index never sees two at once.
    await this.run(tx, `SELECT id FROM workspace WHERE is_default FOR UPDATE`);
    await this.run(tx, `UPDATE workspace SET is_default = false WHERE is_default AND id <> $1`, [id]);
    await this.run(tx, `UPDATE workspace SET is_default = true WHERE id = $1`, [id]);
  }
}
