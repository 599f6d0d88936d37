/**
 * The README's seed flow, run as written: the bash block of the section whose heading starts with
 * `## The seed flow`, against an api started as `npm start` starts it (embedded catalog and the
 * embedded PostGIS sample database), with only the base URL, the sample database port and the
 * admin password substituted. Every curl must exit 0 with a 2xx, and the layer must end up with the
 * default style the script sets.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { ApiServer, freePort, REPO_ROOT, startApi } from '../support/api-server';
import { boxDiff, NATIVE_TOL, normalizeFeatureTypeJson } from '../support/featuretype';
import { xmlEntries } from '../support/geoserver';
import { request, restClient } from '../support/http';
import { waitForSampleDb } from '../support/postgis';

const README = join(REPO_ROOT, 'README.md');
const HEADING = '## The seed flow';
const SCRIPT_TIMEOUT_MS = 60_000;

/** The first bash code block of the README section whose heading starts with `## The seed flow`. */
function seedFlowScript(): string {
  const readme = readFileSync(README, 'utf8');
  const lines = readme.split('\n');
  const start = lines.findIndex((l) => l.startsWith(HEADING));
  if (start < 0) {
    throw new Error(`README.md has no section whose heading starts with "${HEADING}": the README must show the seed flow as curl commands (contract §2).`);
  }
  // The next heading of the same or a higher level, outside code blocks (shell comments start with #).
  let inFence = false;
  const end = lines.findIndex((l, i) => {
    if (l.startsWith('```')) inFence = !inFence;
    return i > start && !inFence && /^#{1,2} /.test(l);
  });
  const section = lines.slice(start, end < 0 ? undefined : end).join('\n');
  const block = /```(?:bash|sh|shell)\n([\s\S]*?)\n```/.exec(section);
  if (!block) throw new Error(`README.md section "${lines[start]}" has no bash code block`);
  return block[1];
}

interface CurlCall {
  status: number;
  method: string;
  url: string;
  exit?: number;
}

interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
  calls: CurlCall[];
}

/**
 * Runs the script with bash in an empty directory; `curl` is wrapped by a function that reports
 * each call's status, method, URL and exit code on stderr (the script's own output is untouched).
 */
function runScript(script: string, cwd: string): Promise<ScriptRun> {
  const prelude = [
    'curl() {',
    `  command curl -w '%{stderr}__CURL__ %{http_code} %{method} %{url_effective}\\n' "$@"`,
    '  local rc=$?',
    `  printf '__CURL_EXIT__ %s\\n' "$rc" >&2`,
    '  return $rc',
    '}',
  ].join('\n');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `${prelude}\n${script}`], { cwd, env: { ...process.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), SCRIPT_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const calls: CurlCall[] = [];
      for (const line of stderr.split('\n')) {
        const call = /^__CURL__ (\d{3}) (\S+) (\S*)$/.exec(line);
        if (call) calls.push({ status: Number(call[1]), method: call[2], url: call[3] });
        const exit = /^__CURL_EXIT__ (\d+)$/.exec(line);
        if (exit) {
          const last = calls[calls.length - 1];
          if (last && last.exit === undefined) last.exit = Number(exit[1]);
          else calls.push({ status: 0, method: '?', url: '(curl reported no status: it did not connect or the script overrode -w)', exit: Number(exit[1]) });
        }
      }
      resolve({ code, stdout, stderr, calls });
    });
  });
}

