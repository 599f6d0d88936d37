/**
 * Import of a GeoServer data directory (contract §8): the fixture written the way GeoServer
 * writes one is planned (a dry run stores nothing), applied in one transaction with the right
 * fields, re-applied as all `unchanged` but the store whose password is in clear (never compared
 * with the stored one: `update`, reason `password`, each time); a changed SLD and title are exactly
 * two updates more; prune;
 * a missing table stores nothing; passwords: crypt1 through security/, secrets, foreign crypt2.
 */
import { HttpResponse, request } from '../support/http';
import { useSpatialApi } from '../support/postgis';
import {
  clearFixture,
  DirText,
  entries,
  fixtureDirectory,
  FIXTURE_SQL,
  importMultipart,
  importZip,
  ok,
  planLines,
  SECURITY_VALUES,
  unzipText,
  zipDirectory,
} from '../support/data-directory';

const ctx = useSpatialApi();

beforeAll(async () => {
  await ctx.db.query(FIXTURE_SQL);
});

const clear = () => clearFixture(ctx.db);
/** The plan line of the fixture's store re-applied: its password is in clear, so never compared (contract §8). */
const CLEAR_PASSWORD = 'update dataStore /workspaces/city/datastores/city_db';

/** What the whole fixture creates, in the order the plan lists it (built-in styles aside). */
const CREATED = [
  'create workspace /workspaces/city',
  'create namespace /namespaces/city',
  'create workspace /workspaces/parks',
  'create namespace /namespaces/parks',
  'update workspace /workspaces/default',
  'create style /styles/highlight',
  'create style /workspaces/city/styles/places',
  'create style /workspaces/city/styles/roads',
  'create dataStore /workspaces/city/datastores/city_db',
  'create featureType /workspaces/city/datastores/city_db/featuretypes/city_places',
  'create featureType /workspaces/city/datastores/city_db/featuretypes/city_roads',
  'create layer /layers/city:city_places',
  'create layer /layers/city:city_roads',
  'create layerGroup /workspaces/city/layergroups/city_base',
  'create layerGroup /layergroups/city_all',
];

const SKIPPED = [
  'skip coverageStore /workspaces/parks/coveragestores/elevation',
  'skip coverage /workspaces/parks/coveragestores/elevation/coverages/dem',
  'skip layer /layers/parks:dem',
  'skip dataStore /workspaces/parks/datastores/parks_shapes',
  'skip featureType /workspaces/parks/datastores/parks_shapes/featuretypes/parks',
  'skip layer /layers/parks:parks',
  'skip layerGroup /workspaces/parks/layergroups/overview',
];

const withoutBuiltIns = (lines: string[]) => lines.filter((l) => !/ style \/styles\/(point|line|polygon|generic)$/.test(l));

