import { declaredOf, ServiceSettings, Settings } from '@geocatalog/catalog-model';
import type { EntityManager } from 'typeorm';
import { WorkspaceEntity } from '../catalog/workspaces/workspace.entity';
import { ServiceSettingsEntity, SettingsEntity } from '../settings/settings.entity';
import type { DirServiceSettings, DirSettings } from './data-directory';

/**
 * The settings an export writes (contract §8): the server's and the global services' with the
 * whole catalog (`withGlobal`), and those of the chosen workspaces.
 */
export async function settingsForDirectory(
  manager: EntityManager,
  workspaces: string[],
  withGlobal: boolean,
): Promise<{ settings: DirSettings[]; serviceSettings: DirServiceSettings[] }> {
  const names = new Map((await manager.getRepository(WorkspaceEntity).find()).map((w) => [w.id, w.name]));
  const chosen = new Set(workspaces);
  const keep = (workspaceId: number | null) => (workspaceId === null ? withGlobal : chosen.has(names.get(workspaceId) ?? ''));
  const wsOf = (workspaceId: number | null) => (workspaceId === null ? undefined : names.get(workspaceId));
  const settings = (await manager.getRepository(SettingsEntity).find({ order: { id: 'ASC' } }))
    .filter((row) => keep(row.workspaceId))
    .map((row): DirSettings => ({ file: '', workspace: wsOf(row.workspaceId), input: declaredOf(Settings, row) }));
  const serviceSettings = (await manager.getRepository(ServiceSettingsEntity).find({ order: { id: 'ASC' } }))
    .filter((row) => keep(row.workspaceId))
    .map((row): DirServiceSettings => ({ file: '', workspace: wsOf(row.workspaceId), service: row.service, input: declaredOf(ServiceSettings, row) }));
  return { settings, serviceSettings };
}
