import { Injectable } from '@nestjs/common';
import { CatalogDb } from '../../database/catalog-db';
import { CatalogRepository, InTransaction } from '../../database/catalog-repository';
import { orderedPages } from '../list-pages';
import { WorkspaceRepository } from '../workspaces/workspace.repository';
import { StyleEntity } from './style.entity';

/** The rows of `style` (a style's SLD document, `content`, is read only by {@link StyleRepository.content}). */
@Injectable()
export class StyleRepository extends CatalogRepository<StyleEntity> {
  constructor(
    db: CatalogDb,
    private readonly workspaces: WorkspaceRepository,
  ) {
    super(db, StyleEntity, 's');
  }

  /**
   * The style named `name`: global (`workspace` undefined) or in the workspace named `workspace`
   * (`default` = the default one), with its workspace, in one query.
   */
  async find(workspace: string | undefined, name: string, tx?: InTransaction): Promise<StyleEntity | null> {
    const match = workspace === undefined ? { sql: 's.workspace_id IS NULL', params: [] } : WorkspaceRepository.match('w', workspace, 2);
    return (await this.withWorkspaces(tx, `s.name = $1 AND ${match.sql}`, [name, ...match.params]))[0] ?? null;
  }

  /** The styles named `name` in the workspace named `workspace`, and (`orGlobal`) the global one. */
  candidates(tx: InTransaction, name: string, workspace: string, orGlobal: boolean): Promise<StyleEntity[]> {
    return this.withWorkspaces(tx, `s.name = $1 AND (w.name = $2${orGlobal ? ' OR s.workspace_id IS NULL' : ''})`, [name, workspace]);
  }

  /** The id of the global style `name`, or null. */
  async globalId(name: string, tx?: InTransaction): Promise<number | null> {
    const rows = await this.run<{ id: number }>(tx, `SELECT id FROM style WHERE workspace_id IS NULL AND name = $1`, [name]);
    return rows[0]?.id ?? null;
  }

  /** The style's SLD document, or null when none was uploaded. */
  async content(id: number): Promise<Buffer | null> {
    const rows = await this.run<{ content: Buffer | null }>(undefined, `SELECT content FROM style WHERE id = $1`, [id]);
    return rows[0]?.content ?? null;
  }

  /** Replaces the style's SLD document. */
  async setContent(tx: InTransaction, id: number, content: Buffer, languageVersion: string): Promise<void> {
    await this.orm(tx).update({ id }, { content, languageVersion, dateModified: new Date() });
  }

  /** The names of a workspace's styles (null: the global ones), in name order, a page at a time. */
  namePages(workspaceId: number | null): AsyncGenerator<Array<{ name: string }>> {
    return workspaceId === null
      ? orderedPages<{ name: string }>(this.db, 'SELECT name FROM style WHERE workspace_id IS NULL', [], 'name', (s) => s.name)
      : orderedPages<{ name: string }>(this.db, 'SELECT name FROM style WHERE workspace_id = $1', [workspaceId], 'name', (s) => s.name);
  }

  /** The ids of a workspace's styles. */
  async idsIn(tx: InTransaction, workspaceId: number): Promise<number[]> {
    return (await this.run<{ id: number }>(tx, `SELECT id FROM style WHERE workspace_id = $1`, [workspaceId])).map((r) => r.id);
  }

  /** A new style record (not saved). */
  create(fields: Partial<StyleEntity>): StyleEntity {
    return this.orm().create(fields);
  }

  private async withWorkspaces(tx: InTransaction, where: string, params: unknown[]): Promise<StyleEntity[]> {
    const rows = await this.run<Record<string, unknown>>(
      tx,
      `SELECT ${this.shape.select}, ${this.workspaces.shape.select} FROM style s LEFT JOIN workspace w ON w.id = s.workspace_id WHERE ${where}`,
      params,
    );
    return rows.map((row) => {
      const style = this.shape.read(row);
      style.workspace = style.workspaceId === null ? null : this.workspaces.shape.read(row);
      return style;
    });
  }
}
