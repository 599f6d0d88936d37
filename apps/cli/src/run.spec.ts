// runCli against a local HTTP server that records each request and answers as the catalog's
// import/export endpoints do (the real api is driven by e2e/cli/cli.e2e-spec.ts).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { runCli } from './run';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}
interface Reply {
  status: number;
  type: string;
  body: string | Uint8Array;
}

const PASSWORD = 'pw-not-to-be-printed';
let server: Server;
let baseUrl: string;
let seen: Seen[];
let reply: Reply;
let dir: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(reply.status, { 'content-type': reply.type }).end(reply.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/geoserver`;
});
afterAll(() => new Promise((r) => server.close(r)));

beforeEach(() => {
  seen = [];
  dir = mkdtempSync(join(tmpdir(), 'gc-cli-run-'));
  mkdirSync(join(dir, 'workspaces/topp'), { recursive: true });
  writeFileSync(join(dir, 'workspaces/topp/workspace.xml'), '<workspace/>');
  mkdirSync(join(dir, '.git'));
  writeFileSync(join(dir, '.git/HEAD'), 'ref');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[], env: Record<string, string> = { GEOCATALOG_PASSWORD: PASSWORD, GEOCATALOG_URL: baseUrl }) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { env, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  expect(stdout + stderr).not.toContain(PASSWORD);
  return { code, stdout, stderr };
}

const planJson = (applied: boolean, ...plan: object[]) => ({ status: 200, type: 'application/json', body: JSON.stringify({ plan, applied }) });

describe('runCli: usage', () => {
  it('prints help with exit 0, and refuses no command or an unknown option with exit 1', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: geocatalog');
    expect(help.stdout).toContain('GEOCATALOG_PASSWORD');
    expect((await cli([])).code).toBe(1);
    const unknown = await cli(['plan', dir, '--force']);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain("unknown option '--force'");
    expect(seen).toEqual([]);
  });

  it('needs GEOCATALOG_PASSWORD before it sends anything', async () => {
    expect(await cli(['plan', dir], { GEOCATALOG_URL: baseUrl })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'geocatalog: GEOCATALOG_PASSWORD is not set: set it to the password of GEOCATALOG_USER (default admin)\n',
    });
    expect(seen).toEqual([]);
  });

  it('refuses a URL carrying credentials without echoing it', async () => {
    const run = await cli(['plan', dir, '--url', `http://admin:${PASSWORD}@127.0.0.1/geoserver`]);
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'geocatalog: --url must not carry credentials: use GEOCATALOG_USER and GEOCATALOG_PASSWORD\n' });
  });

  it.each([
    ['http://admin:secret@host:80a/geoserver', 'http://***@host:80a/geoserver'],
    ['http://admin:se cret@host:80a/', 'http://***@host:80a/'],
    ['http://admin:p@ss:w/rd@host:80a/', 'http://***@host:80a/'],
    ['http://admin:%73ecret@[::1/', 'http://***@[::1/'],
    ['//admin:secret@host', '***@host'],
  ])('echoes a URL that does not parse (%j) without its userinfo', async (url, shown) => {
    const ways: Array<[string, string[], Record<string, string>]> = [
      ['GEOCATALOG_URL', ['plan', dir], { GEOCATALOG_PASSWORD: PASSWORD, GEOCATALOG_URL: url }],
      ['--url', ['plan', dir, '--url', url], { GEOCATALOG_PASSWORD: PASSWORD }],
    ];
    for (const [source, args, env] of ways) {
      const run = await cli(args, env);
      expect(run).toEqual({ code: 1, stdout: '', stderr: `geocatalog: ${source} is not a URL: ${JSON.stringify(shown)}\n` });
      expect(run.stderr).not.toMatch(/secret|se cret|p@ss|w\/rd|%73ecret/);
    }
  });

  it('never prints GEOCATALOG_PASSWORD, its Basic token or a URL userinfo the server echoes', async () => {
    const token = Buffer.from(`admin:${PASSWORD}`).toString('base64');
    reply = {
      status: 500,
      type: 'text/plain',
      body: `echo: Authorization: Basic ${token} password=${PASSWORD} (${encodeURIComponent(PASSWORD)}) from http://admin:other@proxy/`,
    };
    const run = await cli(['plan', dir]);
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'geocatalog: 500 echo: Authorization: Basic *** password=*** (***) from http://***@proxy/\n' });
    expect(run.stderr).not.toContain(token.replace(/=+$/, ''));
  });
});

