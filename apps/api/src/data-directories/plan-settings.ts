import { changedDeclared, ServiceSettings, Settings } from '@geocatalog/catalog-model';
import type { PlanEntry } from '@geocatalog/catalog-exchange';
import type { SettingsService } from '../settings/settings.service';
import type { DataDirectory } from './data-directory';
import { restPath } from './data-directory-layout';

/** What planning settings needs from the planner. */
export interface SettingsPlanContext {
  dir: DataDirectory;
  settings: SettingsService;
  /** Workspaces the catalog has now (a workspace the plan creates has no settings yet). */
  existing: (workspace: string) => boolean;
  add: (entry: PlanEntry, apply?: () => Promise<unknown>) => void;
}

/**
 * The settings lines of an import plan (contract §8): the server's settings from `global.xml`, a
 * workspace's from its `settings.xml`, and the WMS and WFS settings, global and per workspace:
 * each `create` (a workspace's, when it has none), `update` naming the fields that change (merged
 * as a PUT merges), or `unchanged`. Writes go through the settings service, as the REST API's do.
 */
export async function planSettings(ctx: SettingsPlanContext): Promise<void> {
  for (const s of ctx.dir.settings ?? []) {
    const resource = restPath.settings(s.workspace);
    const current = s.workspace
      ? ctx.existing(s.workspace)
        ? await ctx.settings.ofWorkspace(s.workspace).then(
            (l) => l.row,
            () => null,
          )
        : null
      : await ctx.settings.global();
    const apply = () => (s.workspace ? ctx.settings.putWorkspace(s.workspace, s.input, 'put') : ctx.settings.updateGlobal({ settings: s.input as Settings }));
    if (!current) {
      ctx.add({ action: 'create', kind: 'settings', resource }, apply);
      continue;
    }
    const changed = changedDeclared(Settings, current, s.input);
    if (changed.length) ctx.add({ action: 'update', kind: 'settings', resource, reason: changed.join(', ') }, apply);
    else ctx.add({ action: 'unchanged', kind: 'settings', resource });
  }
  for (const s of ctx.dir.serviceSettings ?? []) {
    const resource = restPath.serviceSettings(s.workspace, s.service);
    const current =
      s.workspace && !ctx.existing(s.workspace)
        ? null
        : await ctx.settings.service(s.service, s.workspace).then(
            (l) => l.row,
            () => null,
          );
    const apply = () => ctx.settings.putService(s.service, s.workspace, s.input, 'put');
    if (!current) {
      ctx.add({ action: 'create', kind: 'serviceSettings', resource }, apply);
      continue;
    }
    const changed = changedDeclared(ServiceSettings, current, s.input);
    if (changed.length) ctx.add({ action: 'update', kind: 'serviceSettings', resource, reason: changed.join(', ') }, apply);
    else ctx.add({ action: 'unchanged', kind: 'serviceSettings', resource });
  }
}
