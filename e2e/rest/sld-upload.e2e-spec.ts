// SLD validation on upload (issue 4): styles valid for the SLD 1.0.0 / SE 1.1.0 schemas (with
// GeoServer's extensions) are stored byte for byte; invalid ones are refused with
// `Invalid style: line L, column C: …` and every issue in problem+json, and never replace a stored
// style; hostile XML (XXE, billion laughs) is refused fast and leaves nothing behind.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createStyle, createWorkspace, SLD_FIXTURES, sldFixture, styleJson, useApiServer } from '../support/catalog';
import { normalize, uniqueName } from '../support/geoserver';
import { SE_11, SLD_10 } from '../support/http';

const ctx = useApiServer();

const SCHEMA_FIXTURES = join(SLD_FIXTURES, 'schema');

interface Fixture {
  file: string;
  bytes: Buffer;
  mime: string;
  version: '1.0.0' | '1.1.0';
}

function fixtures(kind: 'valid' | 'invalid'): Fixture[] {
  const dir = join(SCHEMA_FIXTURES, kind);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sld'))
    .sort()
    .map((file) => {
      const se = file.endsWith('.se.sld');
      return { file, bytes: readFileSync(join(dir, file)), mime: se ? SE_11 : SLD_10, version: se ? '1.1.0' : '1.0.0' };
    });
}

/** file → the exact text/plain body of the 400. */
const EXPECTED_BODY = new Map(
  readFileSync(join(SCHEMA_FIXTURES, 'invalid', 'EXPECTED.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t') as [string, string]),
);

const GOOD = () => sldFixture('valid', 'polygon-simple.sld');

/** A global style holding a valid SLD, for checking that a refused upload leaves it alone. */
async function styleWithValidSld(): Promise<string> {
  const name = uniqueName('kept');
  await createStyle(ctx.api, null, name);
  expect(await ctx.api.put(`/styles/${name}`, GOOD().bytes, SLD_10)).toHaveStatus(200);
  return name;
}

async function expectUnchanged(name: string): Promise<void> {
  const stored = await ctx.api.get(`/styles/${name}.sld`);
  expect(stored).toHaveStatus(200);
  expect(stored.bytes.equals(GOOD().bytes)).toBe(true);
}

describe('SLD upload: valid styles', () => {
  it('has fixtures of both versions', () => {
    expect(
      fixtures('valid')
        .map((f) => f.version)
        .sort(),
    ).toEqual(['1.0.0', '1.1.0']);
    expect(
      fixtures('invalid')
        .map((f) => f.file)
        .sort(),
    ).toEqual([...EXPECTED_BODY.keys()].sort());
  });

  describe.each(fixtures('valid').map((f) => [f.file, f] as const))('%s', (_file, fixture) => {
    it('is stored byte for byte by PUT, with its language version', async () => {
      const { api } = ctx;
      const name = uniqueName('ok');
      await createStyle(api, null, name);
      expect(await api.put(`/styles/${name}`, fixture.bytes, fixture.mime)).toHaveStatus(200);
      const stored = await api.get(`/styles/${name}.sld`);
      expect(stored).toHaveStatus(200);
      expect(stored.contentType).toBe(fixture.mime);
      expect(stored.bytes.equals(fixture.bytes)).toBe(true);
      expect(normalize((await api.get(`/styles/${name}.json`)).text).text).toBe(styleJson({ name, version: fixture.version, modified: true }));
    });

    it('is created in one step by POST ?name= in a workspace', async () => {
      const { api } = ctx;
      const ws = uniqueName('ws');
      await createWorkspace(api, ws);
      const name = uniqueName('one');
      const res = await api.post(`/workspaces/${ws}/styles?name=${name}`, fixture.bytes, fixture.mime);
      expect(res).toHaveStatus(201);
      expect(res.text).toBe(name);
      expect((await api.get(`/workspaces/${ws}/styles/${name}.sld`)).bytes.equals(fixture.bytes)).toBe(true);
    });
  });

  it("takes the language version from the root's version attribute over the content type", async () => {
    const { api } = ctx;
    const se = fixtures('valid').find((f) => f.version === '1.1.0') as Fixture;
    const name = uniqueName('ver');
    await createStyle(api, null, name);
    expect(await api.put(`/styles/${name}`, se.bytes, SLD_10)).toHaveStatus(200);
    expect(normalize((await api.get(`/styles/${name}.json`)).text).text).toBe(styleJson({ name, version: '1.1.0', modified: true }));
    expect((await api.get(`/styles/${name}.sld`)).contentType).toBe(SE_11);
  });

  it('validates and stores a 1 MiB style', async () => {
    const { api } = ctx;
    const good = GOOD().bytes.toString('utf8');
    const rule = good.slice(good.indexOf('<Rule>'), good.indexOf('</Rule>') + '</Rule>'.length);
    const big = good.replace(rule, Array.from({ length: Math.ceil((1024 * 1024) / rule.length) }, () => rule).join('\n        '));
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const name = uniqueName('big');
    await createStyle(api, null, name);
    const res = await api.put(`/styles/${name}`, Buffer.from(big, 'utf8'), SLD_10);
    expect(res).toHaveStatus(200);
    expect(res.ms).toBeLessThan(5000);
    expect((await api.get(`/styles/${name}.sld`)).text).toBe(big);
  });
});

