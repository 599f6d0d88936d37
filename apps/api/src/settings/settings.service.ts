import { Injectable } from '@nestjs/common';
import {
  CatalogError,
  Contact,
  GlobalSettings,
  mergeDeclared,
  Sent,
  ServiceSettings,
  Settings,
  type SettingsService as ServiceName,
  withDefaults,
} from '@geocatalog/catalog-model';
import { IsNull, type EntityManager } from 'typeorm';
import { CatalogDb } from '../database/catalog-db';
import { catalogVersion } from '../database/catalog-version';
import { checkPrecondition } from '../catalog/record-precondition';
import { WorkspaceService } from '../catalog/workspaces/workspace.service';
import type { WorkspaceEntity } from '../catalog/workspaces/workspace.entity';
import { PublicBase } from './public-base';
import { ServiceSettingsEntity, SettingsEntity } from './settings.entity';
import { SERVICE_NAMES, settingsTag } from './settings.mapper';

/** Settings with the workspace they belong to (null: the server's, or the global service's). */
export interface Located<T> {
  row: T;
  workspace: WorkspaceEntity | null;
}

/** How a stored base URL is kept: no trailing slash; empty is none. */
function cleanBaseUrl(value: string | null | undefined): string | null {
  const trimmed = value?.trim().replace(/\/+$/, '');
  return trimmed ? trimmed : null;
}

/**
 * The server's settings, each workspace's, and the services' (contract §10). Writes go through
 * {@link CatalogDb}, so each is one change of the history (kinds `settings`, `serviceSettings`).
 * The server's settings and the global service settings always exist; a workspace's exist once
 * written (PUT creates them, as GeoServer's does) and are deleted with it.
 */
@Injectable()
export class SettingsService {
  constructor(
    private readonly db: CatalogDb,
    private readonly workspaces: WorkspaceService,
    private readonly publicBase: PublicBase,
  ) {}

  /** The server's settings. */
  async global(tx: EntityManager = this.db.manager): Promise<SettingsEntity> {
    const row = await tx.getRepository(SettingsEntity).findOne({ where: { workspaceId: IsNull() } });
    if (!row) throw new CatalogError('NOT_FOUND', 'The server has no settings: the catalog database is not migrated');
    return row;
  }

  /** The catalog's version (`updateSequence`). */
  updateSequence(): Promise<string> {
    return catalogVersion(this.db);
  }

  /** `PUT /rest/settings`: the `settings` sent are merged field by field (contact too). */
  async updateGlobal(sent: Sent<GlobalSettings>, ifMatch?: string): Promise<void> {
    await this.db.transaction(async ({ manager: tx }) => {
      const row = await this.global(tx);
      await checkPrecondition(tx, 'settings', row, ifMatch, (r) => settingsTag(r));
      this.merge(row, sent.settings ?? {});
      await tx.getRepository(SettingsEntity).save(row);
    });
    await this.publicBase.changed();
  }

  /** `PUT /rest/settings/contact`: the fields sent replace the stored ones, the others are kept. */
  async updateContact(sent: Sent<Contact>, ifMatch?: string): Promise<void> {
    await this.db.transaction(async ({ manager: tx }) => {
      const row = await this.global(tx);
      await checkPrecondition(tx, 'settings', row, ifMatch, (r) => settingsTag(r));
      row.contact = { ...(row.contact ?? {}), ...stripUndefined(sent) };
      await tx.getRepository(SettingsEntity).save(row);
    });
    await this.publicBase.changed();
  }

  /** A workspace's own settings; 404 when it has none. */
  async ofWorkspace(workspace: string, tx: EntityManager = this.db.manager): Promise<Located<SettingsEntity>> {
    const ws = await this.workspaces.get(workspace, tx);
    const row = await tx.getRepository(SettingsEntity).findOne({ where: { workspaceId: ws.id } });
    if (!row) throw new CatalogError('NOT_FOUND', `No settings for workspace '${ws.name}'`);
    return { row, workspace: ws };
  }

  /** Creates (POST) or changes (PUT, which creates when there are none) a workspace's settings; true when created. */
  async putWorkspace(workspace: string, sent: Sent<Settings>, mode: 'create' | 'put', ifMatch?: string): Promise<boolean> {
    return this.db.transaction(async ({ manager: tx }) => {
      const ws = await this.workspaces.get(workspace, tx);
      const repo = tx.getRepository(SettingsEntity);
      let row = await repo.findOne({ where: { workspaceId: ws.id } });
      if (row && mode === 'create') throw new CatalogError('ALREADY_EXISTS', `Settings already exist for workspace '${ws.name}'`);
      const created = !row;
      if (row) await checkPrecondition(tx, 'settings', row, ifMatch, (r) => settingsTag(r, ws.version));
      row ??= Object.assign(repo.create(), withDefaults(Settings, {}), { contact: {}, workspaceId: ws.id });
      this.merge(row, sent);
      await repo.save(row);
      return created;
    });
  }

