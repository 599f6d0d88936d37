/** Where the console and the REST API are mounted, both below the service's CONTEXT_PATH. */
export interface ServiceLocation {
  /** Path the console is served at, without a trailing slash (`/geoserver/web`): the router's basename. */
  appBase: string;
  /** Path of the REST API, without a trailing slash (`/geoserver/rest`). */
  restBase: string;
}

/** The CONTEXT_PATH the service uses unless configured otherwise. */
const DEFAULT_CONTEXT_PATH = '/geoserver';

/**
 * Derives the console's and the REST API's paths from the page's path, so that the same build
 * works under any CONTEXT_PATH: `/maps/web/workspaces` → `/maps/web` and `/maps/rest`.
 * The context path is everything before the first `web` segment (a context path that itself
 * contains a `web` segment is not supported); a page outside any `web` segment falls back to
 * the default context path.
 */
export function serviceLocationFor(pathname: string): ServiceLocation {
  const match = /^(.*?)\/web(?:\/|$)/.exec(pathname);
  const contextPath = match ? match[1] : DEFAULT_CONTEXT_PATH;
  return { appBase: `${contextPath}/web`, restBase: `${contextPath}/rest` };
}
