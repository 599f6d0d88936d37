import { collectionSegments, recordSegments, DataStore as DataStoreDeclaration, readRecord, type Sent } from '@geocatalog/catalog-model';
import { listNames, stringOf, booleanOf, pathOf, wrapped } from './catalog-json';
import type { RestClient } from './rest-client';
import type { Versioned } from './versioned';

/** A data store as the list shows it: workspace and name. */
export interface DataStoreRef {
  workspace: string;
  name: string;
}

/** The connection parameters of a PostGIS store, as the form edits them. */
export interface PostgisParameters {
  host: string;
  port: string;
  database: string;
  schema: string;
  user: string;
  /** Clear text when typed; a `crypt2:` value when read back (the server never returns it in clear). */
  passwd: string;
}

/**
 * A data store as the api answers it: every field its declaration (`@geocatalog/catalog-model`'s
 * `DataStore`) reads, in its workspace. A page shows a new field once the declaration has it.
 */
export type DataStore = Sent<DataStoreDeclaration> &
  DataStoreRef & {
    /** Every connection parameter, by key. */
    connectionParameters: Record<string, string>;
  };

/** What the store form sends. */
export interface DataStoreInput {
  name: string;
  description?: string;
  enabled?: boolean;
  parameters: PostgisParameters;
}

/** The answer of a connection test. */
export interface ConnectionTestResult {
  ok: boolean;
  message: string;
}

/** `GET /workspaces/{ws}/datastores.json`. */
export async function listDataStores(client: RestClient, workspace: string, signal?: AbortSignal): Promise<DataStoreRef[]> {
  const body = await client.getJson(`${pathOf(collectionSegments('dataStore', { workspace }))}.json`, signal);
  return listNames(body, 'dataStores', 'dataStore', 'data store').map((name) => ({ workspace, name }));
}

/** Reads `{"dataStore":{…}}` through its declaration; `type` is `PostGIS` for `dbtype=postgis` when not sent. */
export function parseDataStore(body: unknown, workspace: string): DataStore {
  const { fields } = readRecord(DataStoreDeclaration, body);
  const connectionParameters = fields.connectionParameters ?? {};
  const type = fields.type ?? (connectionParameters.dbtype === 'postgis' ? 'PostGIS' : '');
  return { ...fields, workspace, name: fields.name ?? '', type, connectionParameters };
}

/** `GET /workspaces/{ws}/datastores/{ds}.json`. */
export async function getDataStore(client: RestClient, ref: DataStoreRef, signal?: AbortSignal): Promise<DataStore> {
  return (await getVersionedDataStore(client, ref, signal)).record;
}

/** `GET /workspaces/{ws}/datastores/{ds}.json` with its `ETag` and the representation as sent. */
export async function getVersionedDataStore(client: RestClient, ref: DataStoreRef, signal?: AbortSignal): Promise<Versioned<DataStore>> {
  const { body, etag } = await client.getJsonTagged(dataStorePath(ref, '.json'), signal);
  return { record: parseDataStore(body, ref.workspace), etag, representation: body };
}

/**
 * The JSON body GeoServer takes for a PostGIS store. An empty password is left out (on edit the
 * stored one is kept); `dbtype` is always `postgis`.
 */
export function dataStoreBody(input: DataStoreInput): unknown {
  const { parameters } = input;
  const entries: Array<[string, string]> = [
    ['host', parameters.host.trim()],
    ['port', parameters.port.trim()],
    ['database', parameters.database.trim()],
    ['schema', parameters.schema.trim()],
    ['user', parameters.user],
    ['passwd', parameters.passwd],
    ['dbtype', 'postgis'],
  ];
  const entry = entries.filter(([key, value]) => value !== '' || key === 'user').map(([key, value]) => ({ '@key': key, $: value }));
  const dataStore: Record<string, unknown> = { name: input.name, connectionParameters: { entry } };
  if (input.description !== undefined) dataStore.description = input.description;
  if (input.enabled !== undefined) dataStore.enabled = input.enabled;
  return { dataStore };
}

/** The form's view of a store's parameters (missing ones empty). */
export function postgisParametersOf(store: DataStore): PostgisParameters {
  const p = store.connectionParameters;
  return { host: p.host ?? '', port: p.port ?? '', database: p.database ?? '', schema: p.schema ?? '', user: p.user ?? '', passwd: p.passwd ?? '' };
}

/** `POST /workspaces/{ws}/datastores`; resolves with the created name. */
export async function createDataStore(client: RestClient, workspace: string, input: DataStoreInput): Promise<string> {
  const created = await client.postJson(pathOf(collectionSegments('dataStore', { workspace })), dataStoreBody(input));
  return created.trim() || input.name;
}

/** `PUT /workspaces/{ws}/datastores/{ds}`; with `ifMatch`, refused (412) when the store changed since that version. */
export async function updateDataStore(client: RestClient, ref: DataStoreRef, input: DataStoreInput, ifMatch?: string | null): Promise<void> {
  await client.putJson(dataStorePath(ref), dataStoreBody(input), ifMatch);
}

/** `DELETE /workspaces/{ws}/datastores/{ds}?recurse=true`: the store with its feature types and layers. */
export async function deleteDataStore(client: RestClient, ref: DataStoreRef): Promise<void> {
  await client.delete(`${dataStorePath(ref)}?recurse=true`);
}

/**
 * `POST /datastores/connection-test` with the store's body: the server opens a connection with
 * these parameters and saves nothing. A refusal (400/502) comes back as a failed result with the
 * server's reason; other failures (no answer, 401, 404 on a server without the endpoint) reject.
 */
export async function testDataStoreConnection(client: RestClient, input: DataStoreInput): Promise<ConnectionTestResult> {
  try {
    const text = await client.postJson('/datastores/connection-test', dataStoreBody(input));
    return parseConnectionTest(text);
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 400 || status === 502) return { ok: false, message: (error as Error).message };
    throw error;
  }
}

/** Reads `{"connectionTest":{"ok","message"}}`; plain text counts as a successful message. */
export function parseConnectionTest(text: string): ConnectionTestResult {
  try {
    const body = JSON.parse(text) as unknown;
    const test = wrapped(body, 'connectionTest', 'connection test');
    return { ok: booleanOf(test.ok, false), message: stringOf(test.message) };
  } catch {
    return { ok: true, message: text.trim() };
  }
}

export function dataStorePath(ref: DataStoreRef, suffix = ''): string {
  return `${pathOf(recordSegments('dataStore', ref))}${suffix}`;
}
