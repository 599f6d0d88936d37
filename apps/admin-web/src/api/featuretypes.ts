import { collectionSegments, recordSegments, FeatureType as FeatureTypeDeclaration, readRecord, type BoundingBox, type Sent } from '@geocatalog/catalog-model';
import { isObject, listEntries, listNames, pathOf, stringList, stringOf } from './catalog-json';
import type { DataStoreRef } from './datastores';
import type { RestClient } from './rest-client';

/** A bounding box as its declaration reads it (`minx`, `maxx`, `miny`, `maxy`). */
export type { BoundingBox };

/** One attribute (column) of a feature type. */
export interface FeatureTypeAttribute {
  name: string;
  /** Java class name, e.g. `java.lang.String`, `org.locationtech.jts.geom.MultiPolygon`. */
  binding: string;
}

/**
 * A feature type as the api answers it: every field its declaration (`@geocatalog/catalog-model`'s
 * `FeatureType`) reads, with the attributes the api writes live from the table. A page shows a new
 * field once the declaration has it.
 */
export type FeatureType = Sent<FeatureTypeDeclaration> & {
  name: string;
  nativeName: string;
  /** The table's columns as the api read them (the declaration reads only their names). */
  attributes: FeatureTypeAttribute[];
};

/** What publishing a table sends. */
export interface PublishInput {
  /** The table. */
  nativeName: string;
  /** The feature type's (and layer's) name; the table name unless told otherwise. */
  name?: string;
  title?: string;
}

/** Names of the store's published feature types: `GET …/featuretypes.json`. */
export async function listFeatureTypes(client: RestClient, store: DataStoreRef, signal?: AbortSignal): Promise<string[]> {
  const body = await client.getJson(`${featureTypesPath(store)}.json`, signal);
  return listNames(body, 'featureTypes', 'featureType', 'feature type');
}

/**
 * Tables of the store that have a geometry column and are not published yet:
 * `GET …/featuretypes.json?list=available_with_geom`.
 */
export async function listAvailableTables(client: RestClient, store: DataStoreRef, signal?: AbortSignal): Promise<string[]> {
  return stringList(await client.getJson(`${featureTypesPath(store)}.json?list=available_with_geom`, signal));
}

/** `POST …/featuretypes`: publishes a table as a feature type and a layer. */
export async function publishTable(client: RestClient, store: DataStoreRef, input: PublishInput): Promise<string> {
  const featureType: Record<string, unknown> = { name: input.name ?? input.nativeName, nativeName: input.nativeName, enabled: true };
  if (input.title) featureType.title = input.title;
  const created = await client.postJson(featureTypesPath(store), { featureType });
  return created.trim() || input.nativeName;
}

/** Reads `{"featureType":{…}}` through its declaration. */
export function parseFeatureType(body: unknown): FeatureType {
  const { fields, raw } = readRecord(FeatureTypeDeclaration, body);
  const attributes = isObject(raw.attributes)
    ? listEntries({ a: raw.attributes }, 'a', 'attribute', 'attribute').map((a) => ({ name: stringOf(a.name), binding: stringOf(a.binding) }))
    : [];
  const name = fields.name ?? '';
  return { ...fields, name, nativeName: fields.nativeName ?? name, attributes };
}

/** `GET` of a feature type by its REST path (as a layer's `resource` link gives it). */
export async function getFeatureTypeAt(client: RestClient, path: string, signal?: AbortSignal): Promise<FeatureType> {
  return parseFeatureType(await client.getJson(path.endsWith('.json') ? path : `${path}.json`, signal));
}

/** `GET /workspaces/{ws}/datastores/{ds}/featuretypes/{ft}.json`. */
export function featureTypePath(store: DataStoreRef, name: string): string {
  return pathOf(recordSegments('featureType', { workspace: store.workspace, store: store.name, name }));
}

/** `/workspaces/{ws}/datastores/{ds}/featuretypes`: a store's feature types. */
function featureTypesPath(store: DataStoreRef): string {
  return pathOf(collectionSegments('featureType', { workspace: store.workspace, store: store.name }));
}

/** The short geometry type of an attribute binding (`…jts.geom.MultiPolygon` → `MultiPolygon`), or null. */
export function geometryTypeOf(attributes: FeatureTypeAttribute[]): string | null {
  const geometry = attributes.find((a) => a.binding.includes('.jts.geom.'));
  return geometry ? geometry.binding.slice(geometry.binding.lastIndexOf('.') + 1) : null;
}

/**
 * `PUT` of a feature type's `cqlFilter` (its REST path, as a layer's `resource` link gives it): the
 * rows every read of the layer is restricted to; an empty text removes it.
 */
export async function updateFeatureTypeFilter(client: RestClient, path: string, cqlFilter: string): Promise<void> {
  await client.putJson(path.replace(/\.json$/, ''), { featureType: { cqlFilter } });
}
