// Runs geoserver-node-client (from the npm registry, unmodified) in its own Node process, where
// its ESM build and node-fetch load as they do for its users, and answers calls read as JSON
// lines on stdin: {"id", "target": "workspaces", "method": "create", "args": [...]} →
// {"id", "ok": true, "result"?} (no "result" when the method returned undefined) or
// {"id", "ok": false, "error": {"name", "message", "geoServerOutput"}}.
import { createInterface } from 'node:readline';
import { GeoServerRestClient } from 'geoserver-node-client';

const [url, user, password] = process.argv.slice(2);
const client = new GeoServerRestClient(url, user, password);

const reply = (message) => process.stdout.write(JSON.stringify(message) + '\n');

createInterface({ input: process.stdin }).on('line', async (line) => {
  const { id, target, method, args } = JSON.parse(line);
  try {
    const subject = client[target];
    if (!subject || typeof subject[method] !== 'function') throw new Error(`geoserver-node-client has no ${target}.${method}()`);
    const result = await subject[method](...args);
    reply(result === undefined ? { id, ok: true } : { id, ok: true, result });
  } catch (e) {
    reply({ id, ok: false, error: { name: e?.name, message: e?.message, geoServerOutput: e?.geoServerOutput } });
  }
});
