/**
 * Export of the catalog as a GeoServer data directory (contract §8): GeoServer's file layout,
 * element order and references by `<id>`; ids stable across exports; the round trip export →
 * empty catalog → import → export gives the same files; one workspace alone; ADMIN only.
 */
import { HttpResponse } from '../support/http';
import { useSpatialApi } from '../support/postgis';
import { clearFixture, FIXTURE_SQL, importZip, ok, planLines, unzipText, zipDirectory } from '../support/data-directory';
import { parseXml } from '../support/xml-tree';

const ctx = useSpatialApi();

beforeAll(async () => {
  await ctx.db.query(FIXTURE_SQL);
});

const fixture = () => clearFixture(ctx.db);

async function exported(query = ''): Promise<{ res: HttpResponse; files: Map<string, string> }> {
  const res = ok(await ctx.api.get(`/catalog/export${query}`));
  return { res, files: unzipText(res.bytes) };
}

/** One file of each kind of record, written by GeoServer in the fixture and by this catalog in an export. */
const RECORD_FILES = [
  'workspaces/city/workspace.xml',
  'workspaces/city/namespace.xml',
  'workspaces/city/city_db/datastore.xml',
  'workspaces/city/city_db/city_roads/featuretype.xml',
  'workspaces/city/city_db/city_roads/layer.xml',
  'workspaces/city/styles/roads.xml',
  'workspaces/city/layergroups/city_base.xml',
  'layergroups/city_all.xml',
];

const childNames = (xml: string) => parseXml(xml).children.map((c) => c.tag);