describe('SLD upload: invalid styles', () => {
  describe.each(fixtures('invalid').map((f) => [f.file, f] as const))('%s', (file, fixture) => {
    const body = EXPECTED_BODY.get(file) as string;

    it('is refused by PUT with 400 naming line, column and problem, and the stored style is unchanged', async () => {
      const name = await styleWithValidSld();
      expect(await ctx.api.put(`/styles/${name}`, fixture.bytes, fixture.mime)).toBeTextError(400, body);
      await expectUnchanged(name);
    });

    it('lists every issue in problem+json, the first one being the one in the message', async () => {
      const name = await styleWithValidSld();
      const res = await ctx.api.put(`/styles/${name}`, fixture.bytes, fixture.mime, { accept: 'application/problem+json' });
      expect(res).toHaveStatus(400);
      expect(res.contentType).toBe('application/problem+json');
      const problem = res.json<{ status: number; detail: string; code: string; issues: { line: number; column: number; code: string; message: string }[] }>();
      expect(problem.status).toBe(400);
      expect(problem.code).toBe('INVALID_STYLE');
      expect(problem.detail).toBe(body);
      expect(problem.issues.length).toBeGreaterThan(0);
      const [first] = problem.issues;
      expect(body).toBe(`Invalid style: line ${first.line}, column ${first.column}: ${first.message}`);
      for (const issue of problem.issues) {
        expect(Object.keys(issue).sort()).toEqual(['code', 'column', 'line', 'message']);
        expect(issue.code).toMatch(/^[a-z]+(-[a-z]+)*$/);
      }
      await expectUnchanged(name);
    });

    it('is refused by a one-step POST, which creates nothing', async () => {
      const name = uniqueName('bad');
      expect(await ctx.api.post(`/styles?name=${name}`, fixture.bytes, fixture.mime)).toBeTextError(400, body);
      expect(await ctx.api.get(`/styles/${name}.xml`)).toBeTextError(404, `No such style: ${name}`);
    });

    it('is stored unchecked with ?raw=true', async () => {
      const name = uniqueName('raw');
      await createStyle(ctx.api, null, name);
      expect(await ctx.api.put(`/styles/${name}?raw=true`, fixture.bytes, fixture.mime)).toHaveStatus(200);
      expect((await ctx.api.get(`/styles/${name}.sld`)).bytes.equals(fixture.bytes)).toBe(true);
    });
  });
});

describe('SLD upload: hostile XML', () => {
  const DOCTYPE_REFUSED = 'DOCTYPE declarations are not allowed, because DTDs and entity declarations are disabled for safety';

  describe.each([
    ['an external entity on /etc/passwd (XXE)', 'xxe-external-entity.sld'],
    ['an entity-expansion bomb (billion laughs)', 'billion-laughs.sld'],
  ])('%s', (_what, file) => {
    const fixture = sldFixture('invalid', file);

    it('is refused by PUT within a second, reading nothing, and the stored style is unchanged', async () => {
      const name = await styleWithValidSld();
      const res = await ctx.api.put(`/styles/${name}`, fixture.bytes, SLD_10);
      expect(res).toBeTextError(400, `Invalid style: line 2, column 1: ${DOCTYPE_REFUSED}`);
      expect(res.ms).toBeLessThan(1000);
      expect(res.text).not.toMatch(/root:.*:0:0/);
      await expectUnchanged(name);
    });

    it('is refused by a one-step POST within a second and leaves nothing stored', async () => {
      const name = uniqueName('hostile');
      const res = await ctx.api.post(`/styles?name=${name}`, fixture.bytes, SLD_10);
      expect(res).toBeTextError(400, `Invalid style: line 2, column 1: ${DOCTYPE_REFUSED}`);
      expect(res.ms).toBeLessThan(1000);
      expect(await ctx.api.get(`/styles/${name}.xml`)).toBeTextError(404, `No such style: ${name}`);
      expect(await ctx.api.get(`/styles/${name}.sld`)).toHaveStatus(404);
      const list = (await ctx.api.get('/styles.json')).json<{ styles: { style: { name: string }[] } | '' }>();
      const names = list.styles === '' ? [] : list.styles.style.map((s) => s.name);
      expect(names).not.toContain(name);
    });
  });
});
