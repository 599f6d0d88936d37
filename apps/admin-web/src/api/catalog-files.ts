import { isObject } from './catalog-json';
import type { RestClient } from './rest-client';

/**
 * What importing a data directory does to one record (contract §8). The console may not import the
 * api's `catalog-files/plan.ts`, so the shape is declared here once, in the same words.
 */
export type PlanAction = 'create' | 'update' | 'delete' | 'unchanged' | 'skip' | 'error';

/** Every plan action, in the order the console lists and counts them. */
export const PLAN_ACTIONS: readonly PlanAction[] = ['create', 'update', 'delete', 'unchanged', 'skip', 'error'];

/** One line of a plan: a record named by its REST path without `/rest` (`/workspaces/acme`). */
export interface PlanEntry {
  action: PlanAction;
  /** `workspace`, `namespace`, `dataStore`, `featureType`, `layer`, `style`, or a skipped kind (`coverageStore`, …). */
  kind: string;
  resource: string;
  /** Why, for `skip` and `error` (and some updates). */
  reason?: string;
}

/** The answer of `POST /rest/catalog/import`: the plan, and whether it was stored. */
export interface ImportAnswer {
  plan: PlanEntry[];
  applied: boolean;
}

/** Store passwords for the import, by `ws:store` (the multipart `secrets` part). */
export type ImportSecrets = Record<string, string>;

/** What one import request sends. */
export interface ImportRequest {
  /** The zipped data directory. */
  datadir: Blob;
  /** File name sent with the zip (the server ignores it; it helps logs). */
  fileName?: string;
  secrets?: ImportSecrets;
  /** Also delete what the directory lacks in the workspaces it names. */
  prune: boolean;
  /** Plan only: nothing is stored. */
  dryRun: boolean;
}

/** `/catalog/import` with `dryRun` and `prune` as the server reads them; false flags are left out. */
export function importPath({ dryRun, prune }: Pick<ImportRequest, 'dryRun' | 'prune'>): string {
  const query = new URLSearchParams();
  if (dryRun) query.set('dryRun', 'true');
  if (prune) query.set('prune', 'true');
  const text = query.toString();
  return text ? `/catalog/import?${text}` : '/catalog/import';
}

/** The multipart body: the zip as the `datadir` part, and the passwords as JSON in `secrets` when there are any. */
export function importFormData({ datadir, fileName, secrets }: Pick<ImportRequest, 'datadir' | 'fileName' | 'secrets'>): FormData {
  const form = new FormData();
  form.append('datadir', datadir, fileName ?? 'datadir.zip');
  if (secrets && Object.keys(secrets).length > 0) form.append('secrets', JSON.stringify(secrets));
  return form;
}

/** Reads an import answer; refuses anything that is not `{"plan":[…],"applied":…}`. */
export function parseImportAnswer(body: unknown): ImportAnswer {
  if (!isObject(body) || !Array.isArray(body.plan) || typeof body.applied !== 'boolean') {
    throw new Error('The server answered the import with something that is not a plan.');
  }
  const plan = body.plan.map((entry): PlanEntry => {
    if (!isObject(entry) || typeof entry.resource !== 'string' || typeof entry.kind !== 'string' || !isPlanAction(entry.action)) {
      throw new Error('The server answered the import with a plan entry the console does not know.');
    }
    const parsed: PlanEntry = { action: entry.action, kind: entry.kind, resource: entry.resource };
    if (typeof entry.reason === 'string' && entry.reason) parsed.reason = entry.reason;
    return parsed;
  });
  return { plan, applied: body.applied };
}

function isPlanAction(value: unknown): value is PlanAction {
  return typeof value === 'string' && (PLAN_ACTIONS as readonly string[]).includes(value);
}

/**
 * `POST /rest/catalog/import` as multipart (`datadir` + `secrets`). A plan with `error` entries
 * comes back with 400 and the same JSON: it resolves like any plan (its `applied` is false). Other
 * refusals (not a zip, 413, 401, 403, …) reject with the server's `RestError`.
 */
export async function importCatalog(client: RestClient, request: ImportRequest): Promise<ImportAnswer> {
  const { body } = await client.postForm(importPath(request), importFormData(request), [400]);
  return parseImportAnswer(body);
}

/**
 * Where the export zip downloads from: the whole catalog, or one workspace. A same-origin link:
 * the browser sends the session cookie with it, so a plain `<a download>` works.
 */
export function exportHref(restBase: string, workspace?: string | null): string {
  return workspace ? `${restBase}/catalog/export?workspace=${encodeURIComponent(workspace)}` : `${restBase}/catalog/export`;
}
