/**
 * What a feature type restricts binds every read of its layer (contract §6, §11): a `cqlFilter`,
 * which this server cannot apply yet, makes the layer serve nothing (409 naming why) in the
 * collection, items, single features and tiles, rather than every row; a configured attribute
 * subset is all the layer publishes in items, single features and tiles (PostGIS's ST_AsMVT here;
 * the api's own encoder in e2e/tiles); `datetime` is refused, since no layer has a time column.
 * Expected rows come from the table (through `pg`), never from app code.
 */
import { createWorkspace } from '../support/catalog';
import { createFeatureType } from '../support/featuretype';
import { uniqueName } from '../support/geoserver';
import { request } from '../support/http';
import { createSpatialStore, createStatesTable, useSpatialApi } from '../support/postgis';
import { decodeTile, MVT, tileOf, tileUrl } from '../tiles/support';
import { featuresClient, FeaturesClient, publish } from './support';

const ctx = useSpatialApi();
let f: FeaturesClient;

beforeAll(async () => {
  f = featuresClient(ctx.server);
  await createStatesTable(ctx.db, 'states');
}, 60_000);

/** A fresh workspace with the store `gis`, and `states` published as is (layer `ws:states`). */
async function fresh(): Promise<string> {
  const ws = uniqueName('restrict');
  await createWorkspace(ctx.api, ws);
  await createSpatialStore(ctx.api, ctx.db, ws, 'gis');
  await publish(ctx.api, ctx.db, ws, 'states');
  return ws;
}

/** Publishes `states` again as `ws:name` with extra feature type elements. */
async function publishStates(ws: string, name: string, extra: string, table = 'states'): Promise<string> {
  await createFeatureType(
    ctx.api,
    ws,
    'gis',
    `<featureType><name>${name}</name><nativeName>${table}</nativeName><nativeCRS>EPSG:4326</nativeCRS><enabled>true</enabled>${extra}</featureType>`,
  );
  return `${ws}:${name}`;
}

const attributes = (...names: string[]) => `<attributes>${names.map((n) => `<attribute><name>${n}</name></attribute>`).join('')}</attributes>`;
const tile = tileOf(4, -105.5, 39); // Colorado and Wyoming
const getTile = (id: string) => request(tileUrl(ctx.server, id, tile.z, tile.y, tile.x), { auth: ctx.server.admin });

describe('a feature type with a cqlFilter', () => {
  const refusal = (id: string) =>
    `Layer '${id}' serves no features: its feature type has a cqlFilter, which this server cannot apply yet; remove the cqlFilter to serve the layer`;

  it('serves nothing on any read path: 409 naming why, in text or problem JSON; it is not listed', async () => {
    const ws = await fresh();
    const id = await publishStates(ws, 'wyoming', "<cqlFilter>state_name = 'Wyoming'</cqlFilter>");
    const some = (await f.get(`/collections/${ws}:states/items`)).json().features[0].id as string;

    for (const path of [
      `/collections/${id}`,
      `/collections/${id}/items`,
      `/collections/${id}/items?bbox=-180,-90,180,90&limit=5000`,
      `/collections/${id}/items/${some}`,
    ]) {
      expect(await f.get(path)).toBeTextError(409, refusal(id));
    }
    expect(await getTile(id)).toBeTextError(409, refusal(id));
    const problem = await f.get(`/collections/${id}/items`, { accept: 'application/problem+json' });
    expect(problem).toHaveStatus(409);
    expect(problem.json()).toMatchObject({ status: 409, code: 'CANNOT_APPLY', detail: refusal(id) });

    const listed = (await f.get('/collections')).json().collections.map((c: { id: string }) => c.id);
    expect(listed).toContain(`${ws}:states`);
    expect(listed).not.toContain(id);
    // The REST API still shows the filter as stored.
    const ft = (await ctx.api.get(`/workspaces/${ws}/datastores/gis/featuretypes/wyoming.json`)).json().featureType;
    expect(ft.cqlFilter).toBe("state_name = 'Wyoming'");
  });

  it('serves every row again once an empty cqlFilter removes it; adding one stops it at once', async () => {
    const ws = await fresh();
    const id = await publishStates(ws, 'wyoming', "<cqlFilter>state_name = 'Wyoming'</cqlFilter>");
    const path = `/workspaces/${ws}/datastores/gis/featuretypes/wyoming`;
    expect(await ctx.api.putXml(path, '<featureType><cqlFilter></cqlFilter></featureType>')).toHaveStatus(200);
    expect((await ctx.api.get(`${path}.json`)).json().featureType.cqlFilter).toBeUndefined();
    const [{ n }] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM states');
    expect((await f.get(`/collections/${id}/items`)).json().numberReturned).toBe(n);
    expect(await getTile(id)).toHaveStatus(200);

    expect(await ctx.api.putJson(path, { featureType: { cqlFilter: "state_abbr = 'CO'" } })).toHaveStatus(200);
    expect(await f.get(`/collections/${id}/items`)).toBeTextError(409, refusal(id));
    expect(await getTile(id)).toBeTextError(409);
  });
});

