import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { Wire, WireRoot } from '../wire/declare';
import { child, textOf } from '../wire/node';

/**
 * Service settings (contract §10): GeoServer's `SettingsInfo` (global or per workspace, with its
 * `ContactInfo`), the `GeoServerInfo` around the global one, and a service's `ServiceInfo`
 * (`WMSInfo`, `WFSInfo`), global or per workspace. Fields in XStream's order, as GeoServer
 * writes `global.xml`, `wms.xml` and a workspace's `settings.xml`.
 */

/** Longest text a settings field takes. */
const MAX_TEXT = 4000;

const text = (element?: string) => ({ kind: 'text' as const, keepSpace: true, ...(element ? { element } : {}) });

/** A contact field: free text, absent when empty. */
function ContactText(): PropertyDecorator {
  return (prototype, property) => {
    IsOptional()(prototype, property);
    IsString()(prototype, property);
    MaxLength(MAX_TEXT)(prototype, property);
    Wire({ ...text(), emptyIsAbsent: true })(prototype, property);
  };
}

/** Who runs the service (GeoServer's `ContactInfo`), as capabilities documents name them. */
@WireRoot('contact')
export class Contact {
  @ContactText() address?: string;
  @ContactText() addressCity?: string;
  @ContactText() addressCountry?: string;
  @ContactText() addressDeliveryPoint?: string;
  @ContactText() addressPostalCode?: string;
  @ContactText() addressState?: string;
  @ContactText() addressType?: string;
  @ContactText() contactEmail?: string;
  @ContactText() contactFacsimile?: string;
  @ContactText() contactOrganization?: string;
  @ContactText() contactPerson?: string;
  @ContactText() contactPosition?: string;
  @ContactText() contactVoice?: string;
  @ContactText() onlineResource?: string;
  @ContactText() welcome?: string;
}

