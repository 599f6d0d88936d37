import { collectionSegments, recordSegments } from '@geocatalog/catalog-model';
import { isObject, listEntries, listNames, pathOf, stringList, stringOf, booleanOf, wrapped } from './catalog-json';
import { dataStorePath, type DataStoreRef } from './datastores';
import type { RestClient } from './rest-client';

/** A bounding box as GeoServer writes it; `crs` is a code (`EPSG:4326`) or WKT. */
export interface BoundingBox {
  minx: number;
  miny: number;
  maxx: number;
  maxy: number;
  crs: string;
}

/** One attribute (column) of a feature type. */
export interface FeatureTypeAttribute {
  name: string;
  /** Java class name, e.g. `java.lang.String`, `org.locationtech.jts.geom.MultiPolygon`. */
  binding: string;
}

/** A feature type, reduced to what the console shows. */
export interface FeatureType {
  name: string;
  nativeName: string;
  title: string;
  /** Declared CRS code, e.g. `EPSG:4326`. */
  srs: string;
  nativeBoundingBox: BoundingBox | null;
  latLonBoundingBox: BoundingBox | null;
  enabled: boolean;
  /** `ws:store` of the store the table is in. */
  store: string;
  attributes: FeatureTypeAttribute[];
}

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
  const body = await client.getJson(`${dataStorePath(store)}/featuretypes.json`, signal);
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

function boxOf(value: unknown): BoundingBox | null {
  if (!isObject(value)) return null;
  const numbers = ['minx', 'miny', 'maxx', 'maxy'].map((key) => Number(value[key]));
  if (numbers.some((n) => !Number.isFinite(n))) return null;
  const [minx, miny, maxx, maxy] = numbers;
  return { minx, miny, maxx, maxy, crs: stringOf(value.crs) };
}

/** Reads `{"featureType":{…}}`. */
export function parseFeatureType(body: unknown): FeatureType {
  const ft = wrapped(body, 'featureType', 'feature type');
  const attributes = isObject(ft.attributes)
    ? listEntries({ a: ft.attributes }, 'a', 'attribute', 'attribute').map((a) => ({ name: stringOf(a.name), binding: stringOf(a.binding) }))
    : [];
  return {
    name: stringOf(ft.name),
    nativeName: stringOf(ft.nativeName, stringOf(ft.name)),
    title: stringOf(ft.title),
    srs: stringOf(ft.srs),
    nativeBoundingBox: boxOf(ft.nativeBoundingBox),
    latLonBoundingBox: boxOf(ft.latLonBoundingBox),
    enabled: booleanOf(ft.enabled, true),
    store: isObject(ft.store) ? stringOf(ft.store.name) : '',
    attributes,
  };
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