describe('a feature type with an attribute subset', () => {
  it('publishes only those attributes: REST, items, single features and tiles', async () => {
    const ws = await fresh();
    const id = await publishStates(ws, 'names', attributes('the_geom', 'state_name'));
    const ft = (await ctx.api.get(`/workspaces/${ws}/datastores/gis/featuretypes/names.json`)).json().featureType;
    expect(ft.attributes.attribute.map((a: { name: string }) => a.name)).toEqual(['the_geom', 'state_name']);

    const rows = await ctx.db.query<{ state_name: string }>('SELECT state_name FROM states ORDER BY state_name');
    const page = (await f.get(`/collections/${id}/items`)).json();
    expect(page.features.map((x: { properties: object }) => x.properties).sort((a: any, b: any) => a.state_name.localeCompare(b.state_name))).toEqual(
      rows.map((r) => ({ state_name: r.state_name })),
    );
    expect(page.features[0].geometry.type).toBe('MultiPolygon');
    const one = (await f.get(`/collections/${id}/items/${page.features[0].id}`)).json();
    expect(Object.keys(one.properties)).toEqual(['state_name']);
    // The same ids as the whole layer: the subset changes what a feature says, not which it is.
    const all = (await f.get(`/collections/${ws}:states/items`)).json();
    expect(page.features.map((x: { id: string }) => x.id).sort()).toEqual(all.features.map((x: { id: string }) => x.id).sort());
    expect(Object.keys(all.features[0].properties)).toEqual(['state_name', 'state_abbr', 'persons']);

    const res = await getTile(id);
    expect(res).toHaveStatus(200);
    expect(res.contentType).toBe(MVT);
    const decoded = decodeTile(res.bytes, tile).names.features;
    expect(decoded.map((x) => x.properties).sort((a: any, b: any) => a.state_name.localeCompare(b.state_name))).toEqual([
      { state_name: 'Colorado' },
      { state_name: 'Wyoming' },
    ]);
  });

  it('treats a column it leaves out as no property: properties= naming it is a 400, as an unknown name', async () => {
    const ws = await fresh();
    const id = await publishStates(ws, 'names', attributes('state_name', 'persons'));
    expect(await f.get(`/collections/${id}/items?properties=state_abbr`)).toBeTextError(
      400,
      `No such property in collection '${id}': 'state_abbr'; it has state_name, persons`,
    );
    const page = (await f.get(`/collections/${id}/items?properties=persons`)).json();
    expect(Object.keys(page.features[0].properties)).toEqual(['persons']);
    expect(await f.get(`/collections/${id}/items/${page.features[0].id}?properties=state_abbr`)).toBeTextError(400);
  });

  it('refuses a subset naming a column the table lacks (400, nothing stored); every column is no subset', async () => {
    const ws = await fresh();
    const res = await ctx.api.postXml(
      `/workspaces/${ws}/datastores/gis/featuretypes`,
      `<featureType><name>bad</name><nativeName>states</nativeName>${attributes('state_name', 'area')}</featureType>`,
    );
    expect(res).toBeTextError(400, `No such attribute in '${ctx.db.schema}.states': 'area'; it has the_geom, state_name, state_abbr, persons`);
    expect(await ctx.api.get(`/workspaces/${ws}/datastores/gis/featuretypes/bad.json`)).toHaveStatus(404);

    // A body listing every column (a GET sent back) pins nothing: a column added later is published.
    await ctx.db.query('CREATE TABLE states_grow AS SELECT * FROM states');
    const id = await publishStates(ws, 'grow', attributes('the_geom', 'state_name', 'state_abbr', 'persons'), 'states_grow');
    await ctx.db.query('ALTER TABLE states_grow ADD COLUMN rank int DEFAULT 1');
    expect((await f.get(`/collections/${id}/items?properties=rank`)).json().features[0].properties).toEqual({ rank: 1 });
  });

  it('serves nothing once the table loses a column the subset names (409), and again once the subset is changed', async () => {
    const ws = await fresh();
    await ctx.db.query('CREATE TABLE states_shrink AS SELECT * FROM states');
    const id = await publishStates(ws, 'shrink', attributes('state_name', 'state_abbr'), 'states_shrink');
    expect((await f.get(`/collections/${id}/items`)).json().features).toHaveLength(3);
    await ctx.db.query('ALTER TABLE states_shrink DROP COLUMN state_abbr');
    const refusal = `Layer '${id}' serves no features: its attributes name 'state_abbr', which '${ctx.db.schema}.states_shrink' no longer has; update its attributes`;
    expect(await f.get(`/collections/${id}/items`)).toBeTextError(409, refusal);
    expect(await getTile(id)).toBeTextError(409, refusal);
    expect(await ctx.api.putXml(`/workspaces/${ws}/datastores/gis/featuretypes/shrink`, `<featureType>${attributes('state_name')}</featureType>`)).toHaveStatus(
      200,
    );
    expect(Object.keys((await f.get(`/collections/${id}/items`)).json().features[0].properties)).toEqual(['state_name']);
  });
});

describe('datetime', () => {
  it('is refused (400 naming why): no layer has a time column, so it cannot select features', async () => {
    const ws = await fresh();
    expect(await f.get(`/collections/${ws}:states/items?datetime=2024-01-01T00:00:00Z/..`)).toBeTextError(
      400,
      `Invalid datetime: collection '${ws}:states' has no time column, so its features cannot be selected by time`,
    );
    expect(await f.get(`/collections/${ws}:states/items?datetime=yesterday`)).toBeTextError(400);
  });
});
