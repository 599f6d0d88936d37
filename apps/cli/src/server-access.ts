import { CliFailure } from './cli-failure';
import { urlWithoutUserinfo } from './redact';

/** Where the catalog is and who the CLI is there. */
export interface ServerAccess {
  /** `{base}` without a trailing slash, e.g. `http://localhost:8080/geoserver`. */
  baseUrl: string;
  user: string;
  password: string;
}

export const DEFAULT_URL = 'http://localhost:8080/geoserver';
export const DEFAULT_USER = 'admin';

/**
 * The server and credentials from `GEOCATALOG_URL` (or `--url`), `GEOCATALOG_USER` and
 * `GEOCATALOG_PASSWORD` (required). A URL carrying credentials is refused without echoing it; one
 * that does not parse is echoed without what could be its userinfo.
 */
export function serverAccess(env: Readonly<Record<string, string | undefined>>, urlOption?: string): ServerAccess {
  const password = env.GEOCATALOG_PASSWORD;
  if (!password) {
    throw new CliFailure('GEOCATALOG_PASSWORD is not set: set it to the password of GEOCATALOG_USER (default admin)');
  }
  const raw = urlOption ?? (env.GEOCATALOG_URL || DEFAULT_URL);
  const source = urlOption === undefined ? 'GEOCATALOG_URL' : '--url';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CliFailure(`${source} is not a URL: ${JSON.stringify(urlWithoutUserinfo(raw))}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliFailure(`${source} must be an http:// or https:// URL`);
  if (url.username || url.password) throw new CliFailure(`${source} must not carry credentials: use GEOCATALOG_USER and GEOCATALOG_PASSWORD`);
  if (url.search || url.hash) throw new CliFailure(`${source} must be the catalog's base URL, without a query or fragment`);
  return { baseUrl: url.href.replace(/\/+$/, ''), user: env.GEOCATALOG_USER || DEFAULT_USER, password };
}
