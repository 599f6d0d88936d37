import { NO_RESPONSE, RestError } from './rest-error';

/** How a {@link RestClient} reaches the REST API. */
export interface RestClientOptions {
  /** Path (or URL) of the REST API without a trailing slash, e.g. `/geoserver/rest`. */
  restBase: string;
  /** Value of the `Authorization` header sent with every request. */
  authorization: string;
  /** Called once per request answered with 401, e.g. to end a session whose password changed. */
  onUnauthorized?: () => void;
  /** The fetch to use; tests pass their own. */
  fetch?: typeof fetch;
}

/**
 * The one place the console talks HTTP to the REST API. Every request carries the Basic
 * `Authorization` header and `X-Requested-With: XMLHttpRequest`: the latter makes the server leave
 * out its `WWW-Authenticate` challenge on 401, so the browser never pops up its own login dialog.
 * Failures become a {@link RestError} carrying the server's text.
 */
export class RestClient {
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: RestClientOptions) {
    // Bound so that a window's fetch is not called with another `this`.
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** GETs a JSON representation, e.g. `getJson('/workspaces.json')`. */
  async getJson<T = unknown>(path: string, signal?: AbortSignal): Promise<T> {
    const response = await this.send(path, { method: 'GET', headers: { Accept: 'application/json' }, signal });
    try {
      return (await response.json()) as T;
    } catch {
      throw new RestError(response.status, `The server answered ${path} with something that is not JSON.`);
    }
  }

  /** POSTs a JSON body; resolves with the response text (GeoServer answers 201 with the new name). */
  async postJson(path: string, body: unknown): Promise<string> {
    const response = await this.send(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/plain, application/json' },
      body: JSON.stringify(body),
    });
    return response.text();
  }

  private async send(path: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('Authorization', this.options.authorization);
    headers.set('X-Requested-With', 'XMLHttpRequest');
    let response: Response;
    try {
      // no-store: the catalog may be changed by other processes at any moment.
      response = await this.fetchImpl(`${this.options.restBase}${path}`, { ...init, headers, cache: 'no-store' });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new RestError(NO_RESPONSE, 'The server could not be reached. Check your connection and try again.');
    }
    if (response.ok) return response;
    if (response.status === 401) this.options.onUnauthorized?.();
    throw new RestError(response.status, await reasonOf(response));
  }
}

/** The server's reason for a failed response: its text/plain sentence, or a generic one. */
async function reasonOf(response: Response): Promise<string> {
  const type = response.headers.get('Content-Type') ?? '';
  const text = await response.text().catch(() => '');
  if (type.includes('application/problem+json')) {
    try {
      const problem = JSON.parse(text) as { detail?: unknown; title?: unknown };
      const reason = problem.detail ?? problem.title;
      if (typeof reason === 'string' && reason.trim()) return reason.trim();
    } catch {
      // Fall through to the generic reason.
    }
  } else if (type.startsWith('text/plain') && text.trim()) {
    return text.trim();
  }
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return `The server answered ${status}.`;
}
