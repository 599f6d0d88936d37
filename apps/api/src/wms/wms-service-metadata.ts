/**
 * What the WMS service settings (`/rest/services/wms/settings`, global and per workspace) tell this
 * module; {@link SettingsWmsMetadata} reads them. The public base URL (`proxyBaseUrl`) is not here:
 * every request's base already carries it (rest-request's `requestBase`).
 */
export interface WmsServiceMetadata {
  /** False: every WMS request is refused (OperationNotSupported-free: a plain ServiceException). */
  enabled: boolean;
  title: string;
  abstract: string;
  keywords: string[];
  /** CRS codes offered by every layer besides its native one, EPSG:4326, CRS:84 and EPSG:3857. */
  srsList: string[];
  /** Largest WIDTH and HEIGHT accepted (never more than {@link MAX_IMAGE_SIDE}). */
  maxWidth: number;
  maxHeight: number;
  /** Largest WIDTH × HEIGHT accepted: the pixel budget of one map. */
  maxPixels: number;
  fees: string;
  accessConstraints: string;
}

/** Injection token of the provider of the metadata of a service (global: workspace null). */
export const WMS_SERVICE_METADATA = Symbol('WmsServiceMetadata');

/** Reads the metadata that applies to a request (a virtual service's, else the global one). */
export interface WmsServiceMetadataSource {
  /** `at`: the catalog change number the caller read first (`WmsCatalog.changeNumber`); read anew when absent. */
  metadata(workspace: string | null, at?: string): Promise<WmsServiceMetadata>;
}

/** The hard limit on an image side, whatever the settings say. */
export const MAX_IMAGE_SIDE = 8192;

/** GeoServer's out-of-the-box WMS settings (what the settings migration seeds; specs start from them). */
export const DEFAULT_WMS_METADATA: WmsServiceMetadata = {
  enabled: true,
  title: 'GeoServer Web Map Service',
  abstract: 'A compliant implementation of WMS plus most of the SLD extension (dynamic styling). Can also generate PDF, SVG, KML, GeoRSS',
  keywords: ['WFS', 'WMS', 'GEOSERVER'],
  srsList: [],
  maxWidth: MAX_IMAGE_SIDE,
  maxHeight: MAX_IMAGE_SIDE,
  // GeoServer's default maxRequestMemory, 65,536 KB, at 4 bytes a pixel.
  maxPixels: 16_777_216,
  fees: 'NONE',
  accessConstraints: 'NONE',
};
