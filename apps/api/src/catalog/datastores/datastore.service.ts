import { Injectable } from '@nestjs/common';
import { CatalogDb } from '../../database/catalog-db';
import { CatalogError, checkName, DataStore, isPasswordKey, isSystemSchema, mergeDeclared, POSTGIS_STORE_TYPE, Sent } from '@geocatalog/catalog-model';
import { InTransaction } from '../../database/catalog-repository';
import { CatalogTransaction } from '../../database/catalog-transaction';
import { catalogVersion } from '../../database/catalog-version';
import { FeatureTypeRepository } from '../featuretypes/featuretype.repository';
import { Listing } from '../list-pages';
import { foreignKeyViolation, nameTaken } from '../../database/pg-errors';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import { WorkspaceService } from '../workspaces/workspace.service';
import { checkPrecondition } from '../record-precondition';
import { DataStoreEntity } from './datastore.entity';
import { DataStoreRepository, ShownDataStore } from './datastore.repository';
import { dataStoreTag } from './datastore.mapper';
import { StoreIdentity, StorePasswords } from './store-passwords';
import { PostgisConnector } from '../../datastores/postgis/postgis.connector';

/** The fields of a `<dataStore>` body; absent fields are undefined (PUT merges). */
export type DataStoreInput = Sent<DataStore>;

/** Store kinds this catalog can connect to: `dbtype` → human-readable `type`. */
const STORE_TYPES: Record<string, string> = { postgis: POSTGIS_STORE_TYPE };

/** Parameters a PostGIS store cannot work without. */
const REQUIRED_POSTGIS_PARAMETERS = ['host', 'port', 'database', 'user'];

/** Data stores of a workspace. Connection parameters are checked here; passwords are sealed by {@link StorePasswords}. */
@Injectable()
export class DataStoreService {
  constructor(
    private readonly db: CatalogDb,
    private readonly rows: DataStoreRepository,
    private readonly featureTypes: FeatureTypeRepository,
    private readonly workspaces: WorkspaceService,
    private readonly passwords: StorePasswords,
    private readonly connector: PostgisConnector,
  ) {
    // A renamed workspace re-binds its stores' passwords to the new name, in the rename's transaction.
    workspaces.onRename((tx, ws, oldName) => this.rebindWorkspace(tx, ws.id, oldName, ws.name));
    // A deleted workspace takes its stores along (feature types and layers cascade with them).
    workspaces.onDelete(async (tx, ws) => {
      const ids = await this.rows.idsIn(tx, ws.id);
      return {
        held: ids.length,
        remove: async () => {
          await this.rows.deleteIn(tx, ws.id);
          return ids;
        },
      };
    });
  }

  /** The stores of a workspace, sorted by name; 404 for an unknown workspace. */
  async list(workspace: string): Promise<{ workspace: WorkspaceEntity } & Listing<{ name: string }>> {
    const version = await catalogVersion(this.db);
    const ws = await this.workspaces.get(workspace);
    return { workspace: ws, version, pages: this.rows.namePages(ws.id) };
  }

  /** One store and its workspace in a single query; 404 naming the workspace or the store. */
  async get(workspace: string, name: string, tx?: InTransaction): Promise<DataStoreEntity> {
    const store = await this.rows.find(workspace, name, tx);
    if (store) return store;
    await this.workspaces.get(workspace, tx);
    throw new CatalogError('NOT_FOUND', `No such datastore: ${workspace},${name}`);
  }

  /** One store as its GET shows it ({@link DataStoreRepository.findShown}); 404 as {@link get} says it. */
  async show(workspace: string, name: string): Promise<ShownDataStore> {
    const store = await this.rows.findShown(workspace, name);
    if (store) return store;
    await this.workspaces.get(workspace);
    throw new CatalogError('NOT_FOUND', `No such datastore: ${workspace},${name}`);
  }

  /** The workspace's default store: its first (oldest), as GeoServer's first store is its default. */
  async defaultStore(ws: WorkspaceEntity, tx?: InTransaction): Promise<DataStoreEntity> {
    const store = await this.rows.first(ws, tx);
    if (!store) throw new CatalogError('NOT_FOUND', `No default data store in workspace ${ws.name}`);
    return store;
  }

