/**
 * Issue 21, rows 5 and 9 (contract §6): the built `geocatalog` CLI against a hostile server written
 * here (node:http). `export DIR` writes only the entries an export holds (`workspaces/`, `styles/`,
 * `layergroups/`, `global.xml`, `wms.xml`, `security/layers.properties`, `services.properties`),
 * within the server's zip limits, never through a symbolic link; a hostile zip leaves every file as
 * it was, inside `DIR` and around it. `plan`/`apply` never follow or zip a link and say which they
 * left out. No input, and no answer of the server, makes the CLI print a credential.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { type CliRun, expectExit, requireBuiltCli, runGeocatalog } from '../support/cli';

type Handler = (req: IncomingMessage, body: Buffer, res: ServerResponse) => void;

const PASSWORD = `pw-${Math.random().toString(36).slice(2)}`;
const TOKEN = Buffer.from(`admin:${PASSWORD}`).toString('base64');
let server: Server;
let baseUrl: string;
let answer: Handler;
let uploads: Buffer[];
/** Holds `catalog/` (the folder the CLI writes), `outside/` (what links point to) and nothing else. */
let root: string;
let dir: string;
let outside: string;

beforeAll(async () => {
  requireBuiltCli();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'POST') uploads.push(body);
      answer(req, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/geoserver`;
});
afterAll(() => new Promise((r) => server.close(r)));

beforeEach(() => {
  uploads = [];
  root = mkdtempSync(join(tmpdir(), 'gc-e2e-cli-trust-'));
  dir = join(root, 'catalog');
  outside = join(root, 'outside');
  const write = (path: string, text: string) => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
  };
  write(join(dir, '.git/HEAD'), 'ref: refs/heads/main\n');
  write(join(dir, '.git/config'), '[core]\n\trepositoryformatversion = 0\n');
  write(join(dir, 'README.md'), '# catalog\n');
  write(join(dir, 'workspaces/topp/workspace.xml'), '<workspace><name>topp</name></workspace>');
  write(join(dir, 'styles/line.sld'), '<sld/>');
  write(join(outside, 'secret.txt'), 'TOP SECRET');
  write(join(outside, 'styles/evil.sld'), '<evil/>');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function geocatalog(args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  return runGeocatalog(args, { GEOCATALOG_URL: baseUrl, GEOCATALOG_USER: 'admin', GEOCATALOG_PASSWORD: PASSWORD, ...env }, root);
}

/** Every path under `root`, dot-files and links included: a file's text, a link's target. */
function tree(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (path: string, rel: string) => {
    for (const name of readdirSync(path).sort()) {
      const abs = join(path, name);
      const r = `${rel}${name}`;
      const stat = lstatSync(abs);
      if (stat.isSymbolicLink()) out[r] = `-> ${readlinkSync(abs)}`;
      else if (stat.isDirectory()) walk(abs, `${r}/`);
      else out[r] = readFileSync(abs, 'latin1');
    }
  };
  walk(root, '');
  return out;
}

const serveZip =
  (zip: Uint8Array): Handler =>
  (_req, _body, res) =>
    res.writeHead(200, { 'content-type': 'application/zip' }).end(zip);

/** A zip entry that is a symbolic link (Unix mode 0120777) to `target`. */
const linkEntry = (target: string): Zippable[string] => [strToU8(target), { os: 3, attrs: (0o120777 << 16) >>> 0 }];

const ok = { 'workspaces/ws/workspace.xml': strToU8('<workspace><name>ws</name></workspace>') };

describe('geocatalog export DIR against a hostile server', () => {
  const hostile: Array<[string, () => Zippable, RegExp]> = [
    [
      '.git/config with core.fsmonitor',
      () => ({ ...ok, '.git/config': strToU8('[core]\n\tfsmonitor = "touch pwned"\n') }),
      /"\.git\/config", which no export holds/,
    ],
    ['../x', () => ({ ...ok, '../x': strToU8('x') }), /"\.\.\/x", which no export holds/],
    ['workspaces/../../x', () => ({ ...ok, 'workspaces/../../x': strToU8('x') }), /which no export holds/],
    ['an absolute path', () => ({ ...ok, [join(root, 'abs.txt')]: strToU8('x') }), /which no export holds/],
    ['backslashes', () => ({ ...ok, 'workspaces\\..\\..\\x': strToU8('x') }), /which no export holds/],
    ['a dot-file inside workspaces/', () => ({ ...ok, 'workspaces/ws/.gitattributes': strToU8('* filter=x') }), /which no export holds/],
    ['README.md', () => ({ ...ok, 'README.md': strToU8('# owned') }), /"README\.md", which no export holds/],
    ['.github/workflows', () => ({ ...ok, '.github/workflows/ci.yml': strToU8('on: push') }), /which no export holds/],
    ['security/ beyond the data rules', () => ({ ...ok, 'security/usergroup/default/users.xml': strToU8('<users/>') }), /which no export holds/],
    [
      'a link entry with a file below it',
      () => ({ ...ok, 'workspaces/ws/link': linkEntry(outside), 'workspaces/ws/link/pwned.txt': strToU8('x') }),
      /both as a file and as a folder/,
    ],
    [
      'a file past the size limit',
      () => ({ ...ok, 'workspaces/ws/big.xml': [new Uint8Array(33 * 1024 * 1024), { level: 9 }] }),
      /past the zip limits: The zip entry workspaces\/ws\/big\.xml inflates to more than 33554432 bytes/,
    ],
    [
      'more entries than the limit',
      () => Object.fromEntries(Array.from({ length: 50_001 }, (_, i) => [`workspaces/w/f${i}.xml`, strToU8('')])),
      /past the zip limits: The zip holds more than 50000 entries/,
    ],
  ];

  it.each(hostile)(
    'refuses an export holding %s, and every file inside DIR and around it stays as it was',
    async (_what, entries, message) => {
      answer = serveZip(zipSync(entries()));
      const before = tree();
      const run = await geocatalog(['export', dir]);
      expectExit(run, 1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^geocatalog: the server's export /);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).toMatch(/nothing was written\n$/);
      expect(tree()).toEqual(before);
    },
    // Zipping 50,001 entries here and reading their directory in the CLI took 14 to 27 s on a loaded machine.
    90_000,
  );

  it.each([
    ['with a Content-Length', true],
    ['chunked', false],
  ])('refuses an export larger than the zip limit (%s) without reading it all', async (_what, withLength) => {
    const size = 80 * 1024 * 1024;
    let sent = 0;
    answer = (_req, _body, res) => {
      res.writeHead(200, withLength ? { 'content-type': 'application/zip', 'content-length': String(size) } : { 'content-type': 'application/zip' });
      const chunk = Buffer.alloc(1024 * 1024);
      chunk.write('PK\u0003\u0004', 'latin1');
      const pump = () => {
        while (sent < size) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => (sent = size));
      res.on('error', () => undefined);
      pump();
    };
    const before = tree();
    const run = await geocatalog(['export', dir]);
    expectExit(run, 1);
    expect(run.stderr).toBe(`geocatalog: the server's export is larger than ${64 * 1024 * 1024} bytes, past the zip limits; nothing was written\n`);
    expect(tree()).toEqual(before);
  });

  it.each([
    ['security', 'security/layers.properties'],
    ['workspaces', 'workspaces/ws/workspace.xml'],
    ['styles', 'workspaces/ws/workspace.xml'],
    ['layergroups', 'workspaces/ws/workspace.xml'],
  ])('writes nothing when DIR/%s is a symbolic link, and leaves the link and what it points to alone', async (link, entry) => {
    rmSync(join(dir, link), { recursive: true, force: true });
    symlinkSync(outside, join(dir, link));
    answer = serveZip(zipSync({ [entry]: strToU8('x') }));
    const before = tree();
    const run = await geocatalog(['export', dir]);
    expectExit(run, 1);
    expect(run.stderr).toBe(`geocatalog: ${join(dir, link)} is a symbolic link: geocatalog export writes nothing through a link; nothing was written\n`);
    expect(tree()).toEqual(before);
  });

  it('writes exactly the entries an export holds, a link entry as a plain file, and nothing else', async () => {
    mkdirSync(join(dir, 'layergroups'));
    writeFileSync(join(dir, 'layergroups/deleted.xml'), '<layerGroup/>');
    answer = serveZip(
      zipSync({
        ...ok,
        'workspaces/ws/styles/': {},
        'workspaces/ws/link.xml': linkEntry(join(outside, 'secret.txt')),
        'styles/point.sld': strToU8('<sld/>'),
        'layergroups/g.xml': strToU8('<layerGroup/>'),
        'global.xml': strToU8('<global/>'),
        'wms.xml': strToU8('<wms/>'),
        'security/layers.properties': strToU8('*.*.r=*'),
        'security/services.properties': strToU8('wms.GetMap=*'),
      }),
    );
    const before = tree();
    const run = await geocatalog(['export', dir]);
    expectExit(run, 0);
    expect(run).toEqual({ code: 0, stdout: `wrote 8 files under ${dir} (workspaces/, styles/, layergroups/ replaced)\n`, stderr: '' });
    const after = tree();
    const changed = Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
    expect(changed.sort()).toEqual(
      [
        'catalog/global.xml',
        'catalog/layergroups/deleted.xml',
        'catalog/layergroups/g.xml',
        'catalog/security/layers.properties',
        'catalog/security/services.properties',
        'catalog/styles/line.sld',
        'catalog/styles/point.sld',
        'catalog/wms.xml',
        'catalog/workspaces/topp/workspace.xml',
        'catalog/workspaces/ws/link.xml',
        'catalog/workspaces/ws/workspace.xml',
      ].sort(),
    );
    expect(after['catalog/workspaces/ws/link.xml']).toBe(join(outside, 'secret.txt'));
    expect(lstatSync(join(dir, 'workspaces/ws/link.xml')).isFile()).toBe(true);
    expect(after['catalog/.git/config']).toBe(before['catalog/.git/config']);
  });
});

