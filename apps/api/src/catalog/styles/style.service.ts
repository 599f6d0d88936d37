import { Injectable } from '@nestjs/common';
import { CatalogDb } from '../../database/catalog-db';
import {
  CatalogError,
  checkDeclared,
  checkName,
  DEFAULT_STYLE_NAMES,
  mergeDeclared,
  Sent,
  SentReference,
  Style,
  withDefaults,
} from '@geocatalog/catalog-model';
import { EntityManager, IsNull } from 'typeorm';
import { catalogVersion } from '../../database/catalog-version';
import { Listing, orderedPages } from '../list-pages';
import { foreignKeyViolation, nameTaken } from '../../database/pg-errors';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import { DEFAULT_ALIAS, DEFAULT_WORKSPACE_ID_SQL, WorkspaceService } from '../workspaces/workspace.service';
import { detachStyles } from './detach-styles';
import { SldUpload } from './sld-content';
import { checkPrecondition } from '../record-precondition';
import { StyleEntity } from './style.entity';
import { styleTag } from './style.mapper';

/** The fields of a `<style>` record body; absent fields are undefined (PUT merges). */
export type StyleInput = Sent<Style>;

/** A style together with the workspace name it lives in (undefined = global). */
export interface LocatedStyle {
  style: StyleEntity;
  workspace?: string;
}

/** Styles: global (no workspace) or in a workspace, each with its SLD document. */
@Injectable()
export class StyleService {
  constructor(
    private readonly db: CatalogDb,
    private readonly workspaces: WorkspaceService,
  ) {
    // A deleted workspace takes its styles along (the rows cascade); layers elsewhere drawn with
    // them fall back to their geometry's default style first.
    workspaces.onDelete(async (tx, ws) => {
      const styles = await tx.getRepository(StyleEntity).find({ where: { workspaceId: ws.id }, select: { id: true } });
      return {
        held: styles.length,
        remove: async () => {
          await detachStyles(
            tx,
            styles.map((s) => s.id),
          );
          return [];
        },
      };
    });
  }

  /** The id of the global style `name`, or null when there is none (a new layer's default style). */
  async globalStyleId(name: string | undefined, manager: EntityManager = this.db.manager): Promise<number | null> {
    if (!name) return null;
    const style = await manager.getRepository(StyleEntity).findOne({ where: { name, workspaceId: IsNull() }, select: { id: true } });
    return style?.id ?? null;
  }

  /** Global styles, or one workspace's; 404 for an unknown workspace. */
  async list(workspace: string | undefined): Promise<Listing<{ name: string }>> {
    const version = await catalogVersion(this.db);
    const ws = workspace === undefined ? undefined : await this.workspaceOrMissing(workspace);
    const pages = ws
      ? orderedPages<{ name: string }>(this.db, 'SELECT name FROM style WHERE workspace_id = $1', [ws.id], 'name', (s) => s.name)
      : orderedPages<{ name: string }>(this.db, 'SELECT name FROM style WHERE workspace_id IS NULL', [], 'name', (s) => s.name);
    return { version, pages };
  }

  /**
   * The style a layer body names: `ws:name` or `{name, workspace}` exactly; a bare name is
   * looked up in the layer's workspace first, then among the global styles.
   */
  async resolve(tx: EntityManager, ref: SentReference, layerWorkspace: string): Promise<StyleEntity> {
    const candidates: StyleEntity[] = await tx
      .getRepository(StyleEntity)
      .createQueryBuilder('s')
      .leftJoinAndSelect('s.workspace', 'w')
      .where('s.name = :name', { name: ref.name })
      .andWhere(ref.workspace ? 'w.name = :ws' : '(w.name = :ws OR s.workspace_id IS NULL)', { ws: ref.workspace ?? layerWorkspace })
      .getMany();
    const style = candidates.find((s) => s.workspace) ?? candidates[0];
    if (!style) {
      throw new CatalogError('NOT_FOUND', ref.workspace ? `No such style ${ref.name} in workspace ${ref.workspace}` : `No such style: ${ref.name}`);
    }
    return style;
  }

  /** One style record (without content); 404 in GeoServer's words. */
  async get(workspace: string | undefined, name: string, manager: EntityManager = this.db.manager): Promise<LocatedStyle> {
    const qb = manager.getRepository(StyleEntity).createQueryBuilder('s').leftJoinAndSelect('s.workspace', 'w').where('s.name = :name', { name });
    if (workspace === undefined) qb.andWhere('s.workspace_id IS NULL');
    else if (workspace === DEFAULT_ALIAS) qb.andWhere(`w.id = ${DEFAULT_WORKSPACE_ID_SQL}`);
    else qb.andWhere('w.name = :workspace', { workspace });
    const style = await qb.getOne();
    if (!style) {
      throw new CatalogError('NOT_FOUND', workspace === undefined ? `No such style: ${name}` : `No such style ${name} in workspace ${workspace}`);
    }
    return { style, workspace: style.workspace?.name };
  }

