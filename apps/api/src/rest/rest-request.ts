import type { Request } from 'express';
import { UNESCAPED_URI_CHARACTERS } from './uri-component';

/** Formats a response can take. `sld` is a style's own document. */
export type ResponseFormat = 'xml' | 'json' | 'sld';

/** What the path middleware learnt about a REST request before routing. */
export interface RestRequestInfo {
  /** Format named by a path suffix (`.xml`, `.json`, `.sld`), if any. */
  suffix?: ResponseFormat;
  /** Absolute public URL of `/rest` for this request (proxy headers honoured). */
  restBase: string;
  /** `REQUIRE_IF_MATCH`: writes to a record must name the version they change. */
  requireIfMatch?: boolean;
  /** The raw body, read once with the size limit applied (POST/PUT only). */
  body?: Buffer;
  /**
   * What the handler's answer goes through before it is written: set by the data rules' check for
   * a caller who may read only part of a list (`access/access-check.ts`), applied by
   * `RestHttpAdapter`.
   */
  answerFilter?: (result: unknown) => unknown;
  /**
   * Whether the caller reads a layer or layer group (workspace null: a global group), for the
   * handlers whose records name others (a group's members); set by the data rules' check for
   * every caller but ADMIN, absent for ADMIN.
   */
  readsPublished?: PublishedReads;
}

/** Whether the caller reads the layer or layer group `name` of `workspace` (null: a global group). */
export type PublishedReads = (workspace: string | null, name: string) => boolean;

/** A request that went through the REST middleware. */
export type RestRequest = Request & { rest?: RestRequestInfo };

const ACCEPT_TYPES: Array<[RegExp, ResponseFormat]> = [
  [/^(application|text)\/json$/, 'json'],
  [/^application\/vnd\.ogc\.(sld|se)\+xml$/, 'sld'],
  [/^(application|text)\/xml$/, 'xml'],
];

/** Media types of the formats, as written in Content-Type and links. */
export const MEDIA_TYPES: Record<'xml' | 'json', string> = {
  xml: 'application/xml',
  json: 'application/json',
};

/**
 * The response format: path suffix first, then `?format=`, then `Accept` (by quality, then order).
 * No suffix and `Accept` absent or only `*\/*` gives JSON, as GeoServer does for curl.
 */
export function negotiateFormat(req: RestRequest): ResponseFormat {
  if (req.rest?.suffix) return req.rest.suffix;
  const q = typeof req.query.format === 'string' ? req.query.format.toLowerCase() : undefined;
  if (q === 'xml' || q === 'json' || q === 'sld') return q;
  const accept = req.headers.accept;
  if (accept) {
    const ranges = accept
      .split(',')
      .map((part, index) => {
        const [type, ...params] = part.trim().toLowerCase().split(';');
        const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return { type: type.trim(), q: qParam ? Number(qParam.slice(2)) : 1, index };
      })
      .filter((r) => r.q > 0)
      .sort((a, b) => b.q - a.q || a.index - b.index);
    for (const range of ranges) {
      const hit = ACCEPT_TYPES.find(([re]) => re.test(range.type));
      if (hit) return hit[1];
    }
  }
  return 'json';
}

