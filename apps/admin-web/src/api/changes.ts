import { isObject, listEntries, restPathOfHref, seg } from './catalog-json';
import type { RestClient } from './rest-client';

/** What a change did to its record. */
export type ChangeOperation = 'create' | 'update' | 'delete';

/** One change of the catalog's history as the live event stream sends it (without the records). */
export interface ChangeEvent {
  /** Strictly increasing across every api process. */
  seq: number;
  /** ISO 8601. */
  time: string;
  user: string;
  operation: ChangeOperation;
  /** `workspace`, `namespace`, `dataStore`, `featureType`, `layer`, `style` or `user`. */
  kind: string;
  /** The record's REST path without `/rest` and suffix, e.g. `/workspaces/acme/datastores/pg`. */
  resource: string;
  /** One id shared by every change one request made. */
  request: string;
}

/** One change of `GET /rest/changes`: the event with the record before and after it. */
export interface Change extends ChangeEvent {
  /** The record's JSON representation before the change; null for a create. */
  before: unknown;
  /** The record's JSON representation after the change; null for a delete. */
  after: unknown;
}

/** One page of the history, newest first. */
export interface ChangePage {
  changes: Change[];
  /** REST path of the next (older) page; null on the last page. */
  next: string | null;
}

/** What the history is narrowed to. */
export interface ChangeFilter {
  /** A REST path: the record and everything below it (`/workspaces/acme`). */
  resource?: string;
  user?: string;
}

const OPERATIONS: readonly string[] = ['create', 'update', 'delete'];

/** Reads one change event (`data:` of the stream, or an entry of the history without its records). */
export function parseChangeEvent(value: unknown): ChangeEvent {
  if (!isObject(value)) throw new Error('The server sent a change that is not an object.');
  const { seq, time, user, operation, kind, resource, request } = value;
  const seqNumber = typeof seq === 'string' ? Number(seq) : seq;
  if (typeof seqNumber !== 'number' || !Number.isInteger(seqNumber)) throw new Error('The server sent a change without a sequence number.');
  if (typeof operation !== 'string' || !OPERATIONS.includes(operation))
    throw new Error(`The server sent a change with an unknown operation: ${String(operation)}.`);
  if (typeof resource !== 'string' || !resource.startsWith('/')) throw new Error('The server sent a change without a resource path.');
  return {
    seq: seqNumber,
    time: typeof time === 'string' ? time : '',
    user: typeof user === 'string' ? user : '',
    operation: operation as ChangeOperation,
    kind: typeof kind === 'string' ? kind : '',
    resource,
    request: typeof request === 'string' ? request : '',
  };
}

/** Reads one change with its records. */
export function parseChange(value: unknown): Change {
  const record = isObject(value) ? value : {};
  return { ...parseChangeEvent(value), before: record.before ?? null, after: record.after ?? null };
}

/**
 * Reads `{"changes":{"change":[…],"next":"…"}}` (GeoServer's list layout: `""` or a lone object
 * for zero or one entry). `next` becomes a REST path, so it is requested through the client's base.
 */
export function parseChangePage(body: unknown): ChangePage {
  const changes = listEntries(body, 'changes', 'change', 'change').map(parseChange);
  const outer = isObject(body) && isObject(body.changes) ? body.changes : {};
  const next = typeof outer.next === 'string' && outer.next ? restLinkOf(outer.next) : null;
  return { changes, next };
}

/** A link's REST path with its query (`olderThan`, the filters). */
function restLinkOf(href: string): string | null {
  const path = restPathOfHref(href);
  return path === null ? null : path + new URL(href, 'http://localhost').search;
}

/** The path of the first page of the history under `filter`. */
export function changesPath(filter: ChangeFilter, limit: number): string {
  const query = new URLSearchParams();
  if (filter.resource) query.set('resource', filter.resource);
  if (filter.user) query.set('user', filter.user);
  query.set('limit', String(limit));
  return `/changes.json?${query.toString()}`;
}

/** `GET /changes.json?…`, or the `next` page a previous answer linked. */
export async function listChanges(client: RestClient, pathOrNext: string, signal?: AbortSignal): Promise<ChangePage> {
  return parseChangePage(await client.getJson(pathOrNext, signal));
}

/** `GET /changes/{seq}.json`. */
export async function getChange(client: RestClient, seq: number, signal?: AbortSignal): Promise<Change> {
  const body = await client.getJson(`/changes/${seg(String(seq))}.json`, signal);
  if (!isObject(body) || !isObject(body.change)) throw new Error(`The server sent no change ${seq}.`);
  return parseChange(body.change);
}

/**
 * `POST /changes/{seq}/revert`: undoes the whole request that made the change. Refused with 409
 * (and the server's sentence naming the later change) when the record changed since, unless `force`.
 */
export async function revertChange(client: RestClient, seq: number, force = false): Promise<void> {
  await client.post(`/changes/${seg(String(seq))}/revert${force ? '?force=true' : ''}`);
}
