import { NO_RESPONSE, RestError, type RestIssue } from './rest-error';

/** How a {@link RestClient} reaches the REST API. */
export interface RestClientOptions {
  /** Path (or URL) of the REST API without a trailing slash, e.g. `/geoserver/rest`. */
  restBase: string;
  /** Called once per request answered with 401, e.g. to end a session the server no longer knows. */
  onUnauthorized?: () => void;
  /** The fetch to use; tests pass their own. */
  fetch?: typeof fetch;
}

/** A representation with the version tag (`ETag`) the server answered it with. */
export interface Tagged<T> {
  body: T;
  /** The strong `ETag` of the record, or null when the server sent none. */
  etag: string | null;
}

/**
 * What write requests accept back: the created name as text, or on refusal an RFC 9457 problem,
 * which carries located issues (line and column of SLD problems) besides the sentence.
 */
const WRITE_ACCEPT = 'text/plain, application/problem+json;q=0.9, application/json;q=0.8';

/**
 * The one place the console talks HTTP to the REST API (and to the OGC API and the sign-in
 * endpoint of the same service). Requests are authenticated by the HttpOnly session cookie the
 * browser sends by itself (same origin only); the console never holds a password or an
 * `Authorization` header. `X-Requested-With: XMLHttpRequest` makes the server leave out its
 * `WWW-Authenticate` challenge on 401, so the browser never pops up its own login dialog.
 * Failures become a {@link RestError} carrying the server's text.
 */
