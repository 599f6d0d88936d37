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
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], sandbox: [] },
  },
});

/** nosniff and the rest on every response; the console's policy under `{context}/web`. */
export function securityHeaders(contextPath: string): RequestHandler {
  const consoleBase = `${contextPath}/web`;
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    const isConsole = path === consoleBase || path.startsWith(`${consoleBase}/`);
    (isConsole ? consolePolicy : dataPolicy)(req, res, next);
  };
}
