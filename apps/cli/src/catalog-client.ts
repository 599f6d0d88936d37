import { type ImportAnswer, type PlanEntry, ZIP_LIMITS } from '@geocatalog/catalog-exchange';
import { CliFailure } from './cli-failure';
import type { ServerAccess } from './server-access';

/** What `POST /rest/catalog/import` is asked to do. */
export interface ImportRequest {
  /** The data directory, zipped. */
  zip: Uint8Array;
  dryRun: boolean;
  prune: boolean;
  /** `{"ws:store": "password"}`, sent as the `secrets` part. */
  secrets?: Record<string, string>;
}

/** An import's answer: the plan (also when it holds errors, the server's 400) and the raw JSON. */
export interface ImportResult {
  answer: ImportAnswer;
  /** The body as the server sent it, for `--json`. */
  json: string;
}

/**
 * `GET {base}/rest/catalog/export[?workspace=ws]`: the zip bytes, at most `ZIP_LIMITS.zipBytes` of
 * them (the most the server takes back): a longer answer is refused without reading the rest.
 */
export async function downloadExport(access: ServerAccess, workspace?: string): Promise<Uint8Array> {
  const query = workspace === undefined ? '' : `?workspace=${encodeURIComponent(workspace)}`;
  const res = await send(access, `/rest/catalog/export${query}`, { method: 'GET', headers: { accept: 'application/zip' } });
  if (res.status !== 200) throw await httpFailure(res);
  const tooLarge = () => new CliFailure(`the server's export is larger than ${ZIP_LIMITS.zipBytes} bytes, past the zip limits; nothing was written`);
  if (Number(res.headers.get('content-length')) > ZIP_LIMITS.zipBytes) {
    await res.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of res.body ?? []) {
    length += chunk.length;
    if (length > ZIP_LIMITS.zipBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * `POST {base}/rest/catalog/import` with the zip as `application/zip`, or as the `datadir` part of a
 * multipart body when there are secrets. A 200, or a 400 whose body is a plan, is an answer; any
 * other status is a `CliFailure` with the server's text.
 */
export async function postImport(access: ServerAccess, request: ImportRequest): Promise<ImportResult> {
  const query = new URLSearchParams();
  if (request.dryRun) query.set('dryRun', 'true');
  if (request.prune) query.set('prune', 'true');
  const search = query.toString();
  const path = `/rest/catalog/import${search ? `?${search}` : ''}`;
  const zip = new Blob([request.zip], { type: 'application/zip' });
  let init: RequestInit;
  if (request.secrets) {
    const form = new FormData();
    form.append('datadir', zip, 'datadir.zip');
    form.append('secrets', new Blob([JSON.stringify(request.secrets)], { type: 'application/json' }), 'secrets.json');
    init = { method: 'POST', body: form };
  } else {
    init = { method: 'POST', body: zip, headers: { 'content-type': 'application/zip' } };
  }
  const res = await send(access, path, { ...init, headers: { ...(init.headers as Record<string, string>), accept: 'application/json' } });
  if (res.status === 200 || res.status === 400) {
    const text = await res.text();
    const answer = mediaType(res) === 'application/json' ? readAnswer(text) : undefined;
    if (answer) return { answer, json: text };
    throw failureOf(res.status, text);
  }
  throw await httpFailure(res);
}

async function send(access: ServerAccess, path: string, init: RequestInit): Promise<Response> {
  const authorization = 'Basic ' + Buffer.from(`${access.user}:${access.password}`, 'utf8').toString('base64');
  const url = access.baseUrl + path;
  try {
    return await fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), authorization }, redirect: 'manual' });
  } catch (e) {
    const cause = (e as Error & { cause?: Error }).cause;
    throw new CliFailure(`cannot reach ${url}: ${cause?.message ?? (e as Error).message}`);
  }
}

async function httpFailure(res: Response): Promise<CliFailure> {
  return failureOf(res.status, await res.text());
}

/** `<status> <text>`: the server's one-sentence text/plain error, cut short if it is a page. */
function failureOf(status: number, text: string): CliFailure {
  const body = text.trim().replace(/\s+/g, ' ');
  return new CliFailure(`${status} ${body.length > 500 ? `${body.slice(0, 500)}…` : body}`.trimEnd());
}

function mediaType(res: Response): string {
  return (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
}

/** The answer if `text` is `{"plan":[…],"applied":…}`, else undefined. */
function readAnswer(text: string): ImportAnswer | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { plan, applied } = value as { plan?: unknown; applied?: unknown };
  if (!Array.isArray(plan) || typeof applied !== 'boolean' || !plan.every(isEntry)) return undefined;
  return { plan, applied };
}

function isEntry(value: unknown): value is PlanEntry {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.action === 'string' && typeof e.kind === 'string' && typeof e.resource === 'string' && (e.reason === undefined || typeof e.reason === 'string')
  );
}