  /** Creates a store in the workspace; `enabled` is forced on, as GeoServer does. */
  async create(workspace: string, input: DataStoreInput): Promise<DataStoreEntity> {
    if (!input.name) throw new CatalogError('MISSING_FIELD', 'The dataStore has no name; it is required');
    const name = checkName('data store', input.name);
    if (!input.connectionParameters) {
      throw new CatalogError('MISSING_FIELD', 'The dataStore has no connectionParameters; they are required');
    }
    await this.checkReach(Object.entries(input.connectionParameters));
    return this.db.transaction(async (tx) => {
      const ws = await this.workspaces.get(workspace, tx);
      checkWorkspace(ws, input);
      const params = this.checkedParameters(Object.entries(input.connectionParameters!), ws, name, undefined, input.type ?? undefined);
      const store = this.rows.create({
        workspaceId: ws.id,
        name,
        description: input.description ?? null,
        type: STORE_TYPES[params.dbtype],
        enabled: true,
        connectionParameters: params,
        disableOnConnFailure: input.disableOnConnFailure ?? false,
      });
      try {
        return await this.rows.save(tx, store);
      } catch (err) {
        throw this.conflict(err, name, ws.name);
      }
    });
  }

  /**
   * Partial update. Connection parameters sent replace the stored ones, except that a missing
   * `passwd` or `namespace` keeps the stored value and a `crypt2:` value sent back keeps the password.
   */
  async update(workspace: string, name: string, input: DataStoreInput, ifMatch?: string): Promise<void> {
    if (input.connectionParameters) await this.checkReach(Object.entries(input.connectionParameters));
    await this.db.transaction(async (tx) => {
      const store = await this.get(workspace, name, tx);
      await checkPrecondition(tx, 'data_store', store, ifMatch, dataStoreTag);
      const before = { workspace: store.workspace.name, store: store.name, params: store.connectionParameters };
      let ws = store.workspace;
      if (input.workspaceName && input.workspaceName !== ws.name) {
        ws = await this.workspaces.get(input.workspaceName, tx);
        store.workspaceId = ws.id;
        store.workspace = ws;
      }
      if (input.name !== undefined && input.name !== store.name) store.name = checkName('data store', input.name);
      mergeDeclared(DataStore, store, input);
      if (input.connectionParameters) {
        store.connectionParameters = this.checkedParameters(
          Object.entries(input.connectionParameters),
          ws,
          store.name,
          before,
          input.type ?? store.type ?? undefined,
        );
        store.type = STORE_TYPES[store.connectionParameters.dbtype];
      } else if (before.workspace !== ws.name || before.store !== store.name) {
        // Renamed or moved: the passwords follow, bound to the new names.
        store.connectionParameters = this.passwords.rebind(before, { workspace: ws.name, store: store.name });
      }
      store.dateModified = new Date();
      try {
        await this.rows.save(tx, store);
      } catch (err) {
        throw this.conflict(err, store.name, ws.name);
      }
    });
  }

