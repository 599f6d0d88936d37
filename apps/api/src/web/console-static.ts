import express, { type Express } from 'express';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The base the console is built for (`vite.config.ts`); rewritten for other context paths. */
const BUILT_BASE = '/geoserver/web/';

/**
 * Serves the built console at `{context}/web/`, with index.html for every deep link (the
 * console routes on the client). Hashed assets are cached for a year, index.html never.
 * Returns false when the console has not been built.
 */
export function mountConsole(app: Express, contextPath: string, webRoot: string): boolean {
  const indexFile = path.join(webRoot, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  const base = `${contextPath}/web`;
  const index = fs.readFileSync(indexFile, 'utf8').split(BUILT_BASE).join(`${base}/`);
  const sendIndex = (_req: express.Request, res: express.Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(index);
  };
  // Express matches `/web` and `/web/` alike, so only a path without the slash is redirected.
  app.get(base, (req, res) => {
    if (req.path.endsWith('/')) return sendIndex(req, res);
    res.redirect(`${base}/`);
  });
  if (contextPath) app.get(contextPath, (req, res) => res.redirect(`${base}/`));
  app.use(
    base,
    express.static(webRoot, {
      index: false,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.get(`${base}/*splat`, sendIndex);
  return true;
}
