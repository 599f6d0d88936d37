// What the baseline servers of request-path.bench.mjs share: the catalog query they run, and how
// they run: as one process, or as `processes` processes on one port (node:cluster, like the
// api's WORKERS). The parent that forked it hears 'listening'
// once every process listens; SIGTERM or SIGINT ends them with an exit (not a kill), so that
// --cpu-prof can write its profile.
import cluster from 'node:cluster';

/** The query the api runs for GET of a data store (workspace name $1, store name $2). */
export const STORE_SQL = `SELECT s.id, s.name, s.description, s.type, s.enabled, s.connection_parameters, s.version, w.name AS workspace, w.version AS workspace_version
  FROM data_store s JOIN workspace w ON w.id = s.workspace_id WHERE w.name = $1 AND s.name = $2`;

/** Runs `serve` (which resolves once its server listens) in this process or in `processes` workers. */
export async function runBaseline(processes, serve) {
  const count = Number(processes);
  if (cluster.isPrimary && count > 1) {
    let listening = 0;
    for (let i = 0; i < count; i++) {
      cluster.fork().on('listening', () => {
        if (++listening === count) process.send?.('listening');
      });
    }
    process.on('SIGTERM', () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
      process.exit(0);
    });
    return;
  }
  for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => process.exit(0));
  await serve();
  process.send?.('listening');
}
