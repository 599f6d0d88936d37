import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/**
 * The columns of one entity as a plain-SQL select list and the reading of a row back into the
 * entity, both derived from the entity's declaration (its TypeORM metadata: the columns of the
 * resource declaration, `declareColumns`, and those of the entity class): a column declared
 * once is selected and read everywhere a repository uses the shape. Columns declared
 * `select: false` (a style's content) are left out, as TypeORM leaves them out.
 */
export class RowShape<Entity extends ObjectLiteral> {
  /** `alias.column AS "alias_column", …` for a SELECT. */
  readonly select: string;
  private readonly columns: ColumnMetadata[];

  constructor(
    private readonly db: DataSource,
    private readonly target: EntityTarget<Entity>,
    readonly alias: string,
  ) {
    const seen = new Set<string>();
    // A relation's join column without a property of its own is virtual: the plain column (workspaceId) is read.
    this.columns = db
      .getMetadata(target)
      .columns.filter((c) => c.isSelect && !c.isVirtual)
      .filter((c) => !seen.has(c.databaseName) && seen.add(c.databaseName));
    this.select = this.columns.map((c) => `${alias}.${c.databaseName} AS "${this.key(c)}"`).join(', ');
  }

  /** The database names of the shape's columns, in order. */
  get columnNames(): string[] {
    return this.columns.map((c) => c.databaseName);
  }

  /** The entity a row selected with {@link select} holds. */
  read(row: Record<string, unknown>): Entity {
    const entity = this.db.getMetadata(this.target).create() as Entity;
    for (const c of this.columns) c.setEntityValue(entity, this.db.driver.prepareHydratedValue(row[this.key(c)], c));
    return entity;
  }

  private key(column: ColumnMetadata): string {
    return `${this.alias}_${column.databaseName}`;
  }
}
