import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** Headers every response shares, whoever answers it. */
const common = {
  // The operator's proxy decides about HTTPS; a map server is often reached over plain HTTP.
  strictTransportSecurity: false,
  // Catalog documents and SLD files are fetched by map clients on other origins.
  crossOriginResourcePolicy: false,
  referrerPolicy: { policy: 'no-referrer' as const },
  xFrameOptions: { action: 'deny' as const },
};

/**
 * The console: its own scripts and styles only, no inline script, never framed. Images may be
 * data/blob URLs (OpenLayers draws on canvases and exports them).
 */
const consolePolicy = helmet({
  ...common,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
});

/**
 * Everything else is data (XML, JSON, SLD, GeoJSON): a browser that opens it renders nothing
 * active, even if a stored value looks like markup.
 */
const dataPolicy = helmet({
  ...common,
  // Headers about how a browser treats a page (window isolation, DNS prefetch, IE downloads, Flash
  // policies, the old XSS filter) say nothing a sandboxed data response needs, and cost a setHeader
  // on the hottest reads.
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], sandbox: [] },
  },
});

/**
 * The headers a helmet policy sets, taken once: our policies do not depend on the request, and
 * running helmet's dozen middlewares on every response cost about a tenth of the throughput of
 * the hottest read (GET of a data store: 2,379 vs 2,692 requests/s, alternated in one run).
 */
function headersOf(policy: RequestHandler): ReadonlyArray<readonly [string, string]> {
  const headers: Array<[string, string]> = [];
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
    getHeader: () => undefined,
  } as unknown as Response;
  policy({ headers: {} } as Request, res, () => undefined);
  return headers;
}

/** nosniff and the rest on every response; the console's policy under `{context}/web`. */
export function securityHeaders(contextPath: string): RequestHandler {
  const consoleBase = `${contextPath}/web`;
  const forConsole = headersOf(consolePolicy);
  const forData = headersOf(dataPolicy);
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    const isConsole = path === consoleBase || path.startsWith(`${consoleBase}/`);
    for (const [name, value] of isConsole ? forConsole : forData) res.setHeader(name, value);
    next();
  };
}
