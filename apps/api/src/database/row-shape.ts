import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata';
import { sqlValue } from './catalog-transaction';

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
  /** Each column's key in a row (`alias_column`), in the order of {@link columns}. */
  private readonly keys: string[];
  private readonly metadata: EntityMetadata;

  constructor(
    private readonly db: DataSource,
    target: EntityTarget<Entity>,
    readonly alias: string,
  ) {
    // Looked up once: reads are the hottest path of the api, and the lookup searches every entity.
    this.metadata = db.getMetadata(target);
    const seen = new Set<string>();
    // A relation's join column without a property of its own is virtual: the plain column (workspaceId) is read.
    this.columns = this.metadata.columns.filter((c) => c.isSelect && !c.isVirtual).filter((c) => !seen.has(c.databaseName) && seen.add(c.databaseName));
    this.keys = this.columns.map((c) => `${alias}_${c.databaseName}`);
    this.select = this.columns.map((c, i) => `${alias}.${c.databaseName} AS "${this.keys[i]}"`).join(', ');
  }

  /**
   * `INSERT INTO table AS alias (…) VALUES (…) RETURNING` the shape's columns, for the entity's
   * properties in `fields` (what is left out gets the column's default), values as literals.
   */
  insert(table: string, fields: Partial<Entity>): string {
    const names: string[] = [];
    const values: string[] = [];
    for (const [property, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      const column = this.columns.find((c) => c.propertyName === property);
      if (!column) throw new Error(`${this.metadata.name} has no column for '${property}'`);
      names.push(column.databaseName);
      values.push(sqlValue(value));
    }
    return `INSERT INTO ${table} AS ${this.alias} (${names.join(', ')}) VALUES (${values.join(', ')}) RETURNING ${this.select}`;
  }

  /** The database names of the shape's columns, in order. */
  get columnNames(): string[] {
    return this.columns.map((c) => c.databaseName);
  }

  /** The entity a row selected with {@link select} holds. */
  read(row: Record<string, unknown>): Entity {
    const entity = this.metadata.create() as Entity;
    const driver = this.db.driver;
    for (let i = 0; i < this.columns.length; i++) {
      const c = this.columns[i];
      c.setEntityValue(entity, driver.prepareHydratedValue(row[this.keys[i]], c));
    }
    return entity;
  }
}
