/**
 * The change history as specs read it (`GET /rest/changes`, contract §7).
 */
import type { RestClient } from './http';

/** A change as the history's JSON answers it. */
export interface Change {
  seq: number;
  time: string;
  user?: string;
  operation: string;
  kind: string;
  resource: string;
  request: string;
  before: Record<string, Record<string, unknown>> | null;
  after: Record<string, Record<string, unknown>> | null;
  href: string;
}

/** The changes under a resource, oldest first (the list answers newest first); `query` adds filters (`&user=…`). */
export async function changesOf(api: RestClient, resource: string, query = ''): Promise<Change[]> {
  const res = await api.get(`/changes.json?resource=${encodeURIComponent(resource)}&limit=1000${query}`);
  if (res.status !== 200) throw new Error(`GET /changes: expected 200, got ${res.status} ${res.text.slice(0, 300)}`);
  return ((res.json() as { changes: { change?: Change[] } }).changes.change ?? []).reverse();
}

/** Each change as `operation kind resource`. */
export function summary(changes: Change[]): string[] {
  return changes.map((c) => `${c.operation} ${c.kind} ${c.resource}`);
}