export class RestClient {
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: RestClientOptions) {
    // Bound so that a window's fetch is not called with another `this`.
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** The base path requests are made under. */
  get base(): string {
    return this.options.restBase;
  }

  /** The same session against another base path of the service (e.g. the OGC API). */
  withBase(base: string): RestClient {
    return new RestClient({ ...this.options, restBase: base });
  }

  /**
   * GETs a JSON representation, e.g. `getJson('/workspaces.json')`. An absolute URL (a `next`
   * link the server wrote) is fetched as it is.
   */
  async getJson<T = unknown>(path: string, signal?: AbortSignal, accept = 'application/json'): Promise<T> {
    return (await this.getJsonTagged<T>(path, signal, accept)).body;
  }

  /** GETs a JSON representation with its `ETag`, to send back as `If-Match` on a later write. */
  async getJsonTagged<T = unknown>(path: string, signal?: AbortSignal, accept = 'application/json'): Promise<Tagged<T>> {
    const response = await this.send(path, { method: 'GET', headers: { Accept: accept }, signal });
    try {
      return { body: (await response.json()) as T, etag: response.headers.get('ETag') };
    } catch {
      throw new RestError(response.status, `The server answered ${path} with something that is not JSON.`);
    }
  }

  /** GETs a document as text (an SLD), asking for `accept`. */
  async getText(path: string, accept: string, signal?: AbortSignal): Promise<string> {
    return (await this.getTextTagged(path, accept, signal)).body;
  }

  /** GETs a document as text with its `ETag`. */
  async getTextTagged(path: string, accept: string, signal?: AbortSignal): Promise<Tagged<string>> {
    const response = await this.send(path, { method: 'GET', headers: { Accept: accept }, signal });
    return { body: await response.text(), etag: response.headers.get('ETag') };
  }

  /**
   * GETs binary content (a vector tile); null for 204 No Content. The browser's cache may keep it
   * but must revalidate (`no-cache`): the server answers 304 for an unchanged ETag.
   */
  async getBytes(path: string, accept: string, signal?: AbortSignal): Promise<ArrayBuffer | null> {
    const response = await this.send(path, { method: 'GET', headers: { Accept: accept }, signal, cache: 'no-cache' });
    return response.status === 204 ? null : response.arrayBuffer();
  }

  /** POSTs a JSON body; resolves with the response text (GeoServer answers 201 with the new name). */
  postJson(path: string, body: unknown): Promise<string> {
    return this.write('POST', path, JSON.stringify(body), 'application/json');
  }

  /** POSTs without a body (an action such as a revert); resolves with the response text. */
  async post(path: string): Promise<string> {
    const response = await this.send(path, { method: 'POST', headers: { Accept: WRITE_ACCEPT } });
    return response.text();
  }

  /**
   * PUTs a JSON body; resolves with the response text. With `ifMatch` (the `ETag` the record was
   * read with) the server refuses with 412 when the record changed since.
   */
  putJson(path: string, body: unknown, ifMatch?: string | null): Promise<string> {
    return this.write('PUT', path, JSON.stringify(body), 'application/json', ifMatch);
  }

  /** POSTs a document of another type (an SLD); resolves with the response text. */
  postText(path: string, body: string, contentType: string): Promise<string> {
    return this.write('POST', path, body, contentType);
  }

  /** PUTs a document of another type (an SLD); resolves with the response text. `ifMatch` as {@link putJson}. */
  putText(path: string, body: string, contentType: string, ifMatch?: string | null): Promise<string> {
    return this.write('PUT', path, body, contentType, ifMatch);
  }

  /**
   * POSTs a multipart form (the browser writes the boundary) and reads the JSON answer. Statuses in
   * `answerStatuses` whose body is JSON are answers rather than failures (an import plan with
   * errors comes with 400); any other failure rejects with a {@link RestError}.
   */
  async postForm<T = unknown>(path: string, form: FormData, answerStatuses: readonly number[] = []): Promise<{ status: number; body: T }> {
    const isAnswer = (response: Response) =>
      answerStatuses.includes(response.status) && (response.headers.get('Content-Type') ?? '').startsWith('application/json');
    const response = await this.send(path, { method: 'POST', headers: { Accept: 'application/json' }, body: form }, isAnswer);
    try {
      return { status: response.status, body: (await response.json()) as T };
    } catch {
      throw new RestError(response.status, `The server answered ${path} with something that is not JSON.`);
    }
  }

  /** DELETEs a resource. */
  async delete(path: string): Promise<void> {
    await this.send(path, { method: 'DELETE', headers: { Accept: WRITE_ACCEPT } });
  }

  private async write(method: string, path: string, body: string, contentType: string, ifMatch?: string | null): Promise<string> {
    const headers: Record<string, string> = { 'Content-Type': contentType, Accept: WRITE_ACCEPT };
    if (ifMatch) headers['If-Match'] = ifMatch;
    const response = await this.send(path, { method, headers, body });
    return response.text();
  }

  private async send(path: string, init: RequestInit, isAnswer?: (response: Response) => boolean): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('X-Requested-With', 'XMLHttpRequest');
    const url = /^https?:\/\//.test(path) ? path : `${this.options.restBase}${path}`;
    let response: Response;
    try {
      // no-store (unless asked otherwise): the catalog may be changed by other processes at any moment. same-origin: the
      // session cookie goes to this service only.
      response = await this.fetchImpl(url, { ...init, headers, cache: init.cache ?? 'no-store', credentials: 'same-origin' });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new RestError(NO_RESPONSE, 'The server could not be reached. Check your connection and try again.');
    }
    if (response.ok || isAnswer?.(response)) return response;
    if (response.status === 401) this.options.onUnauthorized?.();
    const { reason, issues, code } = await reasonOf(response);
    throw new RestError(response.status, reason, issues, response.headers.get('ETag'), code);
  }
}

/** The server's reason for a failed response: its text/plain sentence, or a generic one; a problem document's code. */
async function reasonOf(response: Response): Promise<{ reason: string; issues: RestIssue[]; code?: string }> {
  const type = response.headers.get('Content-Type') ?? '';
  const text = await response.text().catch(() => '');
  if (type.includes('application/problem+json')) {
    try {
      const problem = JSON.parse(text) as { detail?: unknown; title?: unknown; issues?: unknown; code?: unknown };
      const reason = problem.detail ?? problem.title;
      const code = typeof problem.code === 'string' ? problem.code : undefined;
      if (typeof reason === 'string' && reason.trim()) return { reason: reason.trim(), issues: issuesOf(problem.issues), code };
    } catch {
      // Fall through to the generic reason.
    }
  } else if (type.startsWith('text/plain') && text.trim()) {
    return { reason: text.trim(), issues: [] };
  }
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return { reason: `The server answered ${status}.`, issues: [] };
}

function issuesOf(value: unknown): RestIssue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((issue) => {
    if (typeof issue !== 'object' || issue === null) return [];
    const { line, column, code, message } = issue as Record<string, unknown>;
    if (typeof line !== 'number' || typeof message !== 'string') return [];
    return [{ line, column: typeof column === 'number' ? column : 1, code: typeof code === 'string' ? code : '', message }];
  });
}
