/**
 * Requests as Python's `requests` library sends them, for specs that replay what the Python
 * GeoServer clients send: its default headers (`Accept: *\/*`, no Content-Type unless the caller
 * sets one, `json=` → `application/json` with Python's `json.dumps` spacing), Basic auth from
 * `auth=(user, password)`, `params=` appended to the URL. No header is added that Python would not send.
 */
import type { ApiServer } from './api-server';
import { basicAuth, HttpResponse, rawRequest } from './http';

export interface PythonRequestOptions {
  /** `data=`: sent as is. */
  data?: string | Buffer;
  /** `json=`: serialised as Python does, Content-Type application/json. */
  json?: unknown;
  /** `headers=`: merged over the defaults (case-insensitively). */
  headers?: Record<string, string>;
  /** `params=`: query string, in order. */
  params?: Record<string, string>;
}

export interface PythonRequests {
  get(url: string, opts?: PythonRequestOptions): Promise<HttpResponse>;
  post(url: string, opts?: PythonRequestOptions): Promise<HttpResponse>;
  put(url: string, opts?: PythonRequestOptions): Promise<HttpResponse>;
  delete(url: string, opts?: PythonRequestOptions): Promise<HttpResponse>;
}

/** `json.dumps` with its default separators (`", "`, `": "`) and `ensure_ascii=True`. */
export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${pythonJsonDumps(k)}: ${pythonJsonDumps(v)}`)
    .join(', ')}}`;
}

/** A `requests`-like client with `auth=(user, password)` for the server's admin. */
export function pythonRequests(server: Pick<ApiServer, 'admin'>): PythonRequests {
  const send = (method: string, url: string, opts: PythonRequestOptions = {}) => {
    const headers: Record<string, string> = {
      'user-agent': 'python-requests/2.32.3',
      'accept-encoding': 'gzip, deflate',
      accept: '*/*',
      connection: 'keep-alive',
      authorization: basicAuth(server.admin.user, server.admin.password),
    };
    let body: string | Buffer | undefined = opts.data;
    if (opts.json !== undefined) {
      body = pythonJsonDumps(opts.json);
      headers['content-type'] = 'application/json';
    }
    for (const [k, v] of Object.entries(opts.headers ?? {})) headers[k.toLowerCase()] = v;
    // requests sends Content-Length: 0 on a POST/PUT without a body.
    if (body === undefined && (method === 'POST' || method === 'PUT')) body = '';
    const query = opts.params ? new URLSearchParams(opts.params).toString() : '';
    const full = query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
    return rawRequest(full, { method, headers, body, auth: null });
  };
  return {
    get: (url, opts) => send('GET', url, opts),
    post: (url, opts) => send('POST', url, opts),
    put: (url, opts) => send('PUT', url, opts),
    delete: (url, opts) => send('DELETE', url, opts),
  };
}