describe('geocatalog plan/apply DIR with symbolic links in it', () => {
  it.each(['plan', 'apply'])('%s zips no link and nothing behind one, and says which it left out', async (command) => {
    symlinkSync(join(outside, 'secret.txt'), join(dir, 'workspaces/topp/namespace.xml'));
    symlinkSync(outside, join(dir, 'workspaces/elsewhere'));
    rmSync(join(dir, 'styles'), { recursive: true });
    symlinkSync(join(outside, 'styles'), join(dir, 'styles'));
    answer = (_req, _body, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ plan: [], applied: command === 'apply' }));
    const run = await geocatalog([command, dir]);
    expectExit(run, 0);
    expect(run.stderr).toBe('geocatalog: left out 3 symbolic links (never followed or sent): workspaces/elsewhere, workspaces/topp/namespace.xml, styles\n');
    expect(uploads).toHaveLength(1);
    expect(Object.keys(unzipSync(uploads[0]))).toEqual(['workspaces/topp/workspace.xml']);
    expect(uploads[0].includes('TOP SECRET')).toBe(false);
    expect(uploads[0].includes('<evil/>')).toBe(false);
  });
});

describe('geocatalog never prints a credential', () => {
  const other = `pw-env-${Math.random().toString(36).slice(2)}`;
  const urls = [
    'http://admin:secret@host:80a/geoserver',
    'http://admin:%73%65%63%72%65%74@host:80a/geoserver',
    'http://admin:sec@ret@host:80a/',
    'http://admin:se cret@host:80a/',
    'http://admin:secret@[::1:80a/',
    '//admin:secret@host:80a',
    'http://admin:secret@127.0.0.1:1/geoserver',
    'http://127.0.0.1:1/geoserver?password=secret',
    'http://127.0.0.1:1/geoserver#secret',
    'ftp://admin:secret@host/',
  ];

  it.each(urls)('given the URL %j (in GEOCATALOG_URL or --url), on stdout and stderr', async (url) => {
    for (const run of [
      await geocatalog(['export', dir], { GEOCATALOG_URL: url, GEOCATALOG_PASSWORD: other }),
      await geocatalog(['plan', dir, '--url', url], { GEOCATALOG_PASSWORD: other }),
      await geocatalog(['plan', dir, '--url', url], { GEOCATALOG_PASSWORD: undefined }),
    ]) {
      expectExit(run, 1);
      expect(run.stderr).toMatch(/^geocatalog: /);
      for (const secret of ['secret', 'se cret', 'ret@host', '%73%65', other]) expect(run.stdout + run.stderr).not.toContain(secret);
    }
  });

  it('when the server cannot be reached at a URL holding the password', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const run = await geocatalog(['plan', dir, '--url', `http://127.0.0.1:${port}/${PASSWORD}`]);
    expectExit(run, 1);
    expect(run.stderr).toBe(`geocatalog: cannot reach http://127.0.0.1:${port}/***/rest/catalog/import?dryRun=true: connect ECONNREFUSED 127.0.0.1:${port}\n`);
  });

  it('when the server echoes the request: its Authorization header, the password, a URL with userinfo', async () => {
    answer = (req, _body, res) =>
      res
        .writeHead(502, { 'content-type': 'text/plain' })
        .end(
          `upstream said no to ${req.headers.authorization} (user admin, password ${PASSWORD}, ${encodeURIComponent(PASSWORD)}) at http://admin:${PASSWORD}x@upstream/`,
        );
    for (const args of [
      ['plan', dir],
      ['apply', dir, '--json'],
      ['export', dir],
      ['export', join(root, 'x.zip')],
    ]) {
      const run = await geocatalog(args);
      expectExit(run, 1);
      expect(run.stderr).toBe('geocatalog: 502 upstream said no to Basic *** (user admin, password ***, ***) at http://***@upstream/\n');
      expect(run.stdout + run.stderr).not.toContain(TOKEN.replace(/=+$/, ''));
    }
  });
});
