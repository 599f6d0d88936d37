import { RepDocument } from '@geocatalog/catalog-model';
import type { EntityManager } from 'typeorm';
import { ServiceSettingsEntity, SettingsEntity } from './settings.entity';
import { globalDocument, serviceSettingsDocument, workspaceSettingsDocument } from './settings.mapper';

/**
 * The history's pieces for settings (contract §7), for the history's per-kind tables: drawing a
 * stored row of `settings` or `service_settings` as the representation a GET gave then, and the
 * rules a revert checks (what a row points at, what no two rows may share).
 */

/** A record's row as the history keeps it. */
type Row = Record<string, unknown> & { id: number };
/** The name of a workspace as it was then (null when it cannot be found). */
type WorkspaceName = (id: unknown) => Promise<string | null>;

/** A history row as the entity its mapper draws (columns by their database names). */
function hydrate<T extends object>(tx: EntityManager, target: new () => T, raw: Row): T {
  const metadata = tx.connection.getMetadata(target);
  const entity = metadata.create() as T;
  for (const column of metadata.columns) {
    const value = raw[column.databaseName];
    if (value !== undefined) column.setEntityValue(entity, value);
  }
  return entity;
}

/** A `settings` row: the server's as `/settings` answers (`updateSequence`: the change's version), a workspace's as `/workspaces/{ws}/settings`. */
export async function drawSettings(tx: EntityManager, raw: Row, workspaceName: WorkspaceName): Promise<RepDocument | null> {
  const row = hydrate(tx, SettingsEntity, raw);
  if (raw.workspace_id === null || raw.workspace_id === undefined) return globalDocument(row, String(raw.version ?? '0'));
  const ws = await workspaceName(raw.workspace_id);
  return ws === null ? null : workspaceSettingsDocument(row, ws);
}

/** A `service_settings` row as `/services/{service}[/workspaces/{ws}]/settings` answers. */
export async function drawServiceSettings(tx: EntityManager, raw: Row, workspaceName: WorkspaceName): Promise<RepDocument | null> {
  const row = hydrate(tx, ServiceSettingsEntity, raw);
  if (raw.workspace_id === null || raw.workspace_id === undefined) return serviceSettingsDocument(row, null);
  const ws = await workspaceName(raw.workspace_id);
  return ws === null ? null : serviceSettingsDocument(row, ws);
}

/** What settings rows point at: their workspace. */
export const SETTINGS_REFERENCES = [
  { from: 'settings', to: 'workspace', column: 'workspace_id' },
  { from: 'serviceSettings', to: 'workspace', column: 'workspace_id' },
] as const;

/** What no two settings rows share: the server's (or a workspace's) settings are one row; a service's one per workspace. */
export const SETTINGS_UNIQUE = {
  settings: [['t.workspace_id IS NOT DISTINCT FROM r.workspace_id', 'holds these settings now']] as Array<[string, string]>,
  serviceSettings: [['t.name = r.name AND t.workspace_id IS NOT DISTINCT FROM r.workspace_id', 'holds these settings now']] as Array<[string, string]>,
};