  /**
   * Deletes a store. With feature types it needs `recurse`, which takes them and their layers
   * along. Returns the id of the deleted store so its connection pool can be closed.
   */
  async delete(workspace: string, name: string, recurse: boolean, ifMatch?: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const store = await this.get(workspace, name, tx);
      // Lock the row: feature types published meanwhile wait, then fail on the missing store.
      await this.rows.lock(tx, store.id);
      await checkPrecondition(tx, 'data_store', store, ifMatch, dataStoreTag);
      if (!recurse) {
        if ((await this.featureTypes.countInStore(tx, store.id)) > 0) throw new CatalogError('NOT_EMPTY', 'Unable to delete non-empty store.');
      }
      await this.rows.delete(tx, store.id);
      return store.id;
    });
  }

  /**
   * Opens one connection with the parameters of a store body, saving nothing (the console's
   * "Test connection"): 400 for parameters a store could not be created with, 502 naming the
   * driver's reason when the database does not answer. Returns the server's version. A body that
   * names a saved store (`workspace` and `name`) may use its stored password (left out, or sent
   * back as its `crypt2:` value) as long as host, port, database and user are the stored ones.
   */
  async testConnection(input: DataStoreInput): Promise<string> {
    if (!input.connectionParameters) {
      throw new CatalogError('MISSING_FIELD', 'The dataStore has no connectionParameters; they are required');
    }
    // Where stores may not connect: the connector's testConnection refuses (400) before connecting.
    const params = this.validParameters(Object.entries(input.connectionParameters), input.type ?? undefined);
    const saved = input.workspaceName && input.name ? await this.find(input.workspaceName, input.name) : undefined;
    if (saved) {
      const names = { workspace: saved.workspace.name, store: saved.name };
      const sealed = this.passwords.seal(params, names, { ...names, params: saved.connectionParameters });
      return this.connector.testConnection({ qualifiedName: `${names.workspace}:${names.store}`, names, params: sealed });
    }
    for (const key of Object.keys(params).filter(isPasswordKey)) {
      if (/^crypt\d*:/.test(params[key])) {
        throw new CatalogError('INVALID_VALUE', `The ${key} value belongs to no data store named in this test: password needed (send the password itself)`);
      }
    }
    const qualifiedName = input.name
      ? input.workspaceName
        ? `${input.workspaceName}:${input.name}`
        : input.name
      : `${params.host.trim()}:${params.port}/${params.database.trim()}`;
    return this.connector.testConnection({ qualifiedName, params });
  }

  /** Validates parameters, adds the namespace, and seals the passwords for the store. */
  private checkedParameters(
    sent: Array<[string, string]>,
    ws: WorkspaceEntity,
    storeName: string,
    before: StoreIdentity | undefined,
    type: string | undefined,
  ): Record<string, string> {
    const params = this.passwords.seal(this.validParameters(sent, type), { workspace: ws.name, store: storeName }, before);
    if (params.namespace === undefined) params.namespace = before?.params.namespace ?? ws.namespaceUri;
    return params;
  }

  /** 400 when the parameters point where stores may not connect (STORE_HOSTS, link-local, the catalog's own database). */
  private async checkReach(sent: Array<[string, string]>): Promise<void> {
    const param = (key: string) => sent.find(([k]) => k === key)?.[1];
    const host = param('host');
    if (host !== undefined) await this.connector.checkReach({ host, port: param('port'), database: param('database') });
  }

  /** The saved store, or undefined when the workspace or the store does not exist. */
  private async find(workspace: string, name: string): Promise<DataStoreEntity | undefined> {
    try {
      return await this.get(workspace, name);
    } catch (err) {
      if (err instanceof CatalogError && err.code === 'NOT_FOUND') return undefined;
      throw err;
    }
  }

  /** Re-encrypts the passwords of a renamed workspace's stores for its new name. */
  private async rebindWorkspace(tx: CatalogTransaction, workspaceId: number, oldName: string, newName: string): Promise<void> {
    for (const store of await this.rows.allIn(workspaceId, tx)) {
      const params = this.passwords.rebind(
        { workspace: oldName, store: store.name, params: store.connectionParameters },
        { workspace: newName, store: store.name },
      );
      await this.rows.setParameters(tx, store.id, params);
    }
  }

  /**
   * The parameters as a map, checked: a known `dbtype` (inferred from a `PostGIS` type when
   * absent, as clients that only name the type expect), the required keys, a port number.
   */
  private validParameters(sent: Array<[string, string]>, type: string | undefined): Record<string, string> {
    const params: Record<string, string> = {};
    for (const [k, v] of sent) params[k] = v;
    if (!params.dbtype?.trim() && type) {
      const inferred = Object.keys(STORE_TYPES).find((dbtype) => STORE_TYPES[dbtype].toLowerCase() === type.trim().toLowerCase());
      if (inferred) params.dbtype = inferred;
    }
    const dbtype = params.dbtype?.trim().toLowerCase();
    if (!dbtype) throw new CatalogError('MISSING_FIELD', 'The connectionParameters have no dbtype; it is required');
    if (!STORE_TYPES[dbtype]) {
      throw new CatalogError('INVALID_VALUE', `Unsupported dbtype '${params.dbtype}'; supported: ${Object.keys(STORE_TYPES).join(', ')}`);
    }
    params.dbtype = dbtype;
    for (const key of REQUIRED_POSTGIS_PARAMETERS) {
      if (!params[key]?.trim()) throw new CatalogError('MISSING_FIELD', `The connectionParameters have no ${key}; it is required`);
    }
    const port = Number(params.port.trim());
    if (!/^\d+$/.test(params.port.trim()) || port < 1 || port > 65535) {
      throw new CatalogError('INVALID_VALUE', `Invalid port '${params.port}': it must be a whole number from 1 to 65535`);
    }
    params.port = String(port);
    if (params.schema !== undefined && isSystemSchema(params.schema.trim())) {
      throw new CatalogError('INVALID_VALUE', `Invalid schema '${params.schema}': PostgreSQL's own schemas are never published or read`);
    }
    return params;
  }

  private conflict(err: unknown, name: string, workspace: string): unknown {
    if (foreignKeyViolation(err)) return new CatalogError('NOT_FOUND', `No such workspace: '${workspace}' found`);
    return nameTaken(err, () => `Store '${name}' already exists in workspace '${workspace}'`);
  }
}

function checkWorkspace(ws: WorkspaceEntity, input: DataStoreInput): void {
  if (input.workspaceName && input.workspaceName !== ws.name) {
    throw new CatalogError('INVALID_VALUE', `Expected workspace ${ws.name} but client specified ${input.workspaceName}`);
  }
}
