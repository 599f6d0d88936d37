import cluster from 'node:cluster';
import { AppConfig, ConfigError, loadConfig } from './config/config';
import { primaryLink } from './cluster/primary-link';

/**
 * The entry point: with `WORKERS` above 1 this process becomes the primary (cluster/primary.ts),
 * which forks the workers and supervises them; a worker, or the only process, serves the api
 * (serve.ts, loaded only there: the primary never opens the catalog).
 */
function main(): void {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  const failed = (err: unknown) => {
    console.error('geocatalog failed to start:', err);
    process.exit(1);
  };
  if (config.workers > 1 && cluster.isPrimary) {
    import('./cluster/primary').then(({ runPrimary }) => runPrimary(config), failed);
    return;
  }
  // A worker answers its primary from its first moment (requests to drop caches it does not have yet).
  primaryLink();
  import('./serve').then(({ serve }) => serve(config)).catch(failed);
}

main();
