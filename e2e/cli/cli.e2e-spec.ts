/**
 * The `geocatalog` CLI (apps/cli), run as a child process (`node <built main.js>`) against a
 * real api: export into a folder, plan it back, drift detection (`--detect-changes` exit codes),
 * apply, prune, and the server's own message on a bad password. Needs `npm run build` first.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDataStore, createWorkspace, useApiServer } from '../support/catalog';
import { type CliRun, expectExit, requireBuiltCli, runGeocatalog } from '../support/cli';
import { uniqueName } from '../support/geoserver';
import { request } from '../support/http';

const ctx = useApiServer();
let dir: string;

beforeAll(requireBuiltCli);
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gc-e2e-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI with the server's URL and admin credentials (or `env` over them). */
function geocatalog(args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  const { server } = ctx;
  return runGeocatalog(args, { GEOCATALOG_URL: server.baseUrl, GEOCATALOG_USER: server.admin.user, GEOCATALOG_PASSWORD: server.admin.password, ...env });
}

/** The table row of `resource` (`ACTION  KIND  RESOURCE …`), split on runs of spaces. */
function row(stdout: string, resource: string): string[] | undefined {
  return stdout
    .split('\n')
    .map((line) => line.split(/ {2,}/))
    .find((cells) => cells[2] === resource);
}

const SUMMARY =
  /^(\d+) to create, (\d+) to update, (\d+) to delete, (\d+) unchanged, (\d+) skipped, (\d+) errors?; (applied|not applied \(dry run\)|not applied)$/m;