describe('runCli: plan and apply', () => {
  it('plan posts the folder zipped (dot-files left out) as a dry run with Basic auth, prints the table and exits 0', async () => {
    reply = planJson(false, { action: 'unchanged', kind: 'workspace', resource: '/workspaces/topp' });
    const run = await cli(['plan', dir, '--detect-changes']);
    expect(run).toEqual({
      code: 0,
      stdout:
        'ACTION     KIND       RESOURCE          REASON\nunchanged  workspace  /workspaces/topp\n\n0 to create, 0 to update, 0 to delete, 1 unchanged, 0 skipped, 0 errors; not applied (dry run)\n',
      stderr: '',
    });
    const [req] = seen;
    expect([req.method, req.url, req.headers['content-type']]).toEqual(['POST', '/geoserver/rest/catalog/import?dryRun=true', 'application/zip']);
    expect(req.headers.authorization).toBe('Basic ' + Buffer.from(`admin:${PASSWORD}`).toString('base64'));
    expect(Object.keys(unzipSync(req.body))).toEqual(['workspaces/topp/workspace.xml']);
  });

  it('apply --prune --detect-changes applies, and exits 2 when the plan changed something; --json prints the answer', async () => {
    reply = planJson(true, { action: 'delete', kind: 'workspace', resource: '/workspaces/old' });
    const run = await cli(['apply', dir, '--prune', '--detect-changes', '--json', '--url', `${baseUrl}/`]);
    expect(run).toEqual({ code: 2, stdout: reply.body + '\n', stderr: '' });
    expect(seen[0].url).toBe('/geoserver/rest/catalog/import?prune=true');
  });

  it('sends a zip file as it is, and --secrets as the secrets part of a multipart body', async () => {
    const zip = zipSync({ 'workspaces/a/workspace.xml': strToU8('<workspace/>') });
    writeFileSync(join(dir, 'dd.zip'), zip);
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify({ 'a:pg': 's3cret' }));
    reply = planJson(false);
    const run = await cli(['plan', join(dir, 'dd.zip'), '--secrets', join(dir, 'secrets.json')]);
    expect(run.code).toBe(0);
    const { headers, body } = seen[0];
    const form = await new Response(body, { headers: { 'content-type': headers['content-type']! } }).formData();
    expect(new Uint8Array(await (form.get('datadir') as Blob).arrayBuffer())).toEqual(zip);
    expect(JSON.parse(await (form.get('secrets') as Blob).text())).toEqual({ 'a:pg': 's3cret' });
  });

  it('refuses a secrets file that is not an object of strings, without sending anything', async () => {
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify({ 'a:pg': 42 }));
    const run = await cli(['plan', dir, '--secrets', join(dir, 'secrets.json')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^geocatalog: --secrets .*: expected a JSON object of "workspace:store": "password" strings\n$/);
    expect(seen).toEqual([]);
  });

  it('prints a plan with errors (the server says 400) and exits 1, even with --detect-changes', async () => {
    reply = {
      ...planJson(false, { action: 'error', kind: 'featureType', resource: '/workspaces/a/datastores/pg/featuretypes/x', reason: 'no table x' }),
      status: 400,
    };
    const run = await cli(['apply', dir, '--detect-changes']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('error   featureType  /workspaces/a/datastores/pg/featuretypes/x  no table x\n');
    expect(run.stdout).toContain('1 error; not applied\n');
  });

  it("prints the server's text/plain error as `geocatalog: <status> <text>` and exits 1", async () => {
    reply = { status: 401, type: 'text/plain', body: 'Bad credentials' };
    expect(await cli(['apply', dir])).toEqual({ code: 1, stdout: '', stderr: 'geocatalog: 401 Bad credentials\n' });
    reply = { status: 400, type: 'text/plain', body: 'The zip holds no workspaces/ folder' };
    expect(await cli(['plan', dir])).toEqual({ code: 1, stdout: '', stderr: 'geocatalog: 400 The zip holds no workspaces/ folder\n' });
  });

  it('says which URL it cannot reach, and a missing folder', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const run = await cli(['plan', dir, '--url', `http://127.0.0.1:${port}/geoserver`]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `geocatalog: cannot reach http://127.0.0.1:${port}/geoserver/rest/catalog/import?dryRun=true: connect ECONNREFUSED 127.0.0.1:${port}\n`,
    );
    expect(await cli(['plan', join(dir, 'missing')])).toEqual({ code: 1, stdout: '', stderr: `geocatalog: no such folder or file: ${join(dir, 'missing')}\n` });
  });
});

describe('runCli: export', () => {
  const exportZip = zipSync({ 'workspaces/b/workspace.xml': strToU8('<workspace><name>b</name></workspace>') });

  it('unpacks the export into a folder, replacing its workspaces/ and keeping .git', async () => {
    reply = { status: 200, type: 'application/zip', body: exportZip };
    const run = await cli(['export', dir, '--workspace', 'b']);
    expect(run).toEqual({ code: 0, stdout: `wrote 1 file under ${dir} (workspaces/, styles/, layergroups/ replaced)\n`, stderr: '' });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/geoserver/rest/catalog/export?workspace=b' });
    expect(readFileSync(join(dir, 'workspaces/b/workspace.xml'), 'utf8')).toContain('<name>b</name>');
    expect(() => readFileSync(join(dir, 'workspaces/topp/workspace.xml'))).toThrow(/ENOENT/);
    expect(readFileSync(join(dir, '.git/HEAD'), 'utf8')).toBe('ref');
  });

  it('writes no .zip target through a symbolic link', async () => {
    reply = { status: 200, type: 'application/zip', body: exportZip };
    writeFileSync(join(dir, 'precious.txt'), 'keep');
    symlinkSync(join(dir, 'precious.txt'), join(dir, 'catalog.zip'));
    const run = await cli(['export', join(dir, 'catalog.zip')]);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `geocatalog: ${join(dir, 'catalog.zip')} is a symbolic link: geocatalog reads and writes no file through a link\n`,
    });
    expect(readFileSync(join(dir, 'precious.txt'), 'utf8')).toBe('keep');
  });

  it('writes a .zip target as it came, and reports a 404 without writing', async () => {
    reply = { status: 200, type: 'application/zip', body: exportZip };
    const target = join(dir, 'catalog.zip');
    expect((await cli(['export', target])).code).toBe(0);
    expect(strFromU8(unzipSync(readFileSync(target))['workspaces/b/workspace.xml'])).toContain('<name>b</name>');
    reply = { status: 404, type: 'text/plain', body: 'No such workspace: nope' };
    expect(await cli(['export', join(dir, 'other.zip'), '--workspace', 'nope'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'geocatalog: 404 No such workspace: nope\n',
    });
    expect(() => readFileSync(join(dir, 'other.zip'))).toThrow(/ENOENT/);
  });
});