describe('importing the GeoServer data directory', () => {
  it('a dry run plans every record and stores nothing', async () => {
    const before = ok(await ctx.api.get('/changes.json?limit=1')).json();
    const res = ok(await importZip(ctx.api, zipDirectory(clear()), '?dryRun=true'));
    expect(res.headers.get('dry-run')).toBe('true');
    expect(res.json().applied).toBe(false);
    expect(withoutBuiltIns(planLines(res))).toEqual([...CREATED, ...SKIPPED]);
    expect(await ctx.api.get('/workspaces/city.json')).toHaveStatus(404);
    expect(ok(await ctx.api.get('/changes.json?limit=1')).json()).toEqual(before);
  });

  it('applies it in one transaction: every record with its fields, one request id in the history', async () => {
    const since = ok(await ctx.api.get('/changes.json?limit=1')).json().changes.change[0].seq as number;
    const res = ok(await importZip(ctx.api, zipDirectory(clear())));
    expect(res.json().applied).toBe(true);
    expect(withoutBuiltIns(planLines(res))).toEqual([...CREATED, ...SKIPPED]);

    const ns = ok(await ctx.api.get('/namespaces/city.json')).json().namespace;
    expect(ns.uri).toBe('https://data.example.org/city');
    expect(ok(await ctx.api.get('/namespaces/parks.json')).json().namespace.uri).toBe('urn:example:parks');
    expect(ok(await ctx.api.get('/workspaces/default.json')).json().workspace.name).toBe('city');

    const store = ok(await ctx.api.get('/workspaces/city/datastores/city_db.json')).json().dataStore;
    const params = Object.fromEntries((store.connectionParameters.entry as Array<{ '@key': string; $: string }>).map((e) => [e['@key'], e.$]));
    expect(store.description).toBe('City base data in PostGIS');
    expect(params).toMatchObject({
      'Expose primary keys': 'true',
      'max connections': '10',
      'fetch size': '1000',
      schema: ctx.db.schema,
      host: ctx.db.storeParams().host,
    });
    expect(params.passwd).toMatch(/^crypt2:/);
    expect(Object.keys(params)).toHaveLength(28);

    const roads = ok(await ctx.api.get('/workspaces/city/datastores/city_db/featuretypes/city_roads.json')).json().featureType;
    expect(roads.title).toBe('City roads');
    expect(roads.srs).toBe('EPSG:3857');
    expect(roads.keywords.string).toEqual(['features', 'roads', 'transport']);
    expect(roads.nativeCRS.$ ?? roads.nativeCRS).toMatch(/^PROJCS\[/);
    const places = ok(await ctx.api.get('/workspaces/city/datastores/city_db/featuretypes/city_places.json')).json().featureType;
    expect([places.title, places.srs]).toEqual(['Places of interest', 'EPSG:4326']);

    const layer = ok(await ctx.api.get('/layers/city:city_roads.json')).json().layer;
    expect(layer.defaultStyle.name).toBe('city:roads');
    const alternates = ok(await ctx.api.get('/layers/city:city_places/styles.json'))
      .json()
      .styles.style.map((s: { name: string }) => s.name);
    expect(alternates).toEqual(['point', 'highlight']);
    expect(ok(await ctx.api.get('/layers/city:city_places.json')).json().layer.defaultStyle.name).toBe('city:places');

    const files = clear();
    const sld = await ctx.api.get('/workspaces/city/styles/roads.sld');
    expect(sld.text).toBe(files.get('workspaces/city/styles/roads.sld'));
    expect(ok(await ctx.api.get('/workspaces/city/styles/places.json')).json().style.languageVersion.version).toBe('1.1.0');
    expect((await ctx.api.get('/styles/highlight.sld')).text).toBe(files.get('styles/highlight.sld'));

    // Every change of the import carries the import's request id.
    const changes = ok(await ctx.api.get(`/changes.json?since=${since}&limit=1000`)).json().changes.change as Array<{ request: string; resource: string }>;
    expect(new Set(changes.map((c) => c.request))).toEqual(new Set([res.headers.get('x-request-id')]));
    expect(changes.map((c) => c.resource)).toEqual(
      expect.arrayContaining(['/workspaces/city', '/workspaces/city/datastores/city_db', '/workspaces/city/layers/city_roads']),
    );
  });

  it('one revert of any of its changes undoes the whole import', async () => {
    // Global styles outlive the workspaces each test ends by deleting: start without the fixture's.
    await ctx.api.delete('/styles/highlight?recurse=true');
    const res = ok(await importZip(ctx.api, zipDirectory(clear())));
    const request = res.headers.get('x-request-id');
    const newest = ok(await ctx.api.get('/changes.json?limit=1')).json().changes.change[0];
    expect(newest.request).toBe(request);
    ok(await ctx.api.post(`/changes/${newest.seq}/revert`));
    for (const path of [
      '/workspaces/city.json',
      '/workspaces/parks.json',
      '/styles/highlight.json',
      '/layers/city:city_roads.json',
      '/layergroups/city_all.json',
    ]) {
      expect([path, (await ctx.api.get(path)).status]).toEqual([path, 404]);
    }
  });

  it('applied twice, it is all unchanged but the store whose password is in clear: update, reason password', async () => {
    ok(await importZip(ctx.api, zipDirectory(clear())));
    const res = ok(await importZip(ctx.api, zipDirectory(clear())));
    const actions = entries(res, 'create')
      .concat(entries(res, 'update'), entries(res, 'delete'))
      .map((e) => `${e.action} ${e.kind} ${e.resource} ${e.reason}`);
    expect(actions).toEqual([`${CLEAR_PASSWORD} password`]);
    expect(entries(res, 'unchanged').length).toBeGreaterThanOrEqual(CREATED.length);
  });

  it('a changed SLD and a changed title are exactly two updates', async () => {
    ok(await importZip(ctx.api, zipDirectory(clear())));
    const files = clear();
    files.set('workspaces/city/styles/roads.sld', files.get('workspaces/city/styles/roads.sld')!.replace(/#[0-9A-Fa-f]{6}/, '#123456'));
    const ft = 'workspaces/city/city_db/city_roads/featuretype.xml';
    files.set(ft, files.get(ft)!.replace('<title>City roads</title>', '<title>Roads of the city</title>'));
    const res = ok(await importZip(ctx.api, zipDirectory(files)));
    expect([...entries(res, 'update'), ...entries(res, 'create'), ...entries(res, 'delete')].map((e) => `${e.action} ${e.kind} ${e.resource}`)).toEqual([
      'update style /workspaces/city/styles/roads',
      CLEAR_PASSWORD,
      'update featureType /workspaces/city/datastores/city_db/featuretypes/city_roads',
    ]);
    expect(ok(await ctx.api.get('/workspaces/city/datastores/city_db/featuretypes/city_roads.json')).json().featureType.title).toBe('Roads of the city');
    expect((await ctx.api.get('/workspaces/city/styles/roads.sld')).text).toContain('#123456');
  });

  it('another table under the same name publishes the feature type again, keeping the directory’s styles', async () => {
    ok(await importZip(ctx.api, zipDirectory(clear())));
    await ctx.db.query('CREATE TABLE IF NOT EXISTS city_places_v2 AS SELECT * FROM city_places');
    const files = clear();
    const ft = 'workspaces/city/city_db/city_places/featuretype.xml';
    files.set(ft, files.get(ft)!.replace('<nativeName>city_places</nativeName>', '<nativeName>city_places_v2</nativeName>'));
    const res = ok(await importZip(ctx.api, zipDirectory(files)));
    expect(entries(res, 'update').map((e) => `${e.kind} ${e.resource} ${e.reason}`)).toEqual([
      'dataStore /workspaces/city/datastores/city_db password',
      'featureType /workspaces/city/datastores/city_db/featuretypes/city_places nativeName: published again from city_places_v2',
      'layer /layers/city:city_places its feature type is published again',
      // The layer published again left its groups; they take it back, in its place.
      'layerGroup /workspaces/city/layergroups/city_base publishables: its layer city:city_places is published again',
      'layerGroup /layergroups/city_all publishables: its layer city:city_places is published again',
    ]);
    const base = ok(await ctx.api.get('/workspaces/city/layergroups/city_base.json')).json().layerGroup;
    expect(base.publishables.published.map((p: { name: string }) => p.name)).toEqual(['city:city_roads', 'city:city_places']);
    expect(ok(await ctx.api.get('/workspaces/city/datastores/city_db/featuretypes/city_places.json')).json().featureType.nativeName).toBe('city_places_v2');
    expect(ok(await ctx.api.get('/layers/city:city_places.json')).json().layer.defaultStyle.name).toBe('city:places');
    expect(planLines(ok(await importZip(ctx.api, zipDirectory(files)))).filter((l) => /^(create|update|delete) /.test(l))).toEqual([CLEAR_PASSWORD]);
  });

  it('prune deletes what the directory lacks in the workspaces it names, and only with prune', async () => {
    ok(await importZip(ctx.api, zipDirectory(clear())));
    ok(await ctx.api.post('/workspaces/city/styles?name=extra', (await ctx.api.get('/styles/highlight.sld')).text, 'application/vnd.ogc.sld+xml'), 201);
    ok(await ctx.api.post('/workspaces', '<workspace><name>elsewhere</name></workspace>', 'application/xml'), 201);
    const files = clear();
    for (const path of [...files.keys()]) if (path.startsWith('workspaces/city/city_db/city_places/')) files.delete(path);
    // The groups hold city_places: the directory without it has no groups either.
    files.delete('workspaces/city/layergroups/city_base.xml');
    files.delete('layergroups/city_all.xml');
    const without = ok(await importZip(ctx.api, zipDirectory(files), '?dryRun=true'));
    expect(entries(without, 'delete')).toEqual([]);
    const res = ok(await importZip(ctx.api, zipDirectory(files), '?prune=true'));
    expect(entries(res, 'delete').map((e) => `${e.kind} ${e.resource}`)).toEqual([
      // Groups first (a global group is in no workspace the directory names: it is left).
      'layerGroup /workspaces/city/layergroups/city_base',
      'layer /layers/city:city_places',
      'featureType /workspaces/city/datastores/city_db/featuretypes/city_places',
      'style /workspaces/city/styles/extra',
    ]);
    expect(await ctx.api.get('/layers/city:city_places.json')).toHaveStatus(404);
    expect(await ctx.api.get('/workspaces/city/styles/extra.json')).toHaveStatus(404);
    expect(await ctx.api.get('/workspaces/elsewhere.json')).toHaveStatus(200);
    expect(await ctx.api.get('/workspaces/city/layergroups/city_base.json')).toHaveStatus(404);
    // city_all lost both its members (city_base deleted, city_places deleted), so it went too.
    expect(await ctx.api.get('/layergroups/city_all.json')).toHaveStatus(404);
    ok(await importZip(ctx.api, zipDirectory(clear())));
    expect(await ctx.api.get('/layers/city:city_places.json')).toHaveStatus(200);
  });

  it('layer groups: members by id, in dependency order, a style per member; one holding a skipped layer is skipped, naming it', async () => {
    const res = ok(await importZip(ctx.api, zipDirectory(clear())));
    expect(entries(res, 'skip').find((e) => e.kind === 'layerGroup')?.reason).toBe(
      'Its member layer parks:dem is skipped: The layer of /workspaces/parks/coveragestores/elevation/coverages/dem, which is skipped',
    );
    const base = ok(await ctx.api.get('/workspaces/city/layergroups/city_base.json')).json().layerGroup;
    expect([base.mode, base.title, base.abstractTxt, base.workspace.name, base.keywords.string]).toEqual([
      'SINGLE',
      'City base map',
      'The roads under the places of interest',
      'city',
      ['base', 'city'],
    ]);
    expect(base.publishables.published.map((p: { '@type': string; name: string }) => `${p['@type']} ${p.name}`)).toEqual([
      'layer city:city_roads',
      'layer city:city_places',
    ]);
    expect(base.styles.style.map((s: { name: string }) => s.name)).toEqual(['city:roads', 'highlight']);
    const { crs, ...box } = base.bounds;
    expect([box, crs.$ ?? crs]).toEqual([{ minx: 259775.1637151832, maxx: 262725.13022120495, miny: 6247790.047288093, maxy: 6251579.565257282 }, 'EPSG:3857']);
    const all = ok(await ctx.api.get('/layergroups/city_all.json')).json().layerGroup;
    expect(all.mode).toBe('NAMED');
    expect(all.workspace).toBeUndefined();
    expect(all.publishables.published.map((p: { '@type': string; name: string }) => `${p['@type']} ${p.name}`)).toEqual([
      'layerGroup city:city_base',
      'layer city:city_places',
    ]);
    expect(all.styles.style).toEqual(['', '']);
    // A changed member style is one update of the group, and nothing else.
    const files = clear();
    const path = 'workspaces/city/layergroups/city_base.xml';
    files.set(path, files.get(path)!.replace('<id>StyleInfoImpl-4f2a7c31:18d3b2e9a41:-7ff3</id>', '<id>StyleInfoImpl-4f2a7c31:18d3b2e9a41:-7ff4</id>'));
    const changed = ok(await importZip(ctx.api, zipDirectory(files)));
    expect([...entries(changed, 'update'), ...entries(changed, 'create')].map((e) => `${e.action} ${e.kind} ${e.resource} ${e.reason}`)).toEqual([
      `${CLEAR_PASSWORD} password`,
      'update layerGroup /workspaces/city/layergroups/city_base styles',
    ]);
    const styles = ok(await ctx.api.get('/workspaces/city/layergroups/city_base.json')).json().layerGroup.styles.style;
    expect(styles.map((s: { name: string }) => s.name)).toEqual(['city:roads', 'city:places']);
  });
});

describe('an import that cannot be applied stores nothing', () => {
  /** The fixture with its workspaces renamed, so these imports start from a catalog without them. */
  function renamed(files: DirText, suffix: string): DirText {
    const out: DirText = new Map();
    for (const [path, text] of files) {
      out.set(
        path.replace(/^workspaces\/(city|parks)\//, `workspaces/$1${suffix}/`),
        text
          .replace(/<name>(city|parks)<\/name>/g, `<name>$1${suffix}</name>`)
          .replace(/<prefix>(city|parks)<\/prefix>/g, `<prefix>$1${suffix}</prefix>`)
          .replace(/(https:\/\/data\.example\.org\/city|urn:example:parks)/g, `$1${suffix}`),
      );
    }
    return out;
  }

  it('a missing table is an error naming it; nothing is stored', async () => {
    const files = renamed(clear(), '_m');
    const ft = 'workspaces/city_m/city_db/city_roads/featuretype.xml';
    files.set(ft, files.get(ft)!.replace('<nativeName>city_roads</nativeName>', '<nativeName>no_such_table</nativeName>'));
    const res = await importZip(ctx.api, zipDirectory(files));
    expect(res.status).toBe(400);
    expect(res.json().applied).toBe(false);
    expect(entries(res, 'error')).toEqual([
      expect.objectContaining({
        kind: 'featureType',
        resource: '/workspaces/city_m/datastores/city_db/featuretypes/city_roads',
        reason: expect.stringContaining(`${ctx.db.schema}.no_such_table`),
      }),
    ]);
    expect(await ctx.api.get('/workspaces/city_m.json')).toHaveStatus(404);
  });

  it('an unknown srs is found while planning (the store is asked then), an error naming the file; nothing is stored', async () => {
    const files = renamed(clear(), '_c');
    const ft = 'workspaces/city_c/city_db/city_roads/featuretype.xml';
    files.set(ft, files.get(ft)!.replace('<srs>EPSG:3857</srs>', '<srs>EPSG:990001</srs>'));
    const res = await importZip(ctx.api, zipDirectory(files));
    expect(res.status).toBe(400);
    expect(res.json().applied).toBe(false);
    expect(entries(res, 'error')).toEqual([
      expect.objectContaining({
        resource: '/workspaces/city_c/datastores/city_db/featuretypes/city_roads',
        reason: expect.stringMatching(/^workspaces\/city_c\/city_db\/city_roads\/featuretype\.xml: .*990001/),
      }),
    ]);
    expect(await ctx.api.get('/workspaces/city_c.json')).toHaveStatus(404);
  });

  it('a write refused while the plan is applied rolls back every write before it', async () => {
    const since = ok(await ctx.api.get('/changes.json?limit=1')).json().changes.change[0].seq as number;
    const files = renamed(clear(), '_r');
    // A style named that nobody has: the plan cannot know (a name is taken as named), the write refuses it.
    const layer = 'workspaces/city_r/city_db/city_roads/layer.xml';
    files.set(layer, files.get(layer)!.replace(/<defaultStyle>[\s\S]*?<\/defaultStyle>/, '<defaultStyle><name>no_such_style</name></defaultStyle>'));
    const res = await importZip(ctx.api, zipDirectory(files));
    expect(res.status).toBe(404);
    expect(res.json().applied).toBe(false);
    expect(entries(res, 'error')).toEqual([
      expect.objectContaining({ resource: '/layers/city_r:city_roads', reason: expect.stringContaining('no_such_style') }),
    ]);
    // The workspaces, styles, store and feature types written before it are not there.
    expect(await ctx.api.get('/workspaces/city_r.json')).toHaveStatus(404);
    expect(await ctx.api.get('/workspaces/parks_r.json')).toHaveStatus(404);
    expect(ok(await ctx.api.get(`/changes.json?since=${since}`)).json().changes.change ?? []).toEqual([]);
  });

  it('a group holding itself (through another) is an error naming the cycle; nothing is stored', async () => {
    const files = renamed(clear(), '_y');
    const path = 'workspaces/city_y/layergroups/city_base.xml';
    files.set(
      path,
      files
        .get(path)!
        .replace(
          '</publishables>',
          '  <published type="layerGroup">\n      <id>LayerGroupInfoImpl-4f2a7c31:18d3b2e9a41:-7fea</id>\n    </published>\n  </publishables>',
        ),
    );
    const res = await importZip(ctx.api, zipDirectory(files));
    expect(res.status).toBe(400);
    expect(entries(res, 'error')).toEqual([
      {
        action: 'error',
        kind: 'layerGroup',
        resource: '/layergroups/city_all',
        reason: 'layergroups/city_all.xml: It is in a cycle of layer groups, which GeoServer refuses: city_y:city_base > city_all > city_y:city_base',
      },
    ]);
    expect(await ctx.api.get('/workspaces/city_y.json')).toHaveStatus(404);
  });

  it('an invalid SLD is an error naming its file; nothing is stored', async () => {
    const files = renamed(clear(), '_s');
    files.set('workspaces/city_s/styles/roads.sld', files.get('workspaces/city_s/styles/roads.sld')!.replace('<NamedLayer>', '<NamedLayer><Bogus/>'));
    const res = await importZip(ctx.api, zipDirectory(files));
    expect(res.status).toBe(400);
    expect(entries(res, 'error')).toEqual([
      expect.objectContaining({
        kind: 'style',
        resource: '/workspaces/city_s/styles/roads',
        reason: expect.stringMatching(/^workspaces\/city_s\/styles\/roads\.sld: Invalid style: line/),
      }),
    ]);
    expect(await ctx.api.get('/workspaces/city_s.json')).toHaveStatus(404);
  });

  it('refuses what is not a data directory: not a zip, no workspaces/, wrong media type', async () => {
    expect(await importZip(ctx.api, Buffer.from('not a zip'))).toBeTextError(400);
    expect(await importZip(ctx.api, zipDirectory(new Map([['readme.txt', 'hello']])))).toBeTextError(400);
    expect(await ctx.api.post('/catalog/import', zipDirectory(clear()), 'application/xml')).toBeTextError(415);
    expect(await ctx.api.as(null).post('/catalog/import', zipDirectory(clear()), 'application/zip')).toHaveStatus(401);
  });
});

describe('store passwords', () => {
  function withPassword(passwd: string, suffix: string, security: boolean): Buffer {
    const files = fixtureDirectory(ctx.db, { passwd, security });
    const out = new Map<string, string>();
    // Only the store's workspace, renamed, so each case creates its own store.
    for (const [path, text] of files) {
      if (path.startsWith('workspaces/parks/') || path === 'workspaces/default.xml') continue;
      out.set(
        path.replace(/^workspaces\/city\//, `workspaces/city${suffix}/`),
        text
          .replace(/<name>city<\/name>/g, `<name>city${suffix}</name>`)
          .replace(/<prefix>city<\/prefix>/g, `<prefix>city${suffix}</prefix>`)
          .replace(/https:\/\/data\.example\.org\/city/g, `https://data.example.org/city${suffix}`),
      );
    }
    return zipDirectory(out);
  }
  const storeLine = (res: HttpResponse, ws: string) =>
    (res.json().plan as Array<{ action: string; resource: string; reason?: string }>).find((e) => e.resource === `/workspaces/${ws}/datastores/city_db`)!;

  it('decrypts crypt1: through the directory’s security/ folder, opening the key store off the event loop', async () => {
    const started = performance.now();
    const importing = importZip(ctx.api, withPassword(SECURITY_VALUES['geoserver-secret'], '_c1', true));
    // While GeoServer's key store is opened (about a second of CPU), other requests are answered.
    await new Promise((r) => setTimeout(r, 150));
    const other = await ctx.api.get('/about/version.json');
    const res = ok(await importing);
    const took = performance.now() - started;
    expect(other).toHaveStatus(200);
    expect(other.ms).toBeLessThan(took / 3);
    expect(storeLine(res, 'city_c1').action).toBe('create');
    expect(ok(await ctx.api.get('/workspaces/city_c1/datastores/city_db/featuretypes/city_roads.json')).json().featureType.title).toBe('City roads');
  });

  it('without security/, crypt1: is a skip that says password, unless secrets give it', async () => {
    const zip = withPassword(SECURITY_VALUES['geoserver-secret'], '_c2', false);
    const skipped = ok(await importZip(ctx.api, zip, '?dryRun=true'));
    expect(storeLine(skipped, 'city_c2')).toEqual(expect.objectContaining({ action: 'skip', reason: expect.stringContaining('password') }));
    expect(entries(skipped, 'skip').map((e) => e.resource)).toEqual(
      expect.arrayContaining(['/workspaces/city_c2/datastores/city_db/featuretypes/city_roads', '/layers/city_c2:city_roads']),
    );
    const given = ok(await importMultipart(ctx.api, zip, { 'city_c2:city_db': ctx.db.storeParams().passwd }));
    expect(storeLine(given, 'city_c2').action).toBe('create');
    expect(await ctx.api.get('/layers/city_c2:city_roads.json')).toHaveStatus(200);
  });

  it('a foreign crypt2: needs secrets', async () => {
    const zip = withPassword(SECURITY_VALUES['foreign-crypt2'], '_c3', true);
    const skipped = ok(await importZip(ctx.api, zip, '?dryRun=true'));
    expect(storeLine(skipped, 'city_c3')).toEqual(expect.objectContaining({ action: 'skip', reason: expect.stringMatching(/^password: the crypt2/) }));
    const given = ok(await importMultipart(ctx.api, zip, { 'city_c3:city_db': 'anything' }));
    expect(storeLine(given, 'city_c3').action).toBe('create');
  });
});

describe('what a feature type restricts (contract §6)', () => {
  it('a feature type whose cqlFilter cannot be parsed is planned with a note that its layer serves nothing; an attribute subset is applied', async () => {
    const files = clear();
    const places = 'workspaces/city/city_db/city_places/featuretype.xml';
    const roads = 'workspaces/city/city_db/city_roads/featuretype.xml';
    files.set(places, files.get(places)!.replace('</featureType>', "  <cqlFilter>kind = = 'museum'</cqlFilter>\n</featureType>"));
    files.set(
      roads,
      files
        .get(roads)!
        .replace('</featureType>', '  <attributes>\n    <attribute>\n      <name>name</name>\n    </attribute>\n  </attributes>\n</featureType>'),
    );
    const NOTE_TEXT = /^cqlFilter: cannot be parsed \(.*position 8\b.*\), so the layer serves no features until it is corrected$/;
    const NOTE = expect.stringMatching(NOTE_TEXT);
    const line = (res: HttpResponse, name: string) =>
      (res.json().plan as Array<{ action: string; resource: string; reason?: string }>).find(
        (e) => e.resource === `/workspaces/city/datastores/city_db/featuretypes/${name}`,
      );
    // Planned afresh: the workspace the earlier tests imported goes first.
    await ctx.api.delete('/workspaces/city?recurse=true');
    const dry = ok(await importZip(ctx.api, zipDirectory(files), '?dryRun=true'));
    expect(line(dry, 'city_places')).toEqual({ action: 'create', kind: 'featureType', resource: expect.any(String), reason: NOTE });
    expect(line(dry, 'city_roads')).toEqual({ action: 'create', kind: 'featureType', resource: expect.any(String) });
    const applied = ok(await importZip(ctx.api, zipDirectory(files)));
    expect(line(applied, 'city_places')?.reason).toMatch(NOTE_TEXT);

    const oaf = (path: string) => request(`${ctx.server.baseUrl}/ogc/features/v1/collections/${path}`, { auth: ctx.server.admin });
    const refused = await oaf('city:city_places/items');
    expect(refused).toBeTextError(409);
    expect(refused.text).toMatch(/^Layer 'city:city_places' serves no features: its cqlFilter 'kind = = 'museum'' cannot be applied: .*position 8\b/);
    const roadItems = ok(await oaf('city:city_roads/items')).json();
    expect(roadItems.features.map((f: { properties: object }) => f.properties)).toEqual([
      { name: 'Rue de Rivoli' },
      { name: 'Boulevard Saint-Michel' },
      { name: 'Quai de la Tournelle' },
    ]);

    // Again: unchanged, the note still said; a changed subset is an update that names it.
    const again = ok(await importZip(ctx.api, zipDirectory(files), '?dryRun=true'));
    expect(line(again, 'city_places')).toEqual({ action: 'unchanged', kind: 'featureType', resource: expect.any(String), reason: NOTE });
    expect(line(again, 'city_roads')).toEqual({ action: 'unchanged', kind: 'featureType', resource: expect.any(String) });
    files.set(roads, files.get(roads)!.replace('<name>name</name>', '<name>lanes</name>'));
    files.set(places, files.get(places)!.replace('<title>Places of interest</title>', '<title>Places</title>'));
    const changed = ok(await importZip(ctx.api, zipDirectory(files), '?dryRun=true'));
    expect(line(changed, 'city_roads')).toEqual({ action: 'update', kind: 'featureType', resource: expect.any(String), reason: 'attributes' });
    expect(line(changed, 'city_places')).toEqual({
      action: 'update',
      kind: 'featureType',
      resource: expect.any(String),
      reason: expect.stringMatching(/^title; cqlFilter: cannot be parsed /),
    });

    // A subset naming a column the table lacks is an error of its file; nothing is stored.
    files.set(roads, files.get(roads)!.replace('<name>lanes</name>', '<name>speed</name>'));
    const bad = ok(await importZip(ctx.api, zipDirectory(files)), 400);
    expect(bad.json().applied).toBe(false);
    expect(line(bad, 'city_roads')).toEqual(
      expect.objectContaining({ action: 'error', reason: expect.stringContaining("No such attribute in '" + ctx.db.schema + ".city_roads': 'speed'") }),
    );
    expect(ok(await ctx.api.get('/workspaces/city/datastores/city_db/featuretypes/city_places.json')).json().featureType.title).toBe('Places of interest');

    // An export carries the subset (by name) and the filter, so a round trip keeps both.
    const exported = unzipText(ok(await ctx.api.get('/catalog/export?workspace=city')).bytes);
    expect(exported.get(roads)).toContain('<attributes>\n    <attribute>\n      <name>name</name>\n    </attribute>\n  </attributes>');
    expect(exported.get(places)).toContain('<cqlFilter>kind = = &apos;museum&apos;</cqlFilter>');
  });
});
