import express, { type Express } from 'express';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Serves the built console at `{context}/web/`, with index.html for every deep link (the
 * console routes on the client). Hashed assets are cached for a year, index.html never.
 */
export function mountConsole(app: Express, contextPath: string, webRoot: string): boolean {
  const index = path.join(webRoot, 'index.html');
  if (!fs.existsSync(index)) return false;
  const base = `${contextPath}/web`;
  app.get(contextPath || '/', (_req, res) => res.redirect(`${base}/`));
  app.get(base, (_req, res) => res.redirect(`${base}/`));
  app.use(
    base,
    express.static(webRoot, {
      index: false,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.get(`${base}{/*splat}`, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return true;
}