describe('geocatalog CLI', () => {
  it('exports the catalog into a folder (keeping .git and README) and plans it back as all unchanged: exit 0 with --detect-changes', async () => {
    const ws = uniqueName('cli');
    await createWorkspace(ctx.api, ws);
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(join(dir, 'README.md'), '# catalog\n');
    mkdirSync(join(dir, 'workspaces', 'stale'), { recursive: true });
    writeFileSync(join(dir, 'workspaces', 'stale', 'workspace.xml'), '<workspace><name>stale</name></workspace>');

    const exported = await geocatalog(['export', dir]);
    expectExit(exported, 0);
    expect(exported.stdout).toMatch(new RegExp(`^wrote \\d+ files under ${dir} \\(workspaces/, styles/, layergroups/ replaced\\)\\n$`));
    expect(readFileSync(join(dir, 'workspaces', ws, 'workspace.xml'), 'utf8')).toContain(`<name>${ws}</name>`);
    expect(existsSync(join(dir, 'workspaces', ws, 'namespace.xml'))).toBe(true);
    expect(existsSync(join(dir, 'workspaces', 'stale'))).toBe(false);
    expect(readFileSync(join(dir, '.git', 'HEAD'), 'utf8')).toBe('ref: refs/heads/main\n');
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('# catalog\n');

    const plan = await geocatalog(['plan', dir, '--detect-changes']);
    expectExit(plan, 0);
    expect(plan.stderr).toBe('');
    expect(plan.stdout.split('\n')[0].split(/ {2,}/)).toEqual(['ACTION', 'KIND', 'RESOURCE', 'REASON']);
    expect(row(plan.stdout, `/workspaces/${ws}`)).toEqual(['unchanged', 'workspace', `/workspaces/${ws}`]);
    expect(row(plan.stdout, `/namespaces/${ws}`)).toEqual(['unchanged', 'namespace', `/namespaces/${ws}`]);
    const summary = SUMMARY.exec(plan.stdout);
    expect(summary?.slice(1, 4)).toEqual(['0', '0', '0']);
    expect(summary?.[7]).toBe('not applied (dry run)');
  });

  it('a namespace URI edited in the files is drift: plan exits 2 and stores nothing, apply applies it, then plan exits 0', async () => {
    const ws = uniqueName('drift');
    await createWorkspace(ctx.api, ws);
    expectExit(await geocatalog(['export', dir, '--workspace', ws]), 0);
    const namespaceFile = join(dir, 'workspaces', ws, 'namespace.xml');
    const original = readFileSync(namespaceFile, 'utf8');
    const uri = `http://example.org/${ws}/edited`;
    expect(original).toMatch(/<uri>[^<]*<\/uri>/);
    writeFileSync(namespaceFile, original.replace(/<uri>[^<]*<\/uri>/, `<uri>${uri}</uri>`));
    const uriNow = async () => (await ctx.api.get(`/namespaces/${ws}.json`)).json().namespace.uri;
    const before = await uriNow();

    const plan = await geocatalog(['plan', dir, '--detect-changes']);
    expectExit(plan, 2);
    expect(row(plan.stdout, `/namespaces/${ws}`)?.slice(0, 3)).toEqual(['update', 'namespace', `/namespaces/${ws}`]);
    expect(SUMMARY.exec(plan.stdout)?.slice(1, 3)).toEqual(['0', '1']);
    expect(await uriNow()).toBe(before);

    const json = await geocatalog(['plan', dir, '--json']);
    expectExit(json, 0);
    const answer = JSON.parse(json.stdout);
    expect(answer.applied).toBe(false);
    expect(answer.plan).toContainEqual(expect.objectContaining({ action: 'update', kind: 'namespace', resource: `/namespaces/${ws}` }));

    const apply = await geocatalog(['apply', dir]);
    expectExit(apply, 0);
    expect(SUMMARY.exec(apply.stdout)?.[7]).toBe('applied');
    expect(await uriNow()).toBe(uri);

    const again = await geocatalog(['plan', dir, '--detect-changes']);
    expectExit(again, 0);
    expect(row(again.stdout, `/namespaces/${ws}`)?.[0]).toBe('unchanged');
  });

  it('settings edited in an exported global wms.xml go back with apply: the settings files are sent, not only the folders', async () => {
    const before = uniqueName('WMS before');
    const after = uniqueName('WMS after');
    const title = async () => (await ctx.api.get('/services/wms/settings.json')).json().wms.title;
    expect(await ctx.api.putXml('/services/wms/settings', `<wms><title>${before}</title></wms>`)).toHaveStatus(200);
    expectExit(await geocatalog(['export', dir]), 0);
    const wmsFile = join(dir, 'wms.xml');
    const exported = readFileSync(wmsFile, 'utf8');
    expect(exported).toContain(`<title>${before}</title>`);
    writeFileSync(wmsFile, exported.replace(`<title>${before}</title>`, `<title>${after}</title>`));

    const plan = await geocatalog(['plan', dir, '--detect-changes']);
    expectExit(plan, 2);
    expect(row(plan.stdout, '/services/wms/settings')?.[0]).toBe('update');
    expect(await title()).toBe(before);

    expectExit(await geocatalog(['apply', dir]), 0);
    expect(await title()).toBe(after);
    expectExit(await geocatalog(['plan', dir, '--detect-changes']), 0);
  });

  it('what the folder lacks is deleted only with --prune: plan --prune lists the delete (exit 2), plan without it exits 0', async () => {
    const ws = uniqueName('prune');
    await createWorkspace(ctx.api, ws);
    expectExit(await geocatalog(['export', join(dir, 'catalog.zip'), '--workspace', ws]), 0);
    await createDataStore(ctx.api, ws, 'added_later');
    const store = `/workspaces/${ws}/datastores/added_later`;

    const plain = await geocatalog(['plan', join(dir, 'catalog.zip'), '--detect-changes']);
    expectExit(plain, 0);
    expect(row(plain.stdout, store)).toBeUndefined();

    const pruned = await geocatalog(['plan', join(dir, 'catalog.zip'), '--prune', '--detect-changes']);
    expectExit(pruned, 2);
    expect(row(pruned.stdout, store)?.slice(0, 3)).toEqual(['delete', 'dataStore', store]);
    expect(SUMMARY.exec(pruned.stdout)?.slice(1, 4)).toEqual(['0', '0', '1']);
    expect((await ctx.api.get(`${store}.json`)).status).toBe(200);
  });

  it("a bad password exits 1 with the server's message, and never prints the password", async () => {
    mkdirSync(join(dir, 'workspaces', 'w'), { recursive: true });
    writeFileSync(join(dir, 'workspaces', 'w', 'workspace.xml'), '<workspace><name>w</name></workspace>');
    const wrong = `wrong-${uniqueName('pw')}`;
    // The same request the CLI makes, sent directly: its text is what the CLI must print.
    const direct = await request(`${ctx.server.restUrl}/catalog/import?dryRun=true`, {
      method: 'POST',
      body: Buffer.from('PK\u0005\u0006' + '\u0000'.repeat(18), 'latin1'),
      type: 'application/zip',
      auth: { user: ctx.server.admin.user, password: wrong },
    });
    expect(direct.status).toBe(401);

    const run = await geocatalog(['plan', dir], { GEOCATALOG_PASSWORD: wrong });
    expect(run).toEqual({ code: 1, stdout: '', stderr: `geocatalog: 401 ${direct.text.trim()}\n` });
  });

  it('without GEOCATALOG_PASSWORD it exits 1 and says so; an unknown workspace to export is the server’s 404', async () => {
    expect(await geocatalog(['plan', dir], { GEOCATALOG_PASSWORD: undefined })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'geocatalog: GEOCATALOG_PASSWORD is not set: set it to the password of GEOCATALOG_USER (default admin)\n',
    });
    const missing = await geocatalog(['export', join(dir, 'x.zip'), '--workspace', 'no_such_ws']);
    expectExit(missing, 1);
    expect(missing.stderr).toMatch(/^geocatalog: 404 .+\n$/);
    expect(existsSync(join(dir, 'x.zip'))).toBe(false);
  });
});
