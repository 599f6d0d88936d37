import { createHash } from 'node:crypto';

/** The records a data directory holds that this catalog keeps, by GeoServer's class name. */
const INFO_CLASS = {
  workspace: 'WorkspaceInfoImpl',
  namespace: 'NamespaceInfoImpl',
  dataStore: 'DataStoreInfoImpl',
  featureType: 'FeatureTypeInfoImpl',
  layer: 'LayerInfoImpl',
  layerGroup: 'LayerGroupInfoImpl',
  style: 'StyleInfoImpl',
  settings: 'SettingsInfoImpl',
  wms: 'WMSInfoImpl',
  wfs: 'WFSInfoImpl',
} as const;

/** Kinds of record that carry an `<id>` in a data directory this catalog writes. */
export type CatalogRecordKind = keyof typeof INFO_CLASS;

/**
 * A GeoServer-style `<id>` for a record that has none: GeoServer's class name, `-`, and a UUID
 * (RFC 9562 version 8) made of the SHA-256 of the kind and the record's REST path. The same record
 * gets the same id in every export, so files exported twice are equal and diffs in git are real.
 */
export function catalogId(kind: CatalogRecordKind, resource: string): string {
  const bytes = createHash('sha256').update(`${kind}\n${resource}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${INFO_CLASS[kind]}-${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
