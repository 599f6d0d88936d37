import { join } from 'node:path';
import { catalogId } from './catalog-id';
import type { DataDirectory, DirFiles } from './data-directory';
import { readDirFiles } from './dir-files-on-disk';
import { readDataDirectory } from './read-data-directory';
import { writeDataDirectory } from './write-data-directory';

const FIXTURE = join(__dirname, '../../../../e2e/fixtures/geoserver-datadir');
const decoder = new TextDecoder();
const text = (files: DirFiles, path: string) => decoder.decode(files.get(path));

/** A file as GeoServer wrote it, less what this catalog does not write: the dates. */
function withoutDates(xml: string): string {
  return xml.replace(/\n *<date(Created|Modified)>[^<]*<\/date\1>/g, '');
}

const SLD = new TextEncoder().encode('<StyledLayerDescriptor version="1.0.0"/>');

/** A directory built the way an export builds one: records without GeoServer ids. */
function built(): DataDirectory {
  return {
    defaultWorkspace: 'acme',
    workspaces: [{ file: '', input: { name: 'acme', isolated: false } }],
    namespaces: [{ file: '', input: { name: 'acme', namespaceUri: 'urn:acme', isolated: false } }],
    dataStores: [
      {
        file: '',
        workspace: 'acme',
        input: {
          name: 'db',
          description: 'Acme & co <main> "db"',
          type: 'PostGIS',
          enabled: true,
          connectionParameters: {
            host: 'db',
            port: '5432',
            database: 'gis',
            user: 'gis',
            passwd: 'crypt2:abc',
            dbtype: 'postgis',
            'Expose primary keys': 'true',
          },
          disableOnConnFailure: false,
        },
      },
    ],
    featureTypes: [
      {
        file: '',
        workspace: 'acme',
        store: 'db',
        input: {
          name: 'roads',
          nativeName: 'roads',
          title: 'Roads',
          keywords: ['roads', 'transport'],
          nativeCRS: 'EPSG:3857',
          srs: 'EPSG:3857',
          nativeBbox: { minx: -20037508.342789244, maxx: 20037508.342789244, miny: -1e-4, maxy: 12 },
          latLonBbox: { minx: -180, maxx: 180, miny: -85.05, maxy: 85.05 },
          projectionPolicy: 'FORCE_DECLARED',
          enabled: true,
          metadata: { cachingEnabled: 'false' },
          responseSrs: ['4326'],
          maxFeatures: 0,
          numDecimals: 0,
          overridingServiceSrs: false,
          circularArcPresent: false,
        },
      },
    ],
    layers: [
      {
        file: '',
        workspace: 'acme',
        name: 'roads',
        input: { enabled: true, queryable: true },
        defaultStyle: { name: 'roads', workspace: 'acme' },
        // `point` is a built-in this directory does not hold.
        styles: [{ name: 'point' }, { name: 'roads', workspace: 'acme' }],
      },
    ],
    styles: [{ file: '', workspace: 'acme', input: { name: 'roads', format: 'sld', languageVersion: '1.0.0', filename: 'roads.sld' }, content: SLD }],
    layerGroups: [],
    skipped: [],
    problems: [],
  };
}

