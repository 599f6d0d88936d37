import { UNESCAPED_URI_CHARACTERS } from '../rest/uri-component';
import { MEDIA, MediaKey } from './features-params';

/** The root of this API below the context path. */
export const FEATURES_PATH = '/ogc/features/v1';

/** A link as OGC API - Features writes it: every link carries `rel` and `type`. */
export interface Link {
  href: string;
  rel: string;
  type: string;
  title?: string;
}

/**
 * Absolute URLs of the API's resources for one request, built on the public base URL (proxy headers
 * honoured, like the REST links) so that links work through a reverse proxy.
 */
export class FeaturesLinks {
  constructor(
    /** Absolute URL of the API's landing page, e.g. `http://host:8080/geoserver/ogc/features/v1`. */
    readonly root: string,
  ) {}

  landing(): string {
    return this.root;
  }

  conformance(): string {
    return `${this.root}/conformance`;
  }

  api(query?: Iterable<[string, string]>): string {
    return withQuery(`${this.root}/api`, query);
  }

  collections(): string {
    return `${this.root}/collections`;
  }

  collection(id: string): string {
    return `${this.root}/collections/${segment(id)}`;
  }

  items(id: string, query?: Iterable<[string, string]>): string {
    return withQuery(`${this.collection(id)}/items`, query);
  }

  queryables(id: string, query?: Iterable<[string, string]>): string {
    return withQuery(`${this.collection(id)}/queryables`, query);
  }

  item(id: string, featureId: string, query?: Iterable<[string, string]>): string {
    return withQuery(`${this.collection(id)}/items/${segment(featureId)}`, query);
  }
}

/** A link of the given media type. */
export function link(href: string, rel: string, media: MediaKey, title?: string): Link {
  return title === undefined ? { href, rel, type: MEDIA[media] } : { href, rel, type: MEDIA[media], title };
}

/**
 * The same query with `f` set to `format` (or removed for the resource's default when `format` is
 * undefined), other parameters kept in their order.
 */
export function withFormat(params: Map<string, string>, format: string | undefined): Array<[string, string]> {
  const out = [...params].filter(([k]) => k !== 'f');
  return format === undefined ? out : [...out, ['f', format]];
}

/** Characters a path segment keeps as they are (what encodeURIComponent leaves, and `:`). */
const PLAIN_SEGMENT = new RegExp(`^[${UNESCAPED_URI_CHARACTERS}:]*$`);
/** Characters a query keeps as they are (what URLSearchParams leaves, and `,` and `:`). */
const PLAIN_QUERY = /^[A-Za-z0-9\-_.*,:]*$/;

/** A path segment: percent-encoded, but `:` (as in `ws:layer`) kept readable. */
export function segment(value: string): string {
  // A name that needs no escape (the usual one) is its own segment: one scan, no copies.
  if (PLAIN_SEGMENT.test(value)) return value;
  return encodeURIComponent(value).replace(/%3A/gi, ':');
}

/** `url` with the query, percent-encoded as a form; commas (bbox, properties) and colons kept readable. */
export function withQuery(url: string, query?: Iterable<[string, string]>): string {
  if (!query) return url;
  const pairs = [...query];
  const search = pairs.every(([k, v]) => PLAIN_QUERY.test(k) && PLAIN_QUERY.test(v))
    ? pairs.map(([k, v]) => `${k}=${v}`).join('&')
    : new URLSearchParams(pairs).toString().replace(/%2C/gi, ',').replace(/%3A/gi, ':');
  return search ? `${url}?${search}` : url;
}
