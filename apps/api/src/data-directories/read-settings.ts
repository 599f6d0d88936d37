import { child, ServiceSettings, Settings, SETTINGS_SERVICES, textOf, type SettingsService, type WireNode } from '@geocatalog/catalog-model';
import type { DirServiceSettings, DirSettings } from './data-directory';
import { restPath, SERVICE_SETTINGS } from './data-directory-layout';
import { declaredInput } from './dir-inputs';

/** What reading the settings files needs from the directory reader. */
export interface SettingsReaderContext {
  filesIn: (folder: string) => string[];
  /** The workspace a folder of `workspaces/` holds, when the directory holds it. */
  workspaceOf: (folder: string) => string | undefined;
  parse: (file: string, root: string) => WireNode;
  /** Runs `read`; an error becomes a problem of `file`. */
  attempt: (kind: string, resource: string, file: string, read: () => void) => void;
  skip: (kind: string, resource: string, reason: string) => void;
  settings: DirSettings[];
  serviceSettings: DirServiceSettings[];
}

/** The services whose settings this catalog keeps. */
const KEPT_SERVICES: readonly string[] = SETTINGS_SERVICES;

/**
 * Service settings of a data directory (contract §8, §10): `global.xml`'s `<settings>`, `wms.xml`
 * and `wfs.xml`, and a workspace's `settings.xml`, `wms.xml` and `wfs.xml` (of a workspace the
 * directory holds), each read by its declaration as a REST body is; other services' files and
 * `logging.xml` are skipped.
 */
export function readSettingsFiles(ctx: SettingsReaderContext, folders: string[]): void {
  const root = ctx.filesIn('');
  if (root.includes('global.xml')) readSettingsFile(ctx, 'global.xml', undefined);
  if (root.includes('logging.xml')) ctx.skip('settings', '/logging', 'Logging settings are not part of this catalog');
  for (const service of SERVICE_SETTINGS) if (root.includes(`${service}.xml`)) readServiceFile(ctx, `${service}.xml`, service, undefined);
  for (const folder of folders) {
    const ws = ctx.workspaceOf(folder);
    const files = ctx.filesIn(`workspaces/${folder}/`);
    const named = ws ?? folder;
    if (files.includes('settings.xml')) {
      if (ws) readSettingsFile(ctx, `workspaces/${folder}/settings.xml`, ws);
      else ctx.skip('settings', `/workspaces/${named}/settings`, 'Its workspace is not imported');
    }
    for (const service of SERVICE_SETTINGS) {
      if (!files.includes(`${service}.xml`)) continue;
      if (ws) readServiceFile(ctx, `workspaces/${folder}/${service}.xml`, service, ws);
      else ctx.skip('serviceSettings', `/services/${service}/workspaces/${named}/settings`, 'Its workspace is not imported');
    }
  }
}

/** `global.xml` (its `<settings>`) or a workspace's `settings.xml`. */
function readSettingsFile(ctx: SettingsReaderContext, file: string, workspace: string | undefined): void {
  ctx.attempt('settings', restPath.settings(workspace), file, () => {
    const node = ctx.parse(file, workspace ? 'settings' : 'global');
    const settings = workspace ? node : child(node, 'settings');
    if (!settings) throw new Error('It has no <settings>');
    ctx.settings.push({ file, workspace, id: textOf(settings, 'id')?.trim() || undefined, input: declaredInput(Settings, settings) });
  });
}

/** `wms.xml`, `wfs.xml` (global or a workspace's); another service's file is skipped. */
function readServiceFile(ctx: SettingsReaderContext, file: string, service: string, workspace: string | undefined): void {
  const resource = restPath.serviceSettings(workspace, service);
  if (!KEPT_SERVICES.includes(service)) {
    ctx.skip('serviceSettings', resource, `The ${service.toUpperCase()} service is not part of this catalog`);
    return;
  }
  ctx.attempt('serviceSettings', resource, file, () => {
    const node = ctx.parse(file, service);
    ctx.serviceSettings.push({
      file,
      workspace,
      service: service as SettingsService,
      id: textOf(node, 'id')?.trim() || undefined,
      input: declaredInput(ServiceSettings, node),
    });
  });
}
