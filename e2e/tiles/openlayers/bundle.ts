/**
 * The OpenLayers page scripts of the tiles specs (`client.js`, `cross-origin.js` beside this file),
 * bundled by rolldown, the console's bundler. Rolldown is ESM, so it runs in a child Node process.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The script `name` of this folder as one IIFE, ready to serve to a page. */
export async function bundlePageScript(name: string): Promise<string> {
  const entry = join(__dirname, name);
  const script = `const { build } = await import('rolldown');
const out = await build({ input: ${JSON.stringify(entry)}, write: false, output: { format: 'iife' }, logLevel: 'silent' });
process.stdout.write(out.output[0].code);`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: __dirname, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}
