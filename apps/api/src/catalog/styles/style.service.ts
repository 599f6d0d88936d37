import { CatalogTransaction } from '../../database/catalog-transaction';
import type { PublishedReads } from '../../rest/rest-request';
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
import { InTransaction } from '../../database/catalog-repository';
import { catalogVersion } from '../../database/catalog-version';
import { LayerRepository } from '../layers/layer.repository';
import { Listing } from '../list-pages';
import { foreignKeyViolation, nameTaken } from '../../database/pg-errors';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import { WorkspaceService } from '../workspaces/workspace.service';
import { detachStyles } from './detach-styles';
import { SldUpload } from './sld-content';
import { checkPrecondition } from '../record-precondition';
import { StyleEntity } from './style.entity';
import { StyleRepository } from './style.repository';
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
  private readonly deleteHooks: Array<(tx: CatalogTransaction, styleId: number, reads?: PublishedReads) => Promise<string[]>> = [];

  constructor(
    private readonly db: CatalogDb,
    private readonly rows: StyleRepository,
    private readonly layers: LayerRepository,
    private readonly workspaces: WorkspaceService,
  ) {
    // A deleted workspace takes its styles along (the rows cascade); layers elsewhere drawn with
    // them fall back to their geometry's default style first.
    workspaces.onDelete(async (tx, ws) => {
      const ids = await this.rows.idsIn(tx, ws.id);
      return {
        held: ids.length,
        remove: async () => {
          await detachStyles(tx, { layers: this.layers, styles: this.rows }, ids);
          return [];
        },
      };
    });
  }

  /**
   * Registers a kind of record that draws with styles (layer groups): in a style delete's
   * transaction it names its records using the style, which refuse the delete without `recurse`
   * (with it, the database leaves them drawn with their default style).
   */
  onDelete(hook: (tx: CatalogTransaction, styleId: number, reads?: PublishedReads) => Promise<string[]>): void {
    this.deleteHooks.push(hook);
  }

  /** The id of the global style `name`, or null when there is none (a new layer's default style). */
  async globalStyleId(name: string | undefined, tx?: InTransaction): Promise<number | null> {
    if (!name) return null;
    return this.rows.globalId(name, tx);
  }

  /** Global styles, or one workspace's; 404 for an unknown workspace. */
  async list(workspace: string | undefined): Promise<Listing<{ name: string }>> {
    const version = await catalogVersion(this.db);
    const ws = workspace === undefined ? undefined : await this.workspaceOrMissing(workspace);
    return { version, pages: this.rows.namePages(ws?.id ?? null) };
  }

  /**
   * The style a layer body names: `ws:name` or `{name, workspace}` exactly; a bare name is
   * looked up in the layer's workspace first, then among the global styles.
   */
  async resolve(tx: InTransaction, ref: SentReference, layerWorkspace: string): Promise<StyleEntity> {
    const candidates = await this.rows.candidates(tx, ref.name, ref.workspace ?? layerWorkspace, !ref.workspace);
    const style = candidates.find((s) => s.workspace) ?? candidates[0];
    if (!style) {
      throw new CatalogError('NOT_FOUND', ref.workspace ? `No such style ${ref.name} in workspace ${ref.workspace}` : `No such style: ${ref.name}`);
    }
    return style;
  }

  /** One style record (without content); 404 in GeoServer's words. */
  async get(workspace: string | undefined, name: string, tx?: InTransaction): Promise<LocatedStyle> {
    const style = await this.rows.find(workspace, name, tx);
    if (!style) {
      throw new CatalogError('NOT_FOUND', workspace === undefined ? `No such style: ${name}` : `No such style ${name} in workspace ${workspace}`);
    }
    return { style, workspace: style.workspace?.name };
  }

  /** The stored SLD document; 404 when none was uploaded yet. */
  async content(workspace: string | undefined, name: string): Promise<{ style: StyleEntity; bytes: Buffer }> {
    const { style } = await this.get(workspace, name);
    const bytes = await this.rows.content(style.id);
    if (!bytes) throw new CatalogError('NOT_FOUND', `Style ${name} has no SLD content yet`);
    return { style, bytes };
  }

  /** Creates a style record, and its content when given (one-step upload), in one transaction. */
  async create(workspace: string | undefined, input: StyleInput, upload?: SldUpload): Promise<StyleEntity> {
    if (!input.name) throw new CatalogError('MISSING_FIELD', 'The style has no name; it is required');
    const name = checkName('style', input.name);
    return this.db.transaction(async (tx) => {
      const ws = workspace === undefined ? undefined : await this.workspaceOrMissing(workspace, tx);
      const fields = { ...withDefaults(Style, input), name, filename: input.filename ?? `${name}.sld` };
      if (upload) fields.languageVersion = upload.languageVersion;
      checkDeclared(Style, fields);
      const style = this.rows.create({ ...fields, workspaceId: ws?.id ?? null, content: upload?.bytes ?? null });
      try {
        return await this.rows.save(tx, style);
      } catch (err) {
        throw conflict(err, name, ws?.name);
      }
    });
  }

  /** Partial update of the record: rename, filename, format, version. Default styles keep their names. */
  async update(workspace: string | undefined, name: string, input: StyleInput, ifMatch?: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { style } = await this.get(workspace, name, tx);
      await checkPrecondition(tx, 'style', style, ifMatch, styleTag);
      if (input.name !== undefined && input.name !== style.name) {
        if (isDefaultStyle(style)) throw new CatalogError('NOT_CHANGEABLE', `The default style ${style.name} cannot be renamed`);
        style.name = checkName('style', input.name);
      }
      mergeDeclared(Style, style, input);
      style.dateModified = new Date();
      try {
        await this.rows.save(tx, style);
      } catch (err) {
        throw conflict(err, style.name, workspace);
      }
    });
  }

  /** Replaces the SLD document; invalid content never reaches this point (see `checkSld`). */
  async upload(workspace: string | undefined, name: string, upload: SldUpload, ifMatch?: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { style } = await this.get(workspace, name, tx);
      await checkPrecondition(tx, 'style', style, ifMatch, styleTag);
      await this.rows.setContent(tx, style.id, upload.bytes, upload.languageVersion);
    });
  }

  /**
   * Deletes a style; the default global styles are refused. A style some layer uses needs
   * `recurse`: those layers then fall back to the default style of their geometry and lose it
   * from their alternate styles. `reads` (a caller other than ADMIN): groups it may not read are
   * not named in the refusal (contract §12).
   */
  async delete(workspace: string | undefined, name: string, recurse: boolean, ifMatch?: string, reads?: PublishedReads): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { style } = await this.getForDelete(workspace, name, tx);
      await checkPrecondition(tx, 'style', style, ifMatch, styleTag);
      if (isDefaultStyle(style)) throw new CatalogError('NOT_CHANGEABLE', 'Unable to delete a default style');
      const users: string[] = [];
      for (const hook of this.deleteHooks) users.push(...(await hook(tx, style.id, reads)));
      if (!recurse && users.length) {
        const layers = await this.layers.namesUsing(tx, style.id);
        const named = [...layers.map((l) => `layer '${l}'`), ...users].join(', ');
        throw new CatalogError('NOT_EMPTY', `Can't delete style referenced by existing layers or layer groups: ${named}.`);
      }
      if ((await this.layers.countUsing(tx, style.id)) > 0) {
        if (!recurse) throw new CatalogError('NOT_EMPTY', "Can't delete style referenced by existing layers.");
        await detachStyles(tx, { layers: this.layers, styles: this.rows }, [style.id]);
      }
      await this.rows.delete(tx, style.id);
    });
  }

  private async getForDelete(workspace: string | undefined, name: string, tx: InTransaction): Promise<LocatedStyle> {
    if (workspace !== undefined) await this.workspaceOrMissing(workspace, tx);
    try {
      return await this.get(workspace, name, tx);
    } catch (err) {
      if (err instanceof CatalogError && err.code === 'NOT_FOUND') throw new CatalogError('NOT_FOUND', `Style ${name} not found`);
      throw err;
    }
  }

  private async workspaceOrMissing(name: string, tx?: InTransaction): Promise<WorkspaceEntity> {
    const ws = await this.workspaces.find(name, tx);
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