/** A host as links may name it: a DNS name or IPv4 address, or a bracketed IPv6 address, and a port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
/** A path prefix: segments of URL path characters. */
const PREFIX = /^(?:\/[A-Za-z0-9._~!$&'()*+,;=:@%-]*)*$/;

/**
 * `scheme://host[:port][prefix]` + context path, for links and `Location`. The `X-Forwarded-Proto`,
 * `-Host` and `-Prefix` headers of a proxy count only with `TRUST_PROXY` (`trustProxy`): anyone
 * can send them. A scheme other than `http`/`https`, a host outside the host grammar or a prefix
 * outside the path grammar is ignored, whoever sent it; an unusable `Host` gives the address the
 * request came in on.
 */
export function publicBaseUrl(req: Request, contextPath: string, trustProxy: boolean): string {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0].trim();
  const forwarded = (name: string) => (trustProxy ? first(req.headers[name]) : undefined);
  const ownProto = (req.socket as { encrypted?: boolean } | undefined)?.encrypted ? 'https' : 'http';
  const proxyProto = forwarded('x-forwarded-proto')?.toLowerCase();
  const proto = proxyProto === 'http' || proxyProto === 'https' ? proxyProto : ownProto;
  const proxyHost = forwarded('x-forwarded-host');
  const ownHost = req.headers.host;
  const host = proxyHost && HOST.test(proxyHost) ? proxyHost : ownHost && HOST.test(ownHost) ? ownHost : localHost(req);
  const proxyPrefix = (forwarded('x-forwarded-prefix') ?? '').replace(/\/+$/, '');
  const prefix = PREFIX.test(proxyPrefix) ? proxyPrefix : '';
  return `${proto}://${host}${prefix}${contextPath}`;
}

/** Where {@link publicBaseMiddleware} keeps a request's public base URL. */
const REQUEST_BASE = Symbol('publicBase');
type BasedRequest = Request & { [REQUEST_BASE]?: string };

/**
 * Finds each request's public base URL once, before routing (`baseOf`: the settings'
 * `proxyBaseUrl` when set, else {@link publicBaseUrl}), for {@link requestBase} to give every
 * link builder. A failure of `baseOf` leaves the request's own base.
 */
export function publicBaseMiddleware(baseOf: (req: Request) => string | Promise<string>) {
  return (req: Request, _res: unknown, next: (err?: unknown) => void): void => {
    let base: string | Promise<string>;
    try {
      base = baseOf(req);
    } catch {
      return next();
    }
    // Known at once (the usual case): no promise on the request path.
    if (typeof base === 'string') {
      (req as BasedRequest)[REQUEST_BASE] = base;
      return next();
    }
    base.then(
      (found) => {
        (req as BasedRequest)[REQUEST_BASE] = found;
        next();
      },
      () => next(),
    );
  };
}

/** The public base URL links answering `req` start with: the one {@link publicBaseMiddleware} found, else the request's own. */
export function requestBase(req: Request, contextPath: string, trustProxy: boolean): string {
  return (req as BasedRequest)[REQUEST_BASE] ?? publicBaseUrl(req, contextPath, trustProxy);
}

function localHost(req: Request): string {
  const address = req.socket?.localAddress;
  const port = req.socket?.localPort;
  if (!address || !port) return 'localhost';
  const bare = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  return `${bare.includes(':') ? `[${bare}]` : bare}:${port}`;
}

const UNESCAPED = new RegExp(`^[${UNESCAPED_URI_CHARACTERS}]*$`);

/** Builds absolute REST URLs for links and `Location` headers of one request. */
export class LinkBuilder {
  constructor(
    /** Absolute URL of `/rest`. */
    readonly restBase: string,
    /** Suffix appended to hrefs: the response format. */
    readonly format: 'xml' | 'json',
  ) {}

  /** Absolute URL of a path below `/rest`, without suffix (for `Location`). */
  url(...segments: string[]): string {
    let url = this.restBase;
    // Names that need no escape (most) are written as they are: lists make one URL per entry.
    for (const segment of segments) url += `/${UNESCAPED.test(segment) ? segment : encodeURIComponent(segment)}`;
    return url;
  }

  /** Absolute URL with the response format's suffix (for atom links). */
  href(...segments: string[]): string {
    return `${this.url(...segments)}.${this.format}`;
  }

  /** Media type of links to single objects in this format. */
  get objectType(): string {
    return MEDIA_TYPES[this.format];
  }

  /** Media type of links inside lists (GeoServer says Atom in XML lists). */
  get listType(): string {
    return this.format === 'xml' ? 'application/atom+xml' : 'application/json';
  }
}