  /** Deletes a workspace's settings (it then uses the server's); 404 when it has none. */
  async deleteWorkspace(workspace: string, ifMatch?: string): Promise<void> {
    await this.db.transaction(async ({ manager: tx }) => {
      const { row, workspace: ws } = await this.ofWorkspace(workspace, tx);
      await checkPrecondition(tx, 'settings', row, ifMatch, (r) => settingsTag(r, ws?.version));
      await tx.getRepository(SettingsEntity).delete({ id: row.id });
    });
  }

  /** A service's settings: the global ones, or a workspace's own (404 when it has none). */
  async service(service: ServiceName, workspace: string | undefined, tx: EntityManager = this.db.manager): Promise<Located<ServiceSettingsEntity>> {
    const ws = workspace === undefined ? null : await this.workspaces.get(workspace, tx);
    const row = await tx.getRepository(ServiceSettingsEntity).findOne({ where: { service, workspaceId: ws ? ws.id : IsNull() } });
    if (!row) {
      if (!ws) throw new CatalogError('NOT_FOUND', `The server has no ${SERVICE_NAMES[service]} settings: the catalog database is not migrated`);
      throw new CatalogError('NOT_FOUND', `No ${SERVICE_NAMES[service]} settings for workspace '${ws.name}'`);
    }
    return { row, workspace: ws };
  }

  /** The id of a workspace's row (404 when there is none). */
  async workspaceId(workspace: string): Promise<number> {
    return (await this.workspaces.get(workspace)).id;
  }

  /** The settings a service runs with in a workspace: its own, else the global ones. */
  async effectiveService(service: ServiceName, workspace: string | undefined): Promise<Located<ServiceSettingsEntity>> {
    if (workspace !== undefined) {
      const ws = await this.workspaces.get(workspace);
      const own = await this.db.manager.getRepository(ServiceSettingsEntity).findOne({ where: { service, workspaceId: ws.id } });
      if (own) return { row: own, workspace: ws };
    }
    return this.service(service, undefined);
  }

  /**
   * `PUT` (or `POST` for a workspace's) of a service's settings: merged field by field; a
   * workspace's are created when missing. True when created.
   */
  async putService(
    service: ServiceName,
    workspace: string | undefined,
    sent: Sent<ServiceSettings>,
    mode: 'create' | 'put',
    ifMatch?: string,
  ): Promise<boolean> {
    return this.db.transaction(async ({ manager: tx }) => {
      const ws = workspace === undefined ? null : await this.workspaces.get(workspace, tx);
      const repo = tx.getRepository(ServiceSettingsEntity);
      let row = await repo.findOne({ where: { service, workspaceId: ws ? ws.id : IsNull() } });
      if (row && mode === 'create') throw new CatalogError('ALREADY_EXISTS', `${SERVICE_NAMES[service]} settings already exist for workspace '${ws?.name}'`);
      if (!row && !ws) throw new CatalogError('NOT_FOUND', `The server has no ${SERVICE_NAMES[service]} settings`);
      const created = !row;
      if (row) await checkPrecondition(tx, 'service_settings', row, ifMatch, (r) => settingsTag(r, ws?.version));
      row ??= Object.assign(repo.create(), withDefaults(ServiceSettings, { name: SERVICE_NAMES[service] }), { service, workspaceId: ws!.id });
      mergeDeclared(ServiceSettings, row, sent);
      if (!row.name) row.name = SERVICE_NAMES[service];
      await repo.save(row);
      return created;
    });
  }

  /** Deletes a workspace's own service settings (it then uses the global ones). */
  async deleteService(service: ServiceName, workspace: string, ifMatch?: string): Promise<void> {
    await this.db.transaction(async ({ manager: tx }) => {
      const { row, workspace: ws } = await this.service(service, workspace, tx);
      await checkPrecondition(tx, 'service_settings', row, ifMatch, (r) => settingsTag(r, ws?.version));
      await tx.getRepository(ServiceSettingsEntity).delete({ id: row.id });
    });
  }

  private merge(row: SettingsEntity, sent: Sent<Settings>): void {
    mergeDeclared(Settings, row, sent);
    row.proxyBaseUrl = cleanBaseUrl(row.proxyBaseUrl);
    row.contact = stripUndefined(row.contact ?? {});
  }
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;
}
