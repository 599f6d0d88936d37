import { parentPort, workerData } from 'node:worker_threads';
import { crypt1Password } from './geoserver-security';

// The body of the worker thread `openCrypt1` starts: opens the key store off the event loop.
parentPort?.postMessage(crypt1Password(new Map(workerData as Array<[string, Uint8Array]>)));