describe('writeDataDirectory', () => {
  const fixtureFiles = readDirFiles(FIXTURE);
  const fixture = readDataDirectory(fixtureFiles);
  const written = writeDataDirectory(fixture);

  it('writes the records it holds file for file as GeoServer wrote them, less the dates', () => {
    const kept = [
      'workspaces/default.xml',
      'workspaces/city/workspace.xml',
      'workspaces/city/namespace.xml',
      'workspaces/parks/namespace.xml',
      'workspaces/city/city_db/datastore.xml',
      'workspaces/city/city_db/city_roads/featuretype.xml',
      'workspaces/city/city_db/city_roads/layer.xml',
      'workspaces/city/city_db/city_places/featuretype.xml',
      'workspaces/city/city_db/city_places/layer.xml',
      'workspaces/city/styles/places.xml',
      'styles/point.xml',
    ];
    for (const path of kept) expect([path, text(written, path)]).toEqual([path, withoutDates(text(fixtureFiles, path))]);
    expect(written.get('workspaces/city/styles/places.sld')).toEqual(fixtureFiles.get('workspaces/city/styles/places.sld'));
  });

  it('writes nothing of what it skipped', () => {
    const paths = [...written.keys()];
    expect(paths.filter((p) => p.startsWith('workspaces/parks/'))).toEqual(['workspaces/parks/namespace.xml', 'workspaces/parks/workspace.xml']);
    expect(paths).toEqual([...paths].sort());
  });

  it('reads back equal: read → write → read', () => {
    expect(readDataDirectory(written)).toEqual({ ...fixture, skipped: [] });
  });

  it('reads back equal: write → read of a built directory, with the ids it gave', () => {
    const dir = built();
    const files = writeDataDirectory(dir);
    const expected = built();
    expected.workspaces[0].id = catalogId('workspace', '/workspaces/acme');
    expected.namespaces[0].id = catalogId('namespace', '/namespaces/acme');
    expected.dataStores[0].id = catalogId('dataStore', '/workspaces/acme/datastores/db');
    expected.featureTypes[0].id = catalogId('featureType', '/workspaces/acme/datastores/db/featuretypes/roads');
    expected.layers[0].id = catalogId('layer', '/layers/acme:roads');
    expected.styles[0].id = catalogId('style', '/workspaces/acme/styles/roads');
    const paths = {
      'workspaces/acme/workspace.xml': expected.workspaces[0],
      'workspaces/acme/namespace.xml': expected.namespaces[0],
      'workspaces/acme/db/datastore.xml': expected.dataStores[0],
      'workspaces/acme/db/roads/featuretype.xml': expected.featureTypes[0],
      'workspaces/acme/db/roads/layer.xml': expected.layers[0],
      'workspaces/acme/styles/roads.xml': expected.styles[0],
    };
    for (const [path, record] of Object.entries(paths)) record.file = path;
    // The reader lists the settings files it found: none here.
    expect(readDataDirectory(files)).toEqual({ ...expected, settings: [], serviceSettings: [] });
    // Written twice, the same bytes: ids are stable.
    expect(writeDataDirectory(built())).toEqual(files);
  });

  it('writes references by id inside the directory and by name outside it, in GeoServer order', () => {
    const files = writeDataDirectory(built());
    expect(text(files, 'workspaces/acme/db/roads/layer.xml')).toBe(
      [
        '<layer>',
        '  <name>roads</name>',
        `  <id>${catalogId('layer', '/layers/acme:roads')}</id>`,
        '  <type>VECTOR</type>',
        '  <defaultStyle>',
        `    <id>${catalogId('style', '/workspaces/acme/styles/roads')}</id>`,
        '  </defaultStyle>',
        '  <styles class="linked-hash-set">',
        '    <style>',
        '      <name>point</name>',
        '    </style>',
        '    <style>',
        `      <id>${catalogId('style', '/workspaces/acme/styles/roads')}</id>`,
        '    </style>',
        '  </styles>',
        '  <resource class="featureType">',
        `    <id>${catalogId('featureType', '/workspaces/acme/datastores/db/featuretypes/roads')}</id>`,
        '  </resource>',
        '  <enabled>true</enabled>',
        '  <queryable>true</queryable>',
        '</layer>',
      ].join('\n'),
    );
    const store = text(files, 'workspaces/acme/db/datastore.xml');
    expect(store).toContain('<description>Acme &amp; co &lt;main&gt; &quot;db&quot;</description>');
    expect(store).toContain(`<workspace>\n    <id>${catalogId('workspace', '/workspaces/acme')}</id>\n  </workspace>`);
    expect(store).toContain('<__default>false</__default>');
    // Java's HashMap order (java-hashmap-order.spec.ts), as GeoServer writes the parameters; not the order given.
    expect([...store.matchAll(/<entry key="([^"]+)">/g)].map((m) => m[1])).toEqual([
      'database',
      'port',
      'passwd',
      'Expose primary keys',
      'host',
      'dbtype',
      'user',
    ]);
    const ft = text(files, 'workspaces/acme/db/roads/featuretype.xml');
    expect(ft).toContain('<nativeCRS>EPSG:3857</nativeCRS>');
    expect(ft).toContain('<minx>-2.0037508342789244E7</minx>');
    expect(ft).toContain('<miny>-1.0E-4</miny>');
    expect(ft).toContain('<responseSRS>\n    <string>4326</string>\n  </responseSRS>');
    expect(ft).not.toMatch(/atom:link|dateCreated|<attributes>/);
    expect(text(files, 'workspaces/default.xml')).toBe(text(files, 'workspaces/acme/workspace.xml'));
  });

  it('marks a projected CRS given as WKT, and gives a style document a file name of its own', () => {
    const dir = built();
    dir.featureTypes[0].input.nativeCRS = 'PROJCS["WGS 84 / Pseudo-Mercator", GEOGCS["WGS 84"]]';
    dir.styles.push({ file: '', workspace: 'acme', input: { name: 'other', format: 'sld', languageVersion: '1.0.0', filename: 'roads.sld' }, content: SLD });
    const files = writeDataDirectory(dir);
    const ft = text(files, 'workspaces/acme/db/roads/featuretype.xml');
    expect(ft).toContain('<nativeCRS class="projected">PROJCS[&quot;WGS 84 / Pseudo-Mercator&quot;, GEOGCS[&quot;WGS 84&quot;]]</nativeCRS>');
    expect(ft).toContain('<crs class="projected">EPSG:3857</crs>');
    expect(ft).toContain('<crs>EPSG:4326</crs>');
    expect(text(files, 'workspaces/acme/styles/other.xml')).toContain('<filename>other.sld</filename>');
    expect(files.has('workspaces/acme/styles/other.sld')).toBe(true);
  });

  it('refuses a layer without its feature type', () => {
    const dir = built();
    dir.featureTypes = [];
    expect(() => writeDataDirectory(dir)).toThrow('The layer acme:roads has no feature type in the directory');
  });
});

describe('catalogId', () => {
  it('is a GeoServer-style id, stable for a record and distinct between records', () => {
    const id = catalogId('workspace', '/workspaces/acme');
    expect(id).toMatch(/^WorkspaceInfoImpl-[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(catalogId('workspace', '/workspaces/acme')).toBe(id);
    expect(catalogId('workspace', '/workspaces/acme2')).not.toBe(id);
    expect(catalogId('style', '/styles/point')).toMatch(/^StyleInfoImpl-/);
  });
});