describe('README: the seed flow section, run with curl', () => {
  let server: ApiServer | undefined;
  let samplePort = 0;
  let workDir = '';

  beforeAll(async () => {
    samplePort = await freePort();
    server = await startApi({ embedded: true, env: { SAMPLE_DB: 'on', SAMPLE_DB_PORT: String(samplePort) } });
    // The README's commands assume the sample database is up once the api is.
    await (await waitForSampleDb(samplePort)).end();
    workDir = mkdtempSync(join(tmpdir(), 'gc-e2e-readme-'));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  }, 30_000);

  it('every curl exits 0 with a 2xx, and the layer ends with the default style the script sets', async () => {
    const script = seedFlowScript();
    const origin = new URL(server!.baseUrl).origin;
    const port = new URL(server!.baseUrl).port;
    const substituted = script
      .replace(/http:\/\/localhost:8080/g, origin)
      .replace(/localhost:8080/g, `127.0.0.1:${port}`)
      .replace(/\b5433\b/g, String(samplePort))
      .replace(/\badmin:geoserver\b/g, `admin:${server!.admin.password}`)
      .replace(/\bADMIN_PASSWORD=geoserver\b/g, `ADMIN_PASSWORD=${server!.admin.password}`);
    expect(substituted).not.toMatch(/localhost:8080|admin:geoserver\b/);
    expect(script).toMatch(/\bcurl\b/);

    const run = await runScript(substituted, workDir);
    const report = `script exit ${run.code}\ncurl calls:\n${run.calls.map((c) => `  ${c.method} ${c.url} → ${c.status} (exit ${c.exit})`).join('\n')}\nstderr tail:\n${run.stderr.slice(-2_000)}\nstdout tail:\n${run.stdout.slice(-2_000)}`;

    const bad = run.calls.filter((c) => c.exit !== 0 || c.status < 200 || c.status > 299);
    expect({ failedCalls: bad.map((c) => `${c.method} ${c.url} → ${c.status} (exit ${c.exit})`), exit: run.code }).toEqual({ failedCalls: [], exit: 0 });
    // The six seed steps at least, all against this server.
    if (run.calls.length < 6) throw new Error(`expected at least 6 curl calls, got ${run.calls.length}\n${report}`);
    for (const c of run.calls) expect(c.url.startsWith(`${origin}/`)).toBe(true);
    const methods = run.calls.map((c) => c.method);
    expect(methods.filter((m) => m === 'POST').length).toBeGreaterThanOrEqual(4);
    expect(methods).toContain('PUT');

    // Step 6 (the layer PUT) and the style whose SLD the script uploaded (step 5), from the URLs
    // curl actually requested (the script may build them from variables).
    const path = (url: string) => decodeURIComponent(new URL(url).pathname);
    const layerPut = [...run.calls].reverse().find((c) => c.method === 'PUT' && /\/rest\/(?:workspaces\/[^/]+\/)?layers\/[^/]+$/.test(path(c.url)));
    if (!layerPut) throw new Error(`the seed flow has no PUT to /rest/layers/{ws}:{layer}\n${report}`);
    const lp = /\/rest\/(?:workspaces\/([^/]+)\/)?layers\/([^/]+?)(?:\.xml|\.json)?$/.exec(path(layerPut.url))!;
    const layer = lp[1] ? `${lp[1]}:${lp[2]}` : lp[2];
    const sldPut = [...run.calls].reverse().find((c) => c.method === 'PUT' && /\/styles\/[^/]+$/.test(path(c.url)));
    if (!sldPut) throw new Error(`the seed flow uploads no SLD with PUT …/styles/{style}\n${report}`);
    const sp = /\/rest\/(?:workspaces\/([^/]+)\/)?styles\/([^/]+?)(?:\.sld|\.xml)?$/.exec(path(sldPut.url))!;
    const expectedStyle = sp[1] ? `${sp[1]}:${sp[2]}` : sp[2];

    const api = restClient(server!);
    const got = await api.get(`/layers/${layer}.json`);
    expect(got).toHaveStatus(200);
    const record = got.json().layer;
    expect(record.defaultStyle.name).toBe(expectedStyle);
    // The final GETs of the script show it.
    const quoted = expectedStyle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(run.stdout).toMatch(new RegExp(`<name>${quoted}</name>|"name":\\s*"${quoted}"`));

    // The layer draws a table of the sample database: its store points at it, its boxes are the data's.
    const ft = await request(record.resource.href, { auth: server!.admin });
    expect(ft).toHaveStatus(200);
    const storeHref: string = ft.json().featureType.store.href;
    const store = await request(storeHref.replace(/\.json$/, '.xml'), { auth: server!.admin });
    const params = Object.fromEntries(xmlEntries(store.text));
    expect(params.port).toBe(String(samplePort));
    const n = normalizeFeatureTypeJson(ft.text);
    const client = new Client({ host: '127.0.0.1', port: samplePort, database: params.database ?? 'postgres', user: 'postgres', password: 'postgres' });
    await client.connect();
    try {
      const nativeName: string = ft.json().featureType.nativeName;
      const geomCol = await client.query<{ c: string }>('SELECT f_geometry_column AS c FROM geometry_columns WHERE f_table_schema = $1 AND f_table_name = $2', [
        params.schema ?? 'public',
        nativeName,
      ]);
      const col = geomCol.rows[0].c;
      const { rows } = await client.query(
        `SELECT ST_XMin(e) AS minx, ST_XMax(e) AS maxx, ST_YMin(e) AS miny, ST_YMax(e) AS maxy FROM (SELECT ST_Extent("${col}") AS e FROM "${params.schema ?? 'public'}"."${nativeName}") s`,
      );
      expect(boxDiff(n.native, rows[0], NATIVE_TOL.abs, NATIVE_TOL.rel)).toEqual([]);
    } finally {
      await client.end();
    }
  }, 90_000);
});
