import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SecurityFiles } from './security-files';
import { crypt1Decrypter, crypt1DecrypterFor, Crypt1Password } from './geoserver-security';

/** How long opening a key store may take before the directory is taken to have none. */
const OPEN_TIMEOUT_MS = 20_000;

/**
 * {@link crypt1Decrypter}, with the key store opened in a worker thread: its 200,000 MD5 rounds
 * take most of a second of CPU, which would stall every other request of this process. Only the
 * `security/` files go to the worker. Run from TypeScript sources (unit tests), where there is no
 * built worker, it opens the store in-process.
 */
export function openCrypt1(files: SecurityFiles): Promise<{ decrypt(value: string): string } | { unavailable: string }> {
  const script = join(__dirname, 'keystore-worker.js');
  if (!existsSync(script)) return Promise.resolve(crypt1Decrypter(files));
  const security = [...files].filter(([path]) => path.startsWith('security/'));
  return new Promise((resolve) => {
    const worker = new Worker(script, { workerData: security, resourceLimits: { maxOldGenerationSizeMb: 128 } });
    const done = (opened: Crypt1Password) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve('unavailable' in opened ? opened : crypt1DecrypterFor(opened.password));
    };
    const timer = setTimeout(() => done({ unavailable: `security/geoserver.jceks took longer than ${OPEN_TIMEOUT_MS / 1000} s to open` }), OPEN_TIMEOUT_MS);
    worker.once('message', done);
    worker.once('error', (err) => done({ unavailable: `security/geoserver.jceks cannot be read: ${err.message}` }));
  });
}