/** An absolute http(s) URL without query or fragment: what a public base URL may be. */
export const PROXY_BASE_URL =
  /^[Hh][Tt][Tt][Pp][Ss]?:\/\/(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?(?:\/[A-Za-z0-9._~!$&'()*+,;=:@%-]*)*$/;

/** The `<workspace><name>ws</name></workspace>` of a workspace's settings, or its bare name. */
const workspaceReference = {
  kind: 'given' as const,
  element: 'workspace',
  mergedByService: true,
  read: (node: Parameters<typeof child>[0], element: string) => {
    const ws = child(node, element);
    return ws ? ws.text?.trim() || textOf(ws, 'name')?.trim() || undefined : undefined;
  },
};

/** Settings of the server, or of one workspace (GeoServer's `SettingsInfo`). */
@WireRoot('settings')
export class Settings {
  @Wire(workspaceReference)
  workspaceName?: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT)
  @Wire({ ...text(), column: { type: 'text', nullable: true } })
  title!: string | null;

  @ValidateNested()
  @Wire({ kind: 'object', type: () => Contact, column: { type: 'json', default: '{}' } })
  contact!: Contact;

  @IsString()
  @Matches(/^[A-Za-z0-9._:-]{1,40}$/, { message: (a) => `Invalid charset '${String(a.value)}'` })
  @Wire({ kind: 'text', emptyIsAbsent: true, column: { type: 'varchar', length: 64, default: 'UTF-8' } })
  charset!: string;

  @IsInt()
  @Min(0)
  @Max(17)
  @Wire({ kind: 'integer', column: { type: 'integer', default: 8 } })
  numDecimals!: number;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT)
  @Wire({ ...text(), column: { type: 'text', nullable: true } })
  onlineResource!: string | null;

  /**
   * The base URL clients reach the server by (`https://maps.example.org/geoserver`): every link
   * the api writes starts with it. Empty clears it.
   */
  @ValidateIf((_record, value) => value !== '')
  @IsString()
  @Matches(PROXY_BASE_URL, { message: (a) => `Invalid proxyBaseUrl '${String(a.value)}': an absolute http or https URL without query is expected` })
  @Wire({ kind: 'text', element: 'proxyBaseUrl', column: { type: 'text', nullable: true } })
  proxyBaseUrl!: string | null;

  @IsBoolean()
  @Wire({ kind: 'boolean', column: { type: 'boolean', default: false } })
  verbose!: boolean;

  @IsBoolean()
  @Wire({ kind: 'boolean', column: { type: 'boolean', default: false } })
  verboseExceptions!: boolean;

  @IsBoolean()
  @Wire({ kind: 'boolean', column: { type: 'boolean', default: false } })
  localWorkspaceIncludesPrefix!: boolean;

  @IsBoolean()
  @Wire({ kind: 'boolean', element: 'useHeadersProxyURL', column: { name: 'use_headers_proxy_url', type: 'boolean', default: false } })
  useHeadersProxyUrl!: boolean;
}

/** The server's configuration (GeoServer's `GeoServerInfo`): its settings and fixed global values. */
@WireRoot('global')
export class GlobalSettings {
  @ValidateNested()
  @Wire({ kind: 'object', type: () => Settings })
  settings!: Settings;

  /** The catalog's version: changes with every committed change, as capabilities' `updateSequence`. */
  @Wire({ kind: 'given' })
  updateSequence?: number;

  @Wire({ kind: 'integer', constant: 0 })
  featureTypeCacheSize?: number;

  @Wire({ kind: 'boolean', constant: true })
  globalServices?: boolean;

  @Wire({ kind: 'integer', constant: 1024 })
  xmlPostRequestLogBufferSize?: number;
}

/** The OGC services that have settings. */
export const SETTINGS_SERVICES = ['wms', 'wfs'] as const;
export type SettingsService = (typeof SETTINGS_SERVICES)[number];

/** Fields only one service has (the mapper leaves the others' out). */
export const SERVICE_ONLY_FIELDS: Record<SettingsService, readonly string[]> = {
  wms: ['maxFeatures'],
  wfs: ['srs', 'bboxForEachCRS', 'interpolation', 'maxBuffer', 'maxRequestMemory', 'maxRenderingTime', 'maxRenderingErrors'],
};

/** A limit: a non-negative integer (0: none). */
function Limit(defaultValue: number): PropertyDecorator {
  return (prototype, property) => {
    IsInt()(prototype, property);
    Min(0)(prototype, property);
    Wire({ kind: 'integer', column: { type: 'integer', default: defaultValue } })(prototype, property);
  };
}

/** An EPSG code as GeoServer's SRS list holds it: `4326` or `EPSG:4326`. */
export const SRS_CODE = /^(?:[Ee][Pp][Ss][Gg]:)?\d{1,9}$/;

export const WMS_INTERPOLATIONS = ['Nearest', 'Bilinear', 'Bicubic'] as const;

/**
 * A service's settings, global or for one workspace (GeoServer's `ServiceInfo`: `WMSInfo` under
 * `<wms>`, `WFSInfo` under `<wfs>`). The WMS limits are GeoServer's: `maxRequestMemory` (KiB a
 * GetMap may draw; 0 none), `maxRenderingTime` (seconds; 0 none), `maxRenderingErrors`.
 */
export class ServiceSettings {
  @Wire(workspaceReference)
  workspaceName?: string;

  @IsBoolean()
  @Wire({ kind: 'boolean', column: { type: 'boolean', default: true } })
  enabled!: boolean;

  /** GeoServer's service name (`WMS`); stored beside the service it belongs to. */
  @IsString()
  @MaxLength(255)
  @Wire({ kind: 'text', emptyIsAbsent: true, column: { name: 'service_name', type: 'varchar', length: 255, default: '' } })
  name!: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT)
  @Wire({ ...text(), column: { type: 'text', nullable: true } })
  title!: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT)
  @Wire({ ...text(), column: { type: 'text', nullable: true } })
  maintainer!: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT)
  @Wire({ ...text('abstrct'), aliases: ['abstract'], column: { name: 'abstract', type: 'text', nullable: true } })
  abstract!: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT)
  @Wire({ ...text(), column: { type: 'text', nullable: true, default: 'NONE' } })
  accessConstraints!: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT)
  @Wire({ ...text(), column: { type: 'text', nullable: true, default: 'NONE' } })
  fees!: string | null;

  /** The protocol versions: written by the mapper, never read. */
  @Wire({ kind: 'given' })
  versions?: unknown;

  @IsString({ each: true })
  @MaxLength(255, { each: true })
  @Wire({ kind: 'strings', column: { type: 'json', default: '[]' } })
  keywords!: string[];

  @Wire({ kind: 'boolean', constant: false })
  citeCompliant?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT)
  @Wire({ ...text(), column: { type: 'text', nullable: true } })
  onlineResource!: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT)
  @Wire({ kind: 'text', element: 'schemaBaseURL', column: { name: 'schema_base_url', type: 'text', nullable: true, default: 'http://schemas.opengis.net' } })
  schemaBaseUrl!: string | null;

  @IsBoolean()
  @Wire({ kind: 'boolean', column: { type: 'boolean', default: false } })
  verbose!: boolean;

  /** The CRSs a WMS offers beside each layer's own (EPSG codes). */
  @Matches(SRS_CODE, { each: true, message: (a) => `Invalid SRS in the list: ${JSON.stringify(a.value)}; EPSG codes such as 4326 or EPSG:4326 are expected` })
  @Wire({ kind: 'strings', column: { type: 'json', default: '[]' } })
  srs!: string[];

  @IsOptional()
  @IsBoolean()
  @Wire({ kind: 'boolean', element: 'bboxForEachCRS', column: { name: 'bbox_for_each_crs', type: 'boolean', nullable: true } })
  bboxForEachCRS!: boolean | null;

  @IsIn(WMS_INTERPOLATIONS, { message: (a) => `Invalid interpolation '${String(a.value)}'; one of ${WMS_INTERPOLATIONS.join(', ')}` })
  @Wire({ kind: 'text', emptyIsAbsent: true, column: { type: 'varchar', length: 16, default: 'Nearest' } })
  interpolation!: string;

  @Limit(25) maxBuffer!: number;
  @Limit(65536) maxRequestMemory!: number;
  @Limit(60) maxRenderingTime!: number;
  @Limit(1000) maxRenderingErrors!: number;

  /** WFS: most features a GetFeature answers. */
  @Limit(1000000) maxFeatures!: number;
}