  /** The stored SLD document; 404 when none was uploaded yet. */
  async content(workspace: string | undefined, name: string): Promise<{ style: StyleEntity; bytes: Buffer }> {
    const { style } = await this.get(workspace, name);
    const row = await this.db.manager.getRepository(StyleEntity).createQueryBuilder('s').addSelect('s.content').where('s.id = :id', { id: style.id }).getOne();
    if (!row?.content) throw new CatalogError('NOT_FOUND', `Style ${name} has no SLD content yet`);
    return { style, bytes: row.content };
  }

  /** Creates a style record, and its content when given (one-step upload), in one transaction. */
  async create(workspace: string | undefined, input: StyleInput, upload?: SldUpload): Promise<StyleEntity> {
    if (!input.name) throw new CatalogError('MISSING_FIELD', 'The style has no name; it is required');
    const name = checkName('style', input.name);
    return this.db.transaction(async ({ manager: tx }) => {
      const ws = workspace === undefined ? undefined : await this.workspaceOrMissing(workspace, tx);
      const repo = tx.getRepository(StyleEntity);
      const fields = { ...withDefaults(Style, input), name, filename: input.filename ?? `${name}.sld` };
      if (upload) fields.languageVersion = upload.languageVersion;
      checkDeclared(Style, fields);
      const style = repo.create({ ...fields, workspaceId: ws?.id ?? null, content: upload?.bytes ?? null });
      try {
        return await repo.save(style);
      } catch (err) {
        throw conflict(err, name, ws?.name);
      }
    });
  }

  /** Partial update of the record: rename, filename, format, version. Default styles keep their names. */
  async update(workspace: string | undefined, name: string, input: StyleInput, ifMatch?: string): Promise<void> {
    await this.db.transaction(async ({ manager: tx }) => {
      const { style } = await this.get(workspace, name, tx);
      await checkPrecondition(tx, 'style', style, ifMatch, styleTag);
      if (input.name !== undefined && input.name !== style.name) {
        if (isDefaultStyle(style)) throw new CatalogError('NOT_CHANGEABLE', `The default style ${style.name} cannot be renamed`);
        style.name = checkName('style', input.name);
      }
      mergeDeclared(Style, style, input);
      style.dateModified = new Date();
      try {
        await tx.getRepository(StyleEntity).save(style);
      } catch (err) {
        throw conflict(err, style.name, workspace);
      }
    });
  }

  /** Replaces the SLD document; invalid content never reaches this point (see `checkSld`). */
  async upload(workspace: string | undefined, name: string, upload: SldUpload, ifMatch?: string): Promise<void> {
    await this.db.transaction(async ({ manager: tx }) => {
      const { style } = await this.get(workspace, name, tx);
      await checkPrecondition(tx, 'style', style, ifMatch, styleTag);
      await tx
        .getRepository(StyleEntity)
        .update({ id: style.id }, { content: upload.bytes, languageVersion: upload.languageVersion, dateModified: new Date() });
    });
  }

  /**
   * Deletes a style; the default global styles are refused. A style some layer uses needs
   * `recurse`: those layers then fall back to the default style of their geometry and lose it
   * from their alternate styles.
   */
  async delete(workspace: string | undefined, name: string, recurse: boolean, ifMatch?: string): Promise<void> {
    await this.db.transaction(async ({ manager: tx }) => {
      const { style } = await this.getForDelete(workspace, name, tx);
      await checkPrecondition(tx, 'style', style, ifMatch, styleTag);
      if (isDefaultStyle(style)) throw new CatalogError('NOT_CHANGEABLE', 'Unable to delete a default style');
      const [{ n }]: Array<{ n: number }> = await tx.query(
        `SELECT (SELECT count(*) FROM layer WHERE default_style_id = $1) + (SELECT count(*) FROM layer_style WHERE style_id = $1) AS n`,
        [style.id],
      );
      if (Number(n) > 0) {
        if (!recurse) throw new CatalogError('NOT_EMPTY', "Can't delete style referenced by existing layers.");
        await detachStyles(tx, [style.id]);
      }
      await tx.getRepository(StyleEntity).delete({ id: style.id });
    });
  }

  private async getForDelete(workspace: string | undefined, name: string, tx: EntityManager): Promise<LocatedStyle> {
    if (workspace !== undefined) await this.workspaceOrMissing(workspace, tx);
    try {
      return await this.get(workspace, name, tx);
    } catch (err) {
      if (err instanceof CatalogError && err.code === 'NOT_FOUND') throw new CatalogError('NOT_FOUND', `Style ${name} not found`);
      throw err;
    }
  }

  private async workspaceOrMissing(name: string, manager?: EntityManager): Promise<WorkspaceEntity> {
    const ws = await this.workspaces.find(name, manager);
    if (!ws) throw new CatalogError('NOT_FOUND', `No such workspace: '${name}' found`);
    return ws;
  }
}

function isDefaultStyle(style: StyleEntity): boolean {
  return style.workspaceId === null && DEFAULT_STYLE_NAMES.includes(style.name);
}

function conflict(err: unknown, name: string, workspace: string | undefined): unknown {
  if (foreignKeyViolation(err)) return new CatalogError('NOT_FOUND', `No such workspace: '${workspace}' found`);
  return nameTaken(err, () => (workspace ? `Style named '${name}' already exists in workspace ${workspace}` : `Style named '${name}' already exists`));
}