describe('exporting the catalog', () => {
  it('writes GeoServer’s layout, element order and references by id, the same bytes each time', async () => {
    ok(await importZip(ctx.api, zipDirectory(fixture())));
    const { res, files } = await exported();
    expect(res.contentType).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="geocatalog-catalog.zip"');
    expect([...files.keys()]).toEqual(
      expect.arrayContaining([...RECORD_FILES, 'workspaces/default.xml', 'workspaces/city/styles/roads.sld', 'styles/highlight.xml', 'styles/point.xml']),
    );
    // Element order: what both have comes in GeoServer's order (the fixture is written as GeoServer writes).
    const source = fixture();
    for (const path of RECORD_FILES) {
      const theirs = childNames(source.get(path)!);
      const ours = childNames(files.get(path)!);
      const shared = ours.filter((n) => theirs.includes(n));
      expect([path, shared]).toEqual([path, theirs.filter((n) => shared.includes(n))]);
      expect([path, ours[0] === 'id' || ours[1] === 'id']).toEqual([path, true]);
    }
    // Every reference is an <id> of a record in the export.
    const ids = new Set<string>();
    for (const [path, text] of files)
      // global.xml keeps its id inside <settings>, as GeoServer writes it.
      if (path.endsWith('.xml') && path !== 'workspaces/default.xml' && path !== 'global.xml')
        ids.add(parseXml(text).children.find((c) => c.tag === 'id')!.text!);
    const refs = [...files].flatMap(([path, text]) =>
      path.endsWith('.xml')
        ? [...text.matchAll(/<(workspace|namespace|store|resource|defaultStyle|style|published)(?: (?:class|type)="[^"]*")?>\s*<id>([^<]+)<\/id>/g)].map(
            (m) => [path, m[2]],
          )
        : [],
    );
    expect(refs.length).toBeGreaterThan(10);
    expect(refs.filter(([, id]) => !ids.has(id))).toEqual([]);
    expect(files.get('workspaces/city/city_db/city_roads/featuretype.xml')).toMatch(/<store class="dataStore">\s*<id>DataStoreInfoImpl-/);
    expect(files.get('workspaces/city/city_db/datastore.xml')).toMatch(/<entry key="passwd">crypt2:/);
    // The same catalog exports the same bytes.
    expect(ok(await ctx.api.get('/catalog/export')).bytes.equals(res.bytes)).toBe(true);
  });

  it('writes GeoServer’s layer group files byte for byte, but for the ids of what they name and what GeoServer computes live', async () => {
    ok(await importZip(ctx.api, zipDirectory(fixture())));
    const { files } = await exported();
    const source = fixture();
    /** Each `<id>` replaced by the file of the record it is the id of, in its own directory; dates and empty international texts left out. */
    const byRecord = (dir: Map<string, string>, path: string) => {
      const owner = new Map<string, string>();
      for (const [p, text] of dir) {
        const id = p.endsWith('.xml') && p !== 'workspaces/default.xml' ? /<id>([^<]+)<\/id>/.exec(text)?.[1] : undefined;
        if (id) owner.set(id, p);
      }
      return dir
        .get(path)!
        .replace(/<id>([^<]+)<\/id>/g, (_, id: string) => `<id>${owner.get(id) ?? `?${id}`}</id>`)
        .replace(/\n {2}<(dateCreated|dateModified)>[^<]*<\/\1>|\n {2}<international(Title|Abstract)\/>/g, '');
    };
    for (const path of ['workspaces/city/layergroups/city_base.xml', 'layergroups/city_all.xml']) {
      expect([path, byRecord(files, path)]).toEqual([path, byRecord(source, path)]);
    }
    expect(files.has('workspaces/parks/layergroups/overview.xml')).toBe(false);
  });

  it('round trip: export, empty the catalog, import, export gives the same files', async () => {
    ok(await importZip(ctx.api, zipDirectory(fixture())));
    const first = await exported();
    for (const ws of ['city', 'parks']) ok(await ctx.api.delete(`/workspaces/${ws}?recurse=true`));
    ok(await ctx.api.delete('/styles/highlight?recurse=true'));
    const res = ok(await importZip(ctx.api, first.res.bytes));
    expect(planLines(res)).toEqual(
      expect.arrayContaining([
        'create workspace /workspaces/city',
        'create dataStore /workspaces/city/datastores/city_db',
        'create layer /layers/city:city_roads',
        'create style /styles/highlight',
        'create layerGroup /workspaces/city/layergroups/city_base',
        'create layerGroup /layergroups/city_all',
      ]),
    );
    const second = await exported();
    expect([...second.files.keys()]).toEqual([...first.files.keys()]);
    for (const [path, text] of first.files) expect([path, second.files.get(path)]).toEqual([path, text]);
    // And once more is all unchanged.
    const again = ok(await importZip(ctx.api, second.res.bytes));
    expect(planLines(again).filter((l) => !l.startsWith('unchanged '))).toEqual([]);
  });

  it('one workspace: its records and the global styles its layers use, no default.xml', async () => {
    ok(await importZip(ctx.api, zipDirectory(fixture())));
    const { res, files } = await exported('?workspace=city');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="geocatalog-city.zip"');
    const paths = [...files.keys()];
    expect(paths.filter((p) => p.startsWith('workspaces/') && !p.startsWith('workspaces/city/'))).toEqual([]);
    // The fixture's built-in point style is GeoServer's, so its SLD file is default_point.sld.
    expect(paths.filter((p) => p.startsWith('styles/')).sort()).toEqual([
      'styles/default_point.sld',
      'styles/highlight.sld',
      'styles/highlight.xml',
      'styles/point.xml',
    ]);
    // It imports back into the catalog as all unchanged.
    expect(planLines(ok(await importZip(ctx.api, res.bytes))).filter((l) => !l.startsWith('unchanged '))).toEqual([]);
  });

  it('writes workspaces/default.xml for the default workspace, also when none was marked (the oldest)', async () => {
    ok(await ctx.api.post('/workspaces', '<workspace><name>first</name></workspace>', 'application/xml'), 201);
    ok(await ctx.api.post('/workspaces', '<workspace><name>second</name></workspace>', 'application/xml'), 201);
    const { files } = await exported();
    expect(files.get('workspaces/default.xml')).toMatch(/<name>first<\/name>/);
  });

  it('is for administrators; an unknown workspace is a 404, a bad name a 400', async () => {
    expect(await ctx.api.get('/catalog/export?workspace=nowhere')).toBeTextError(404);
    expect(await ctx.api.get('/catalog/export?workspace=a%2Fb')).toBeTextError(400);
    expect(await ctx.api.as(null).get('/catalog/export')).toHaveStatus(401);
  });
});
