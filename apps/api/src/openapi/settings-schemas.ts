/**
 * The JSON Schemas of the settings (contract §10), merged into the document's table: the server's
 * settings and contact, a workspace's settings, and the WMS and WFS settings.
 */
import { Contact, GlobalSettings, SERVICE_ONLY_FIELDS, ServiceSettings, Settings, type SettingsService } from '@geocatalog/catalog-model';
import { requestSchema, responseSchema } from './declared-schemas';
import { bool, int, JsonSchema, listOf, object, reference, rootDoc, str } from './schema-parts';

const workspaceName = object({ name: str() }, ['name']);

function settingsSchema(withWorkspace: boolean): JsonSchema {
  return responseSchema(Settings, withWorkspace ? { workspaceName: { schema: workspaceName, always: true } } : {});
}

/** A service's settings without the other service's own fields. */
function serviceSchema(service: SettingsService, withWorkspace: boolean): JsonSchema {
  const schema = responseSchema(ServiceSettings, {
    workspaceName: { schema: workspaceName, always: withWorkspace },
    versions: { schema: listOf('org.geotools.util.Version', object({ version: str() }, ['version'])), always: true },
  }) as { properties: Record<string, JsonSchema>; required: string[] };
  for (const field of SERVICE_ONLY_FIELDS[service]) delete schema.properties[field];
  schema.required = schema.required.filter((f) => !SERVICE_ONLY_FIELDS[service].includes(f));
  return schema;
}

function serviceBody(service: SettingsService): JsonSchema {
  const schema = requestSchema(ServiceSettings, { workspaceName: reference }, 'PUT merges field by field; the workspace is the path’s') as {
    properties: Record<string, JsonSchema>;
  };
  for (const field of SERVICE_ONLY_FIELDS[service]) delete schema.properties[field];
  return schema;
}

const moduleStatus = object(
  { module: str(), name: str(), component: str(), version: str(), message: str('why it is not available'), isEnabled: bool, isAvailable: bool },
  ['module', 'name', 'component', 'version', 'isEnabled', 'isAvailable'],
);

/** The schemas of the settings, merged into the document's table. */
export const SETTINGS_SCHEMAS = {
  GlobalSettings: rootDoc(
    'global',
    responseSchema(GlobalSettings, { settings: { schema: settingsSchema(false), always: true }, updateSequence: { schema: int, always: true } }),
    'The server’s settings; `updateSequence` is the catalog’s version',
  ),
  GlobalSettingsBody: rootDoc('global', requestSchema(GlobalSettings, {}, 'The `settings` sent are merged field by field; an empty `proxyBaseUrl` clears it')),
  Contact: rootDoc('contact', responseSchema(Contact, {})),
  ContactBody: rootDoc('contact', requestSchema(Contact, {}, 'The fields sent replace the stored ones; the others are kept')),
  WorkspaceSettings: rootDoc('settings', settingsSchema(true)),
  WorkspaceSettingsBody: rootDoc('settings', requestSchema(Settings, { workspaceName: reference }, 'PUT merges field by field; the workspace is the path’s')),
  WmsSettings: rootDoc('wms', serviceSchema('wms', false)),
  WmsSettingsBody: rootDoc('wms', serviceBody('wms')),
  WfsSettings: rootDoc('wfs', serviceSchema('wfs', false)),
  WfsSettingsBody: rootDoc('wfs', serviceBody('wfs')),
  ModuleStatusList: rootDoc('statuss', object({ status: { type: 'array', items: moduleStatus } }, ['status']), 'The modules and their state'),
} satisfies Record<string, JsonSchema>;
