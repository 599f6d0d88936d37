import { Injectable } from '@nestjs/common';
import { CatalogDb } from '../../database/catalog-db';
import { CatalogError, checkName, mergeDeclared, Namespace, RESERVED_WORKSPACE_NAMES, Sent, Workspace } from '@geocatalog/catalog-model';
import { CatalogTransaction } from '../../database/catalog-transaction';
import { InTransaction } from '../../database/catalog-repository';
import { catalogVersion } from '../../database/catalog-version';
import { Listing } from '../list-pages';
import { nameTaken } from '../../database/pg-errors';
import { checkPrecondition } from '../record-precondition';
import { WorkspaceEntity } from './workspace.entity';
import { workspaceTag } from './workspace.mapper';
import { DEFAULT_ALIAS, WorkspaceRepository } from './workspace.repository';

export { DEFAULT_ALIAS };

/** What a client may set on a workspace (and its namespace): the fields a body sent. */
export type WorkspaceInput = Sent<Workspace> & Sent<Namespace>;

/** What one kind of record keeps in a workspace that is being deleted. */
export interface WorkspaceContents {
  /** How many records of the kind the workspace holds. */
  held: number;
  /** Removes them (recursive delete); returns the ids of data stores whose pools are to be closed. */
  remove(): Promise<number[]>;
}

/**
 * Workspaces and their namespaces. The default workspace is the one marked so, or else the
 * oldest: creating the first workspace needs no extra write that concurrent creates could race.
 */
@Injectable()
export class WorkspaceService {
  private readonly contentHooks: Array<(tx: CatalogTransaction, ws: WorkspaceEntity) => Promise<WorkspaceContents>> = [];
  private readonly renameHooks: Array<(tx: CatalogTransaction, ws: WorkspaceEntity, oldName: string) => Promise<void>> = [];

  constructor(
    private readonly db: CatalogDb,
    private readonly rows: WorkspaceRepository,
  ) {}

  /**
   * Runs `hook` inside every rename's transaction, after the new name is saved (data stores
   * re-bind their passwords to it): what depends on a workspace's name follows it or the rename
   * fails whole.
   */
  onRename(hook: (tx: CatalogTransaction, ws: WorkspaceEntity, oldName: string) => Promise<void>): void {
    this.renameHooks.push(hook);
  }

  /**
   * Registers a kind of record a workspace holds (data stores, styles): its service says how many
   * there are and removes them when a recursive delete asks, in the delete's transaction, so this
   * service never reads another resource's rows.
   */
  onDelete(hook: (tx: CatalogTransaction, ws: WorkspaceEntity) => Promise<WorkspaceContents>): void {
    this.contentHooks.push(hook);
  }

  /** Every workspace's name, in name order, read a page at a time. */
  async list(): Promise<Listing<{ name: string }>> {
    const version = await catalogVersion(this.db);
    return { version, pages: this.rows.namePages() };
  }

  /** The default workspace, if any workspace exists. */
  findDefault(tx?: InTransaction): Promise<WorkspaceEntity | null> {
    return this.rows.find(DEFAULT_ALIAS, tx);
  }

  /** The workspace of that name (`default` = the default one), or null. */
  find(name: string, tx?: InTransaction): Promise<WorkspaceEntity | null> {
    return this.rows.find(name, tx);
  }

  /** The workspace of that name, or 404 in GeoServer's words. */
  async get(name: string, tx?: InTransaction): Promise<WorkspaceEntity> {
    const ws = await this.find(name, tx);
    if (!ws) throw new CatalogError('NOT_FOUND', `No such workspace: '${name}' found`);
    return ws;
  }

  /** Creates a workspace with its namespace (`http://{name}` unless given). */
  async create(input: WorkspaceInput, makeDefault = false): Promise<WorkspaceEntity> {
    if (!input.name) throw new CatalogError('MISSING_FIELD', 'The workspace has no name; it is required');
    const name = checkName('workspace', input.name);
    if (RESERVED_WORKSPACE_NAMES.includes(name)) {
      throw new CatalogError('INVALID_NAME', `Invalid workspace name '${name}': it is a reserved word`);
    }
    const uri = input.namespaceUri ?? `http://${name}`;
    checkUri(uri, name);
    const fields = { name, namespaceUri: uri, isolated: input.isolated ?? false };
    // The usual create is one statement: one round trip, not a transaction of three.
    if (!makeDefault) {
      try {
        return await this.rows.insertAlone(fields);
      } catch (err) {
        throw conflict(err, name, uri);
      }
    }
    return this.db.transaction(async (tx) => {
      let saved: WorkspaceEntity;
      try {
        saved = await this.rows.save(tx, this.rows.create(fields));
      } catch (err) {
        throw conflict(err, name, uri);
      }
      if (makeDefault) await this.rows.markDefault(tx, saved.id);
      return saved;
    });
  }

  /** Partial update: rename, isolation, namespace URI. */
  async update(name: string, input: WorkspaceInput, ifMatch?: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const ws = await this.get(name, tx);
      await checkPrecondition(tx, 'workspace', ws, ifMatch, workspaceTag);
      const oldName = ws.name;
      if (input.name !== undefined && input.name !== ws.name) {
        const name = checkName('workspace', input.name);
        if (RESERVED_WORKSPACE_NAMES.includes(name)) {
          throw new CatalogError('INVALID_NAME', `Invalid workspace name '${name}': it is a reserved word`);
        }
        ws.name = name;
      }
      mergeDeclared(Workspace, ws, input);
      if (input.namespaceUri !== undefined) {
        checkUri(input.namespaceUri, ws.name);
        ws.namespaceUri = input.namespaceUri;
      }
      ws.dateModified = new Date();
      try {
        await this.rows.save(tx, ws);
      } catch (err) {
        throw conflict(err, ws.name, ws.namespaceUri);
      }
      if (ws.name !== oldName) for (const hook of this.renameHooks) await hook(tx, ws, oldName);
    });
  }

  /** Makes the named workspace the default one. */
  async setDefault(name: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const ws = await this.get(name, tx);
      await this.rows.markDefault(tx, ws.id);
    });
  }

  /**
   * Deletes a workspace and its namespace. Without `recurse` a workspace holding stores or
   * styles is refused (403); with it, everything inside goes in the same transaction, and
   * layers elsewhere drawn with its styles fall back to their geometry's default style.
   * Returns the ids of the deleted stores so their connection pools can be closed.
   */
  async delete(name: string, recurse: boolean, ifMatch?: string): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      const ws = await this.get(name, tx);
      // Lock the row: stores or styles created meanwhile wait, then fail on the missing parent.
      await this.rows.lock(tx, ws.id);
      await checkPrecondition(tx, 'workspace', ws, ifMatch, workspaceTag);
      const contents: WorkspaceContents[] = [];
      for (const hook of this.contentHooks) contents.push(await hook(tx, ws));
      if (!recurse && contents.some((c) => c.held > 0)) throw new CatalogError('NOT_EMPTY', 'Workspace not empty');
      const released: number[] = [];
      for (const c of contents) released.push(...(await c.remove()));
      await this.rows.delete(tx, ws.id);
      return released;
    });
  }
}

function checkUri(uri: string, prefix: string): void {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(uri)) {
    throw new CatalogError('INVALID_VALUE', `Invalid URI syntax for '${uri}' in namespace '${prefix}'`);
  }
}

function conflict(err: unknown, name: string, uri: string): unknown {
  return nameTaken(err, (constraint) =>
    constraint.includes('namespace_uri') ? `Namespace with URI '${uri}' already exists.` : `Workspace '${name}' already exists`,
  );
}
