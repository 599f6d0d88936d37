import cluster from 'node:cluster';

/**
 * Whether this process is the only api process or the worker in the primary's first slot (the
 * primary numbers its slots in `GEOCATALOG_WORKER_SLOT`; a restarted worker keeps its slot's
 * number): what must run once per machine runs there.
 */
export function isFirstWorker(): boolean {
  return !cluster.isWorker || process.env.GEOCATALOG_WORKER_SLOT === '0';
}
