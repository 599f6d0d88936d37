import cluster from 'node:cluster';
import type { NextFunction, Request, Response } from 'express';

/** The response header naming the worker that answered (docs/configuration.md, `WORKERS`). */
export const WORKER_HEADER = 'X-Geocatalog-Worker';

/**
 * With several workers, every response says which one answered: its cluster worker number (1, 2,
 * …; a restarted worker gets a new one), for reading logs and spreading load, not a process id.
 */
export function workerHeader(): (req: Request, res: Response, next: NextFunction) => void {
  const id = String(cluster.worker?.id ?? '');
  return (_req, res, next) => {
    res.setHeader(WORKER_HEADER, id);
    next();
  };
}
