import { Injectable } from '@nestjs/common';
import { CatalogError, type Contact } from '@geocatalog/catalog-model';
import { IsNull } from 'typeorm';
import { CatalogDb } from '../database/catalog-db';
import { SettingsEntity } from './settings.entity';
import { SettingsService } from './settings.service';

/** The settings a WMS runs with (global, or a workspace's virtual service), as the WMS reads them. */
export interface WmsSettings {
  /** Whose settings these are: the workspace's own, or null for the global ones. */
  workspace: string | null;
  enabled: boolean;
  /** GeoServer's service name (`WMS`). */
  name: string;
  title: string | null;
  abstract: string | null;
  keywords: string[];
  maintainer: string | null;
  accessConstraints: string | null;
  fees: string | null;
  onlineResource: string | null;
  /** The CRSs offered beside each layer's own, as `EPSG:NNNN`, in the order configured. */
  srs: string[];
  bboxForEachCRS: boolean;
  interpolation: string;
  /** KiB a GetMap may draw (GeoServer's `maxRequestMemory`); 0: no limit. */
  maxRequestMemory: number;
  /** Seconds a GetMap may render; 0: no limit. */
  maxRenderingTime: number;
  maxRenderingErrors: number;
  maxBuffer: number;
  /** Who runs the service: the workspace's settings' contact when it has settings, else the server's. */
  contact: Contact;
}

/**
 * What the WMS asks of the settings (contract §10): `get(workspace?)` gives the effective WMS
 * settings: the workspace's own when it has them, else the global ones (GeoServer's virtual
 * service rule). An unknown workspace is a 404 (`NOT_FOUND`).
 */
@Injectable()
export class WmsSettingsService {
  constructor(
    private readonly settings: SettingsService,
    private readonly db: CatalogDb,
  ) {}

  async get(workspace?: string): Promise<WmsSettings> {
    const { row, workspace: ws } = await this.settings.effectiveService('wms', workspace);
    const repo = this.db.manager.getRepository(SettingsEntity);
    const own = workspace === undefined ? null : await repo.findOne({ where: { workspaceId: await this.settings.workspaceId(workspace) } });
    const server = own ?? (await repo.findOne({ where: { workspaceId: IsNull() } }));
    if (!server) throw new CatalogError('NOT_FOUND', 'The server has no settings: the catalog database is not migrated');
    return {
      workspace: ws?.name ?? null,
      enabled: row.enabled,
      name: row.name,
      title: row.title,
      abstract: row.abstract,
      keywords: row.keywords ?? [],
      maintainer: row.maintainer,
      accessConstraints: row.accessConstraints,
      fees: row.fees,
      onlineResource: row.onlineResource,
      srs: (row.srs ?? []).map((code) => (/^epsg:/i.test(code) ? `EPSG:${code.slice(5)}` : `EPSG:${code}`)),
      bboxForEachCRS: row.bboxForEachCRS ?? false,
      interpolation: row.interpolation,
      maxRequestMemory: row.maxRequestMemory,
      maxRenderingTime: row.maxRenderingTime,
      maxRenderingErrors: row.maxRenderingErrors,
      maxBuffer: row.maxBuffer,
      contact: server.contact ?? {},
    };
  }
}
