import {
  Contact,
  declaredRep,
  doc,
  GlobalSettings,
  list,
  obj,
  RepDocument,
  RepObject,
  Sent,
  SERVICE_ONLY_FIELDS,
  ServiceSettings,
  Settings,
  type SettingsService,
} from '@geocatalog/catalog-model';
import { versionTag } from '../rest/etag';
import type { ServiceSettingsEntity, SettingsEntity } from './settings.entity';

/** The protocol versions each service speaks, as GeoServer lists them (`org.geotools.util.Version`). */
export const SERVICE_VERSIONS: Record<SettingsService, readonly string[]> = {
  wms: ['1.1.1', '1.3.0'],
  wfs: ['1.0.0', '1.1.0', '2.0.0'],
};

/** GeoServer's name of each service (`<name>WMS</name>`). */
export const SERVICE_NAMES: Record<SettingsService, string> = { wms: 'WMS', wfs: 'WFS' };

const workspaceRef = (workspace: string | null) => (workspace === null ? undefined : obj([['name', workspace]]));

/** Settings (the server's, or a workspace's with `<workspace>`), as the `<settings>` element. */
export function settingsRep(settings: Sent<Settings>, workspace: string | null): RepObject {
  return declaredRep(Settings, settings, { workspaceName: workspaceRef(workspace) });
}

/** `GET /rest/settings`: `<global><settings>…</settings>…</global>`; `updateSequence` is the catalog's version. */
export function globalDocument(settings: SettingsEntity, updateSequence: string): RepDocument {
  return doc('global', declaredRep(GlobalSettings, {}, { settings: settingsRep(settings, null), updateSequence: Number(updateSequence) }));
}

/** `GET /rest/settings/contact`: `<contact>…</contact>`. */
export function contactDocument(settings: SettingsEntity): RepDocument {
  return doc('contact', declaredRep(Contact, settings.contact ?? {}));
}

/** `GET /rest/workspaces/{ws}/settings`: `<settings><workspace>…</workspace>…</settings>`. */
export function workspaceSettingsDocument(settings: SettingsEntity, workspace: string): RepDocument {
  return doc('settings', settingsRep(settings, workspace));
}

/** A service's settings under its root (`<wms>`, `<wfs>`); the other service's own fields are left out. */
export function serviceSettingsRep(row: Sent<ServiceSettings>, service: SettingsService, workspace: string | null): RepObject {
  const left: Record<string, undefined> = Object.fromEntries(SERVICE_ONLY_FIELDS[service].map((f) => [f, undefined]));
  const versions = list(
    'org.geotools.util.Version',
    SERVICE_VERSIONS[service].map((v) => obj([['version', v]])),
  );
  return declaredRep(ServiceSettings, row, { ...left, workspaceName: workspaceRef(workspace), versions });
}

export function serviceSettingsDocument(row: ServiceSettingsEntity, workspace: string | null): RepDocument {
  return doc(row.service, serviceSettingsRep(row, row.service, workspace));
}

/** ETag of settings: their version and their workspace's. */
export function settingsTag(row: { version: string }, workspaceVersion?: string | null): string {
  return versionTag(row.version, workspaceVersion);
}
