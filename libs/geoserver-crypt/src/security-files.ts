/** A GeoServer data directory's files by path relative to it (`security/geoserver.jceks`, …); only `security/` is read. */
export type SecurityFiles = ReadonlyMap<string, Uint8Array>;
