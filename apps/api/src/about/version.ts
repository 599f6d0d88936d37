/** Version facts reported by `/rest/about/version`. */
export const VERSION = {
  version: '0.1.0',
  /** The GeoServer REST API version whose wire behaviour this catalog follows. */
  geoserverCompatibility: '2.24.0',
};
