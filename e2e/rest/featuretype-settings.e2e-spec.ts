/**
 * Feature type fields GeoServer clients set and this catalog used to drop: `cqlFilter`,
 * `responseSRS` and `metadata` entries. Sent on POST and PUT, in XML and JSON, they are kept and
 * read back in GeoServer's layout; a PUT that leaves them out keeps them; bad values are a 400.
 */
import { createWorkspace } from '../support/catalog';
import { createFeatureType, featureTypesPath } from '../support/featuretype';
import { uniqueName } from '../support/geoserver';
import { createSpatialStore, createStatesTable, tableSuffix, useSpatialApi } from '../support/postgis';

const ctx = useSpatialApi();
const table = `settings_${tableSuffix()}`;

beforeAll(async () => {
  await createStatesTable(ctx.db, table);
});

/** Publishes the table in a new workspace and store; the feature type's path. */
async function publish(): Promise<string> {
  const ws = uniqueName('ftset');
  await createWorkspace(ctx.api, ws);
  await createSpatialStore(ctx.api, ctx.db, ws, 'st');
  await createFeatureType(ctx.api, ws, 'st', `<featureType><name>${table}</name></featureType>`);
  return `${featureTypesPath(ws, 'st')}/${table}`;
}

describe('feature type settings', () => {
  it('keeps cqlFilter, responseSRS and metadata sent on POST (XML), in GeoServer’s order and layout', async () => {
    const { api } = ctx;
    const ws = uniqueName('ftset');
    await createWorkspace(api, ws);
    await createSpatialStore(api, ctx.db, ws, 'st');
    await createFeatureType(
      api,
      ws,
      'st',
      `<featureType><name>${table}</name><cqlFilter>state_abbr &lt;&gt; 'CO'</cqlFilter>` +
        '<responseSRS><string>4326</string><string>3857</string></responseSRS>' +
        '<metadata><entry key="cachingEnabled">true</entry><entry key="kml.regionateStrategy">external-sorting</entry></metadata></featureType>',
    );
    const xml = (await api.get(`${featureTypesPath(ws, 'st')}/${table}.xml`)).text;
    expect(xml).toContain(
      [
        '  <metadata>',
        '    <entry key="cachingEnabled">true</entry>',
        '    <entry key="kml.regionateStrategy">external-sorting</entry>',
        '  </metadata>',
        '  <store class="dataStore">',
      ].join('\n'),
    );
    expect(xml).toContain(
      '  <simpleConversionEnabled>false</simpleConversionEnabled>\n  <cqlFilter>state_abbr &lt;&gt; &apos;CO&apos;</cqlFilter>\n  <maxFeatures>0</maxFeatures>',
    );
    expect(xml).toContain(
      '  <forcedDecimal>false</forcedDecimal>\n  <responseSRS>\n    <string>4326</string>\n    <string>3857</string>\n  </responseSRS>\n  <overridingServiceSRS>',
    );
    const json = JSON.parse((await api.get(`${featureTypesPath(ws, 'st')}/${table}.json`)).text).featureType;
    expect(json.cqlFilter).toBe("state_abbr <> 'CO'");
    expect(json.responseSRS).toEqual({ string: ['4326', '3857'] });
    expect(json.metadata).toEqual({
      entry: [
        { '@key': 'cachingEnabled', $: 'true' },
        { '@key': 'kml.regionateStrategy', $: 'external-sorting' },
      ],
    });
  });

  it('sets them with a JSON PUT, keeps them through a PUT that leaves them out, and writes none while unset', async () => {
    const { api } = ctx;
    const path = await publish();
    const before = (await api.get(`${path}.xml`)).text;
    expect(before).not.toMatch(/<cqlFilter>|<responseSRS>|<metadata>/);
    expect(
      await api.putJson(path, {
        featureType: { cqlFilter: "state_name LIKE 'New%'", responseSRS: { string: 4326 }, metadata: { entry: { '@key': 'time', $: 'off' } } },
      }),
    ).toHaveStatus(200);
    expect(await api.putJson(path, { featureType: { title: 'Renamed title' } })).toHaveStatus(200);
    const json = JSON.parse((await api.get(`${path}.json`)).text).featureType;
    expect([json.title, json.cqlFilter, json.responseSRS, json.metadata]).toEqual([
      'Renamed title',
      "state_name LIKE 'New%'",
      { string: ['4326'] },
      { entry: [{ '@key': 'time', $: 'off' }] },
    ]);
  });

  it('refuses a responseSRS that is not an EPSG number (400) and changes nothing', async () => {
    const { api } = ctx;
    const path = await publish();
    const res = await api.putXml(path, '<featureType><title>never</title><responseSRS><string>EPSG:3857</string></responseSRS></featureType>');
    expect(res).toBeTextError(400);
    expect(res.text).toBe("Invalid responseSRS 'EPSG:3857': give EPSG codes as numbers, e.g. 4326");
    expect((await api.get(`${path}.xml`)).text).not.toContain('never');
  });
});
