/**
 * The key/value parameters of a WMS request. Names are case-insensitive (`LAYERS`, `layers`,
 * `Layers`), as WMS 1.1.1 §6.4.1 and 1.3.0 §6.8.1 require; values keep their case. A parameter
 * given twice keeps its first value, as GeoServer's KVP reader does. Unknown names are kept and
 * ignored by whoever does not read them (vendor parameters).
 */
export class WmsParams {
  private readonly values = new Map<string, string>();

  constructor(entries: Iterable<[string, string]>) {
    for (const [name, value] of entries) {
      const key = name.toLowerCase();
      if (!this.values.has(key)) this.values.set(key, value);
    }
  }

  /** The parameters of a URL's query string (`?a=b&c=d`, with or without the `?`). */
  static fromQuery(query: string): WmsParams {
    return new WmsParams(new URLSearchParams(query.startsWith('?') ? query.slice(1) : query));
  }

  /** The parameters of a request URL (path and query). */
  static fromUrl(url: string): WmsParams {
    const q = url.indexOf('?');
    return WmsParams.fromQuery(q < 0 ? '' : url.slice(q + 1));
  }

  /** The value, trimmed, or undefined when absent. An empty value is returned as `''`. */
  get(name: string): string | undefined {
    return this.values.get(name.toLowerCase())?.trim();
  }

  /** The value, or undefined when absent or empty. */
  nonEmpty(name: string): string | undefined {
    const v = this.get(name);
    return v === undefined || v === '' ? undefined : v;
  }

  /** Every parameter, names lower case. */
  entries(): Array<[string, string]> {
    return [...this.values];
  }

  has(name: string): boolean {
    return this.values.has(name.toLowerCase());
  }
}

/** A comma-separated list (`LAYERS=a,b`), items trimmed; `''` is one empty item, as in STYLES. */
export function listOf(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value.split(',').map((s) => s.trim());
}
