/**
 * Small HTTP helpers for black-box specs: Basic auth, a request that always returns
 * `{status, headers, text, json()}` (never throws on an error status), and a client bound to a
 * server's `/rest` root with admin credentials.
 */
import { Agent, request as httpRequest } from 'node:http';
import { urlToHttpOptions } from 'node:url';
import type { ApiServer } from './api-server';

export interface Credentials {
  user: string;
  password: string;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** Body as UTF-8 text. */
  text: string;
  /** Body bytes, exactly as received. */
  bytes: Buffer;
  /** Media type of the Content-Type header without parameters (`''` when absent). */
  contentType: string;
  /** Wall time from sending the request to the end of the body. */
  ms: number;
  /** Body parsed as JSON (throws with the body in the message when it is not JSON). */
  json<T = any>(): T;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as is; strings are sent as UTF-8 without an implicit Content-Type. */
  body?: string | Buffer | Uint8Array;
  /** Content-Type of the body. */
  type?: string;
  /** Accept header. */
  accept?: string;
  /** Basic credentials; `null` sends no Authorization header. */
  auth?: Credentials | null;
  /** `rawRequest` only: the connection pool (a keep-alive agent keeps one worker); none by default. */
  agent?: Agent;
  /**
   * `rawRequest` only: the request target sent as it is instead of the url's path (which URL
   * parsing would normalise): `//rest`, `/./`, `/../`, an absolute-form `http://host/…`.
   */
  target?: string;
}

export const XML = 'application/xml';
export const JSON_TYPE = 'application/json';
export const SLD_10 = 'application/vnd.ogc.sld+xml';
export const SE_11 = 'application/vnd.ogc.se+xml';

/** `Basic base64(user:password)` */
export function basicAuth(user: string, password: string): string {
  return 'Basic ' + Buffer.from(`${user}:${password}`, 'utf8').toString('base64');
}

function mediaType(headers: Headers | Record<string, string | string[] | undefined>): string {
  const raw = headers instanceof Headers ? headers.get('content-type') : (headers['content-type'] as string | undefined);
  return (raw ?? '').split(';')[0].trim().toLowerCase();
}

function makeResponse(status: number, headers: Headers, bytes: Buffer, ms: number): HttpResponse {
  const text = bytes.toString('utf8');
  return {
    status,
    headers,
    text,
    bytes,
    contentType: mediaType(headers),
    ms,
    json<T>() {
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new Error(`Expected a JSON body, got (${status}): ${text.slice(0, 500)}`);
      }
    },
  };
}

function buildHeaders(opts: RequestOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  if (opts.auth) headers.authorization = basicAuth(opts.auth.user, opts.auth.password);
  if (opts.type) headers['content-type'] = opts.type;
  if (opts.accept) headers.accept = opts.accept;
  for (const [k, v] of Object.entries(opts.headers ?? {})) headers[k.toLowerCase()] = v;
  return headers;
}

/** A request with the global fetch (which adds `Accept: *\/*` when none is given). */
export async function request(url: string, opts: RequestOptions = {}): Promise<HttpResponse> {
  const started = performance.now();
  // A Uint8Array body gets no implicit Content-Type (a string would get text/plain).
  const body = opts.body === undefined ? undefined : new Uint8Array(typeof opts.body === 'string' ? Buffer.from(opts.body, 'utf8') : opts.body);
  const res = await fetch(url, {
    method: opts.method ?? 'GET',
    headers: buildHeaders(opts),
    body,
    redirect: 'manual',
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return makeResponse(res.status, res.headers, bytes, performance.now() - started);
}

/**
 * A request with `node:http`: only the headers given (plus Host, Content-Length, Connection), so a
 * request can lack `Accept`; tolerates the server answering before it read the whole body (413).
 */
export function rawRequest(url: string, opts: RequestOptions = {}): Promise<HttpResponse> {
  const started = performance.now();
  const body = opts.body === undefined ? undefined : typeof opts.body === 'string' ? Buffer.from(opts.body, 'utf8') : Buffer.from(opts.body);
  const headers = buildHeaders(opts);
  if (body) headers['content-length'] = String(body.length);
  return new Promise((resolvePromise, reject) => {
    let answered = false;
    const options = { ...urlToHttpOptions(new URL(url)), method: opts.method ?? 'GET', headers, agent: opts.agent ?? false };
    if (opts.target !== undefined) options.path = opts.target;
    const req = httpRequest(options, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      const finish = () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          if (Array.isArray(v)) v.forEach((x) => h.append(k, x));
          else if (v !== undefined) h.set(k, v);
        }
        resolvePromise(makeResponse(res.statusCode ?? 0, h, Buffer.concat(chunks), performance.now() - started));
      };
      res.on('end', finish);
      res.on('aborted', finish);
      res.on('error', finish);
    });
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    if (body) {
      req.write(body, () => undefined);
    }
    req.end();
  });
}

/** A client bound to `server.restUrl`; paths start with `/`. */
export interface RestClient {
  readonly restUrl: string;
  readonly auth: Credentials | null;
  url(path: string): string;
  request(method: string, path: string, opts?: RequestOptions): Promise<HttpResponse>;
  get(path: string, opts?: RequestOptions): Promise<HttpResponse>;
  post(path: string, body?: string | Buffer, type?: string, opts?: RequestOptions): Promise<HttpResponse>;
  put(path: string, body?: string | Buffer, type?: string, opts?: RequestOptions): Promise<HttpResponse>;
  delete(path: string, opts?: RequestOptions): Promise<HttpResponse>;
  /** POST/PUT helpers for XML and JSON bodies. */
  postXml(path: string, xml: string, opts?: RequestOptions): Promise<HttpResponse>;
  postJson(path: string, value: unknown, opts?: RequestOptions): Promise<HttpResponse>;
  putXml(path: string, xml: string, opts?: RequestOptions): Promise<HttpResponse>;
  putJson(path: string, value: unknown, opts?: RequestOptions): Promise<HttpResponse>;
  /** The same client with other credentials (`null` = none). */
  as(auth: Credentials | null): RestClient;
}

export function restClient(server: Pick<ApiServer, 'restUrl' | 'admin'>, auth: Credentials | null = server.admin): RestClient {
  const url = (path: string) => server.restUrl + path;
  const call = (method: string, path: string, opts: RequestOptions = {}) => request(url(path), { auth, ...opts, method });
  const client: RestClient = {
    restUrl: server.restUrl,
    auth,
    url,
    request: call,
    get: (path, opts) => call('GET', path, opts),
    post: (path, body, type, opts) => call('POST', path, { body, type, ...opts }),
    put: (path, body, type, opts) => call('PUT', path, { body, type, ...opts }),
    delete: (path, opts) => call('DELETE', path, opts),
    postXml: (path, xml, opts) => call('POST', path, { body: xml, type: XML, ...opts }),
    postJson: (path, value, opts) => call('POST', path, { body: JSON.stringify(value), type: JSON_TYPE, ...opts }),
    putXml: (path, xml, opts) => call('PUT', path, { body: xml, type: XML, ...opts }),
    putJson: (path, value, opts) => call('PUT', path, { body: JSON.stringify(value), type: JSON_TYPE, ...opts }),
    as: (other) => restClient(server, other),
  };
  return client;
}

/** Compact description of a response for assertion messages. */
export function show(res: HttpResponse): string {
  return `${res.status} ${res.headers.get('content-type') ?? ''} ${res.text.slice(0, 300)}`;
}
