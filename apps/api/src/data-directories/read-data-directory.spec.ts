import { join } from 'node:path';
import { validateSld } from '@geocatalog/sld';
import type { DirFiles } from './data-directory';
import { readDirFiles } from './dir-files-on-disk';
import { readDataDirectory } from './read-data-directory';
import { writeDataDirectory } from './write-data-directory';

/** The e2e fixture: a data directory written the way GeoServer writes one. */
const FIXTURE = join(__dirname, '../../../../e2e/fixtures/geoserver-datadir');

const encoder = new TextEncoder();

function filesOf(entries: Record<string, string | Uint8Array>): DirFiles {
  return new Map(Object.entries(entries).map(([path, text]) => [path, typeof text === 'string' ? encoder.encode(text) : text]));
}

const WS = '<workspace>\n  <id>WorkspaceInfoImpl-w1</id>\n  <name>acme</name>\n  <isolated>false</isolated>\n</workspace>';
const NS = '<namespace>\n  <id>NamespaceInfoImpl-n1</id>\n  <prefix>acme</prefix>\n  <uri>http://acme.example/ns</uri>\n</namespace>';
const STORE = (params = '<entry key="dbtype">postgis</entry><entry key="host">db</entry>', type = 'PostGIS') =>
  `<dataStore><id>DataStoreInfoImpl-s1</id><name>db</name><type>${type}</type><enabled>true</enabled>` +
  `<workspace><id>WorkspaceInfoImpl-w1</id></workspace><connectionParameters>${params}</connectionParameters></dataStore>`;
const FT = (extra = '') =>
  `<featureType><id>FeatureTypeInfoImpl-f1</id><name>roads</name><nativeName>roads</nativeName>` +
  `<namespace><id>NamespaceInfoImpl-n1</id></namespace><title>Roads</title><srs>EPSG:4326</srs>${extra}` +
  `<store class="dataStore"><id>DataStoreInfoImpl-s1</id></store></featureType>`;
const LAYER = (defaultStyle = 'StyleInfoImpl-st1', styles = '') =>
  `<layer><name>roads</name><id>LayerInfoImpl-l1</id><type>VECTOR</type><defaultStyle><id>${defaultStyle}</id></defaultStyle>` +
  `<styles class="linked-hash-set">${styles}</styles><resource class="featureType"><id>FeatureTypeInfoImpl-f1</id></resource></layer>`;
const STYLE = (format = 'sld', filename = 'roads.sld') =>
  `<style><id>StyleInfoImpl-st1</id><name>roads</name><workspace><id>WorkspaceInfoImpl-w1</id></workspace>` +
  `<format>${format}</format><languageVersion><version>1.0.0</version></languageVersion><filename>${filename}</filename></style>`;
const SLD = '<StyledLayerDescriptor version="1.0.0"/>';

/** A small directory: workspace acme, PostGIS store db, feature type + layer roads, workspace style roads. */
function acme(overrides: Record<string, string | undefined> = {}): DirFiles {
  const base: Record<string, string | undefined> = {
    'workspaces/acme/workspace.xml': WS,
    'workspaces/acme/namespace.xml': NS,
    'workspaces/acme/db/datastore.xml': STORE(),
    'workspaces/acme/db/roads/featuretype.xml': FT(),
    'workspaces/acme/db/roads/layer.xml': LAYER(),
    'workspaces/acme/styles/roads.xml': STYLE(),
    'workspaces/acme/styles/roads.sld': SLD,
    ...overrides,
  };
  return filesOf(Object.fromEntries(Object.entries(base).filter((e): e is [string, string] => e[1] !== undefined)));
}

describe('readDataDirectory on the e2e fixture', () => {
  const dir = readDataDirectory(readDirFiles(FIXTURE));

  it('reads every record it can hold, with no problem', () => {
    expect(dir.problems).toEqual([]);
    expect(dir.defaultWorkspace).toBe('city');
    expect(dir.workspaces.map((w) => w.input)).toEqual([
      { name: 'city', isolated: false },
      { name: 'parks', isolated: false },
    ]);
    expect(dir.namespaces.map((n) => [n.input.name, n.input.namespaceUri])).toEqual([
      ['city', 'https://data.example.org/city'],
      ['parks', 'urn:example:parks'],
    ]);
    expect(dir.styles.map((s) => [s.workspace ?? '', s.input.name, s.input.languageVersion, s.input.filename])).toEqual([
      ['', 'generic', '1.0.0', 'default_generic.sld'],
      ['', 'highlight', '1.0.0', 'highlight.sld'],
      ['', 'line', '1.0.0', 'default_line.sld'],
      ['', 'point', '1.0.0', 'default_point.sld'],
      ['', 'polygon', '1.0.0', 'default_polygon.sld'],
      ['city', 'places', '1.1.0', 'places.sld'],
      ['city', 'roads', '1.0.0', 'roads.sld'],
    ]);
  });

  it("keeps the PostGIS store's parameters as GeoServer wrote them, passwords untouched", () => {
    expect(dir.dataStores).toHaveLength(1);
    const [store] = dir.dataStores;
    expect(store).toMatchObject({ workspace: 'city', id: 'DataStoreInfoImpl-4f2a7c31:18d3b2e9a41:-7ffa', file: 'workspaces/city/city_db/datastore.xml' });
    expect(store.input).toMatchObject({
      name: 'city_db',
      type: 'PostGIS',
      enabled: true,
      description: 'City base data in PostGIS',
      disableOnConnFailure: false,
    });
    expect(store.input.connectionParameters).toMatchObject({
      host: '${HOST}',
      port: '${PORT}',
      database: '${DATABASE}',
      user: '${USER}',
      passwd: '${PASSWD}',
      schema: '${SCHEMA}',
      dbtype: 'postgis',
      'Expose primary keys': 'true',
      'max connections': '10',
      'min connections': '1',
      'fetch size': '1000',
      'Connection timeout': '20',
      'validate connections': 'true',
      'Loose bbox': 'true',
      preparedStatements: 'false',
      'Estimated extends': 'true',
    });
    expect(Object.keys(store.input.connectionParameters ?? {})).toHaveLength(28);
  });

  it('reads the feature types with titles, keywords, SRS and boxes, and their layers with resolved styles', () => {
    const roads = dir.featureTypes.find((f) => f.input.name === 'city_roads');
    expect(roads).toMatchObject({ workspace: 'city', store: 'city_db' });
    expect(roads?.input).toMatchObject({
      title: 'City roads',
      abstract: 'Main roads of the city centre, with their number of lanes.',
      keywords: ['features', 'roads', 'transport'],
      srs: 'EPSG:3857',
      nativeBbox: { minx: 259775.1637151832, maxx: 262725.13022120495, miny: 6247790.047288093, maxy: 6251579.565257282 },
      latLonBbox: { minx: 2.3336, maxx: 2.3601, miny: 48.8402, maxy: 48.8626 },
      projectionPolicy: 'FORCE_DECLARED',
      metadata: { cachingEnabled: 'false' },
    });
    expect(roads?.input.nativeCRS).toMatch(/^PROJCS\["WGS 84 \/ Pseudo-Mercator",[\s\S]*AUTHORITY\["EPSG","3857"\]\]$/);
    // References live on the Dir record, resolved; the input holds the declared fields only.
    expect(roads?.input).not.toHaveProperty('store');
    expect(roads?.input).not.toHaveProperty('namespace');
    expect(dir.layers.map((l) => ({ at: `${l.workspace}:${l.name}`, defaultStyle: l.defaultStyle, styles: l.styles }))).toEqual([
      { at: 'city:city_places', defaultStyle: { name: 'places', workspace: 'city' }, styles: [{ name: 'point' }, { name: 'highlight' }] },
      { at: 'city:city_roads', defaultStyle: { name: 'roads', workspace: 'city' }, styles: [{ name: 'highlight' }] },
    ]);
    expect(dir.layers[0].input).toEqual({ attribution: { logoWidth: 0, logoHeight: 0 } });
  });

  it('keeps each style document byte for byte; each is valid SLD of its declared version', () => {
    const places = dir.styles.find((s) => s.input.name === 'places');
    expect(Buffer.from(places?.content ?? []).toString('utf8')).toContain('<StyledLayerDescriptor version="1.1.0"');
    for (const style of dir.styles) {
      const checked = validateSld(style.content);
      expect([style.input.name, checked.valid, checked.version, checked.issues]).toEqual([style.input.name, true, style.input.languageVersion, []]);
    }
  });

  it('lists the shapefile store, the coverage store, the layer group and the security folder as skips with reasons', () => {
    expect(dir.skipped.map((s) => [s.kind, s.resource])).toEqual([
      ['coverageStore', '/workspaces/parks/coveragestores/elevation'],
      ['coverage', '/workspaces/parks/coveragestores/elevation/coverages/dem'],
      ['layer', '/layers/parks:dem'],
      ['dataStore', '/workspaces/parks/datastores/parks_shapes'],
      ['featureType', '/workspaces/parks/datastores/parks_shapes/featuretypes/parks'],
      ['layer', '/layers/parks:parks'],
      ['layerGroup', '/workspaces/parks/layergroups/overview'],
      ['security', '/security'],
    ]);
    expect(dir.skipped[3].reason).toBe('A Shapefile store: only PostGIS data stores are imported');
    // A group holding a skipped layer is skipped, the reason naming the member.
    expect(dir.skipped[6].reason).toBe(
      'Its member layer parks:dem is skipped: The layer of /workspaces/parks/coveragestores/elevation/coverages/dem, which is skipped',
    );
  });
});

describe('readDataDirectory on files GeoServer wrote (data/release, Natural Earth countries)', () => {
  // Transcribed from GeoServer's data/release directory (workspaces/ne/…); only the store is a
  // PostGIS one here, since a GeoPackage store would be skipped with its feature types.
  const files = filesOf({
    'workspaces/ne/workspace.xml':
      '<workspace>\n  <id>WorkspaceInfoImpl-1c443fee:182c0f3f209:-7ffe</id>\n  <name>ne</name>\n  <isolated>false</isolated>\n' +
      '  <dateCreated>2022-08-21 15:10:28.234 UTC</dateCreated>\n  <dateModified>2022-08-21 18:08:06.389 UTC</dateModified>\n</workspace>',
    'workspaces/ne/namespace.xml':
      '<namespace>\n  <id>NamespaceInfoImpl-1c443fee:182c0f3f209:-7ffd</id>\n  <prefix>ne</prefix>\n  <uri>https://www.naturalearthdata.com</uri>\n</namespace>',
    'workspaces/ne/NaturalEarth/datastore.xml':
      '<dataStore>\n  <id>DataStoreInfoImpl-1c443fee:182c0f3f209:-7ffb</id>\n  <name>NaturalEarth</name>\n  <type>PostGIS</type>\n  <enabled>true</enabled>\n' +
      '  <workspace>\n    <id>WorkspaceInfoImpl-1c443fee:182c0f3f209:-7ffe</id>\n  </workspace>\n  <connectionParameters>\n' +
      '    <entry key="host">localhost</entry>\n    <entry key="port">5432</entry>\n    <entry key="database">ne</entry>\n    <entry key="user">ne</entry>\n' +
      '    <entry key="passwd">crypt1:KWhO7jrTz/Gi0oTQRKsVeCmWIZY5VZaD</entry>\n    <entry key="dbtype">postgis</entry>\n  </connectionParameters>\n' +
      '  <__default>false</__default>\n</dataStore>',
    'workspaces/ne/NaturalEarth/countries/featuretype.xml': `<featureType>
  <id>FeatureTypeInfoImpl-1c443fee:182c0f3f209:-7ffa</id>
  <name>countries</name>
  <nativeName>countries</nativeName>
  <namespace>
    <id>NamespaceInfoImpl-1c443fee:182c0f3f209:-7ffd</id>
  </namespace>
  <title>Countries</title>
  <abstract>Country boundaries on land and offshore.</abstract>
  <keywords>
    <string>features</string>
    <string>countries</string>
  </keywords>
  <nativeCRS>GEOGCS[&quot;WGS 84&quot;, 
  DATUM[&quot;World Geodetic System 1984&quot;, 
    SPHEROID[&quot;WGS 84&quot;, 6378137.0, 298.257223563, AUTHORITY[&quot;EPSG&quot;,&quot;7030&quot;]], 
    AUTHORITY[&quot;EPSG&quot;,&quot;6326&quot;]], 
  PRIMEM[&quot;Greenwich&quot;, 0.0, AUTHORITY[&quot;EPSG&quot;,&quot;8901&quot;]], 
  UNIT[&quot;degree&quot;, 0.017453292519943295], 
  AXIS[&quot;Geodetic longitude&quot;, EAST], 
  AXIS[&quot;Geodetic latitude&quot;, NORTH], 
  AUTHORITY[&quot;EPSG&quot;,&quot;4326&quot;]]</nativeCRS>
  <srs>EPSG:4326</srs>
  <nativeBoundingBox>
    <minx>-180.0</minx>
    <maxx>180.0</maxx>
    <miny>-90.0</miny>
    <maxy>83.64513</maxy>
    <crs>EPSG:4326</crs>
  </nativeBoundingBox>
  <latLonBoundingBox>
    <minx>-180.0</minx>
    <maxx>180.0</maxx>
    <miny>-90.0</miny>
    <maxy>83.64513</maxy>
    <crs>EPSG:4326</crs>
  </latLonBoundingBox>
  <projectionPolicy>FORCE_DECLARED</projectionPolicy>
  <enabled>true</enabled>
  <metadata>
    <entry key="cachingEnabled">false</entry>
  </metadata>
  <store class="dataStore">
    <id>DataStoreInfoImpl-1c443fee:182c0f3f209:-7ffb</id>
  </store>
  <serviceConfiguration>false</serviceConfiguration>
  <simpleConversionEnabled>false</simpleConversionEnabled>
  <maxFeatures>0</maxFeatures>
  <numDecimals>0</numDecimals>
  <padWithZeros>false</padWithZeros>
  <forcedDecimal>false</forcedDecimal>
  <overridingServiceSRS>false</overridingServiceSRS>
  <skipNumberMatched>false</skipNumberMatched>
  <circularArcPresent>false</circularArcPresent>
</featureType>`,
    'workspaces/ne/NaturalEarth/countries/layer.xml': `<layer>
  <name>countries</name>
  <id>LayerInfoImpl-1c443fee:182c0f3f209:-7ff9</id>
  <type>VECTOR</type>
  <defaultStyle>
    <id>StyleInfoImpl-1c443fee:182c0f3f209:-7fd7</id>
  </defaultStyle>
  <styles class="linked-hash-set">
    <style>
      <id>StyleInfoImpl--570ae188:124761b8d78:-7fe0</id>
    </style>
    <style>
      <id>StyleInfoImpl-7e0cef34:18377ed2cb5:-7f29</id>
    </style>
  </styles>
  <resource class="featureType">
    <id>FeatureTypeInfoImpl-1c443fee:182c0f3f209:-7ffa</id>
  </resource>
  <attribution>
    <logoWidth>0</logoWidth>
    <logoHeight>0</logoHeight>
  </attribution>
  <dateCreated>2022-08-21 15:24:36.787 UTC</dateCreated>
  <dateModified>2026-04-08 22:10:23.412 UTC</dateModified>
</layer>`,
    'workspaces/ne/styles/countries.xml': `<style>
  <id>StyleInfoImpl-7e0cef34:18377ed2cb5:-7f29</id>
  <name>countries</name>
  <workspace>
    <id>WorkspaceInfoImpl-1c443fee:182c0f3f209:-7ffe</id>
  </workspace>
  <format>sld</format>
  <languageVersion>
    <version>1.0.0</version>
  </languageVersion>
  <filename>countries.sld</filename>
  <dateCreated>2022-09-26 06:55:57.89 UTC</dateCreated>
  <dateModified>2023-01-22 22:25:07.329 UTC</dateModified>
</style>`,
    'workspaces/ne/styles/countries.sld': SLD,
  });
  const catalog: Record<string, { workspace?: string; name: string }> = {
    'StyleInfoImpl-1c443fee:182c0f3f209:-7fd7': { workspace: 'ne', name: 'countries_mapcolor9' },
    'StyleInfoImpl--570ae188:124761b8d78:-7fe0': { name: 'polygon' },
  };
  const asked: string[] = [];
  const dir = readDataDirectory(files, {
    foreignId: (kind, id) => {
      asked.push(`${kind} ${id}`);
      return catalog[id];
    },
  });

  it('reads the feature type with the fields GeoServer wrote', () => {
    expect(dir.problems).toEqual([]);
    expect(dir.featureTypes).toHaveLength(1);
    const [ft] = dir.featureTypes;
    expect(ft).toMatchObject({ workspace: 'ne', store: 'NaturalEarth', id: 'FeatureTypeInfoImpl-1c443fee:182c0f3f209:-7ffa' });
    expect(ft.input).toEqual({
      name: 'countries',
      nativeName: 'countries',
      title: 'Countries',
      abstract: 'Country boundaries on land and offshore.',
      keywords: ['features', 'countries'],
      nativeCRS: expect.stringMatching(/^GEOGCS\["WGS 84", \n {2}DATUM/),
      srs: 'EPSG:4326',
      nativeBbox: { minx: -180, maxx: 180, miny: -90, maxy: 83.64513 },
      latLonBbox: { minx: -180, maxx: 180, miny: -90, maxy: 83.64513 },
      projectionPolicy: 'FORCE_DECLARED',
      enabled: true,
      metadata: { cachingEnabled: 'false' },
      maxFeatures: 0,
      numDecimals: 0,
      overridingServiceSrs: false,
      circularArcPresent: false,
    });
  });

  it('resolves ids outside the directory through foreignId, those inside without it', () => {
    expect(dir.layers).toEqual([
      {
        file: 'workspaces/ne/NaturalEarth/countries/layer.xml',
        id: 'LayerInfoImpl-1c443fee:182c0f3f209:-7ff9',
        workspace: 'ne',
        name: 'countries',
        input: { attribution: { logoWidth: 0, logoHeight: 0 } },
        defaultStyle: { workspace: 'ne', name: 'countries_mapcolor9' },
        styles: [{ name: 'polygon' }, { workspace: 'ne', name: 'countries' }],
      },
    ]);
    expect(asked).toEqual(['style StyleInfoImpl-1c443fee:182c0f3f209:-7fd7', 'style StyleInfoImpl--570ae188:124761b8d78:-7fe0']);
    expect(dir.dataStores[0].input.connectionParameters?.passwd).toBe('crypt1:KWhO7jrTz/Gi0oTQRKsVeCmWIZY5VZaD');
    expect(dir.styles.map((s) => [s.workspace, s.input.name])).toEqual([['ne', 'countries']]);
  });

  it('leaves out what GeoServer computes (dates); of the attributes of a feature type, keeps their names: its attribute subset', () => {
    const withAttributes = readDataDirectory(
      acme({
        'workspaces/acme/db/roads/featuretype.xml': FT(
          '<attributes><attribute><name>the_geom</name><minOccurs>0</minOccurs><maxOccurs>1</maxOccurs><nillable>true</nillable></attribute></attributes>',
        ),
      }),
    );
    expect(withAttributes.problems).toEqual([]);
    expect(withAttributes.featureTypes[0].input).toEqual({ name: 'roads', nativeName: 'roads', title: 'Roads', srs: 'EPSG:4326', attributeList: ['the_geom'] });
    expect(dir.workspaces[0].input).toEqual({ name: 'ne', isolated: false });
  });
});

describe('readDataDirectory: where the directory starts', () => {
  it('finds the root below a leading folder of a zip', () => {
    const files = new Map([...acme()].map(([path, bytes]) => [`export-2024/${path}`, bytes]));
    files.set('__MACOSX/export-2024/workspaces/._acme', encoder.encode('junk'));
    const dir = readDataDirectory(files);
    expect(dir.problems).toEqual([]);
    expect(dir.workspaces[0].file).toBe('workspaces/acme/workspace.xml');
    expect(dir.layers).toHaveLength(1);
  });

  it('refuses two data directories side by side, and a folder that is none', () => {
    const two = new Map([...acme()].flatMap(([path, bytes]) => [[`a/${path}`, bytes] as const, [`b/${path}`, bytes] as const]));
    expect(readDataDirectory(two).problems).toEqual([
      { kind: 'directory', resource: '/', file: '', reason: 'More than one folder holds a workspaces/ folder (a/, b/): upload one data directory at a time' },
    ]);
    expect(readDataDirectory(filesOf({ 'README.md': '# notes' })).problems[0].reason).toMatch(/not a GeoServer data directory/);
  });
});

describe('readDataDirectory: the size of a hostile zip', () => {
  it('reads a path 20,000 folders deep and 20,000 candidate roots in linear time', () => {
    const files = acme();
    files.set(`${'deep/'.repeat(20000)}workspaces/x/workspace.xml`, encoder.encode(WS));
    for (let i = 0; i < 20000; i++) files.set(`z${i}/more/workspaces/x/workspace.xml`, encoder.encode(WS));
    const started = Date.now();
    const dir = readDataDirectory(files);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(dir.problems).toEqual([]);
    expect(dir.layers).toHaveLength(1);
  });
});

describe('readDataDirectory: skips', () => {
  it('skips a style of another language, and a layer whose default style it is', () => {
    const dir = readDataDirectory(
      acme({ 'workspaces/acme/styles/roads.xml': STYLE('css', 'roads.css'), 'workspaces/acme/styles/roads.css': '* { stroke: red; }' }),
    );
    expect(dir.problems).toEqual([]);
    expect(dir.styles).toEqual([]);
    expect(dir.layers).toEqual([]);
    expect(dir.featureTypes).toEqual([]);
    expect(dir.skipped).toEqual([
      { kind: 'style', resource: '/workspaces/acme/styles/roads', reason: 'A css style: only SLD styles are imported' },
      {
        kind: 'featureType',
        resource: '/workspaces/acme/datastores/db/featuretypes/roads',
        reason: expect.stringMatching(/^Its default style acme:roads is skipped/),
      },
      { kind: 'layer', resource: '/layers/acme:roads', reason: expect.stringMatching(/^Its default style acme:roads is skipped/) },
    ]);
  });

  it('leaves a skipped alternate style out of the layer, saying so', () => {
    const dir = readDataDirectory(
      acme({
        'workspaces/acme/db/roads/layer.xml': LAYER('StyleInfoImpl-st1', '<style><id>StyleInfoImpl-st2</id></style>'),
        'workspaces/acme/styles/fancy.xml': '<style><id>StyleInfoImpl-st2</id><name>fancy</name><format>ysld</format><filename>fancy.yaml</filename></style>',
      }),
    );
    expect(dir.problems).toEqual([]);
    expect(dir.layers[0].styles).toEqual([]);
    expect(dir.skipped.map((s) => [s.kind, s.resource])).toEqual([
      // A style without a workspace reference belongs to the workspace whose folder holds it.
      ['style', '/workspaces/acme/styles/fancy'],
      ['layerStyle', '/layers/acme:roads'],
    ]);
  });

  it('skips GeoPackage and JNDI stores, SQL views, feature types without a layer, other services’ settings and security', () => {
    const dir = readDataDirectory(
      acme({
        'workspaces/acme/gpkg/datastore.xml': STORE('<entry key="dbtype">geopkg</entry>', 'GeoPackage')
          .replace('<name>db</name>', '<name>gpkg</name>')
          .replace('-s1', '-s2'),
        'workspaces/acme/jndi/datastore.xml': STORE(
          '<entry key="dbtype">postgis</entry><entry key="jndiReferenceName">java:comp/env/jdbc/gis</entry>',
          'PostGIS (JNDI)',
        )
          .replace('<name>db</name>', '<name>jndi</name>')
          .replace('-s1', '-s3'),
        'workspaces/acme/db/view/featuretype.xml': FT(
          '<metadata><entry key="JDBC_VIRTUAL_TABLE"><virtualTable><name>view</name><sql>select 1</sql></virtualTable></entry></metadata>',
        )
          .replace(/roads/g, 'view')
          .replace('-f1', '-f2'),
        'workspaces/acme/db/view/layer.xml': LAYER().replace(/roads/g, 'view').replace('-l1', '-l2'),
        'workspaces/acme/db/lonely/featuretype.xml': FT().replace(/roads/g, 'lonely').replace('-f1', '-f3'),
        'global.xml':
          '<global><settings><contact><contactPerson>Ada</contactPerson></contact><proxyBaseUrl>https://maps.example.org/geoserver</proxyBaseUrl></settings></global>',
        'wms.xml': '<wms><title>Maps</title><srs><string>4326</string></srs></wms>',
        'wcs.xml': '<wcs/>',
        'logging.xml': '<logging/>',
        'workspaces/acme/settings.xml': '<settings><workspace><id>WorkspaceInfoImpl-acme</id></workspace><title>Acme</title></settings>',
        'workspaces/acme/wfs.xml': '<wfs><maxFeatures>50</maxFeatures></wfs>',
        'security/masterpw.info': 'x',
      }),
    );
    expect(dir.problems).toEqual([]);
    expect(dir.featureTypes.map((f) => f.input.name)).toEqual(['roads']);
    expect(dir.skipped.map((s) => [s.kind, s.resource])).toEqual([
      ['featureType', '/workspaces/acme/datastores/db/featuretypes/view'],
      ['layer', '/layers/acme:view'],
      ['dataStore', '/workspaces/acme/datastores/gpkg'],
      ['dataStore', '/workspaces/acme/datastores/jndi'],
      ['featureType', '/workspaces/acme/datastores/db/featuretypes/lonely'],
      ['settings', '/logging'],
      ['serviceSettings', '/services/wcs/settings'],
      ['security', '/security'],
    ]);
    expect(dir.skipped[3].reason).toMatch(/JNDI/);
    // The settings of the server, of the WMS and WFS, and of a workspace are read (contract §10).
    expect(dir.settings?.map((s) => [s.workspace, s.input])).toEqual([
      [undefined, expect.objectContaining({ contact: { contactPerson: 'Ada' }, proxyBaseUrl: 'https://maps.example.org/geoserver' })],
      ['acme', expect.objectContaining({ title: 'Acme' })],
    ]);
    expect(dir.serviceSettings?.map((s) => [s.service, s.workspace, s.input])).toEqual([
      ['wms', undefined, expect.objectContaining({ title: 'Maps', srs: ['4326'] })],
      ['wfs', 'acme', expect.objectContaining({ maxFeatures: 50 })],
    ]);
  });

  it('keeps text metadata and the time dimension, and writes the dimension back as GeoServer wrote it', () => {
    const dir = readDataDirectory(
      acme({
        'workspaces/acme/db/roads/featuretype.xml': FT(
          '<metadata><entry key="time"><dimensionInfo><enabled>true</enabled><attribute>opened</attribute>' +
            '<defaultValue><strategy>MINIMUM</strategy></defaultValue></dimensionInfo></entry>' +
            '<entry key="cachingEnabled">true</entry></metadata>',
        ),
      }),
    );
    expect(dir.featureTypes[0].input.metadata).toEqual({
      time: '{"dimensionInfo":{"enabled":"true","attribute":"opened","defaultValue":{"strategy":"MINIMUM"}}}',
      cachingEnabled: 'true',
    });
    // Written back as GeoServer wrote it.
    const again = readDataDirectory(writeDataDirectory(dir));
    expect(again.featureTypes[0].input.metadata).toEqual(dir.featureTypes[0].input.metadata);
    const xml = new TextDecoder().decode(writeDataDirectory(dir).get('workspaces/acme/db/roads/featuretype.xml'));
    expect(xml).toContain(
      [
        '  <metadata>',
        '    <entry key="time">',
        '      <dimensionInfo>',
        '        <enabled>true</enabled>',
        '        <attribute>opened</attribute>',
        '        <defaultValue>',
        '          <strategy>MINIMUM</strategy>',
        '        </defaultValue>',
        '      </dimensionInfo>',
        '    </entry>',
        '    <entry key="cachingEnabled">true</entry>',
        '  </metadata>',
      ].join('\n'),
    );
  });
});

describe('readDataDirectory: hostile and broken input gives problems, never a throw', () => {
  const problemsOf = (overrides: Record<string, string | undefined>, options = {}) => readDataDirectory(acme(overrides), options).problems;

  it('names a file that is not well-formed XML', () => {
    expect(problemsOf({ 'workspaces/acme/db/datastore.xml': '<dataStore><name>db</dataStore>' })).toEqual([
      {
        kind: 'dataStore',
        resource: '/workspaces/acme/datastores/db',
        file: 'workspaces/acme/db/datastore.xml',
        reason: expect.stringMatching(/^Malformed XML: .* at line 1, column \d+$/),
      },
    ]);
  });

  it('refuses a DOCTYPE and entities (XXE, billion laughs)', () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE style [<!ENTITY x SYSTEM "file:///etc/passwd">]><style><name>&x;</name></style>';
    const laughs = '<!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><featureType><name>&b;</name></featureType>';
    const problems = problemsOf({ 'workspaces/acme/styles/roads.xml': xxe, 'workspaces/acme/db/roads/featuretype.xml': laughs });
    expect(problems.map((p) => [p.file, p.reason])).toEqual([
      ['workspaces/acme/styles/roads.xml', expect.stringMatching(/^Malformed XML: .*DOCTYPE/i)],
      ['workspaces/acme/db/roads/featuretype.xml', expect.stringMatching(/^Malformed XML: .*DOCTYPE/i)],
    ]);
  });

  it('reads nothing more of a workspace whose own file cannot be read: one problem, not one per reference', () => {
    expect(problemsOf({ 'workspaces/acme/workspace.xml': '<workspace><name>acme</workspace>' }).map((p) => p.file)).toEqual(['workspaces/acme/workspace.xml']);
  });

  it('names missing files: namespace.xml, a style document', () => {
    expect(problemsOf({ 'workspaces/acme/namespace.xml': undefined }).map((p) => [p.file, p.reason])).toEqual([
      ['workspaces/acme/namespace.xml', 'The file is missing: GeoServer reads a workspace folder only with both workspace.xml and namespace.xml'],
    ]);
    expect(problemsOf({ 'workspaces/acme/styles/roads.sld': undefined })).toEqual([
      {
        kind: 'style',
        resource: '/workspaces/acme/styles/roads',
        file: 'workspaces/acme/styles/roads.xml',
        reason: 'Its style document workspaces/acme/styles/roads.sld is missing',
      },
    ]);
  });

  it('names a reference to an id found neither in the directory nor in the catalog', () => {
    const asked: string[] = [];
    const problems = problemsOf(
      { 'workspaces/acme/db/roads/layer.xml': LAYER('StyleInfoImpl-gone') },
      { foreignId: (kind: string, id: string) => void asked.push(`${kind} ${id}`) },
    );
    expect(problems).toEqual([
      {
        kind: 'layer',
        resource: '/layers/acme:roads',
        file: 'workspaces/acme/db/roads/layer.xml',
        reason: "Its defaultStyle refers to the style id 'StyleInfoImpl-gone', which is neither in the directory nor in this catalog",
      },
    ]);
    expect(asked).toEqual(['style StyleInfoImpl-gone']);
  });

  it('names an id of the wrong kind, a duplicate id, and a namespace that is not its workspace', () => {
    expect(problemsOf({ 'workspaces/acme/db/roads/layer.xml': LAYER('DataStoreInfoImpl-s1') })[0].reason).toBe(
      "Its defaultStyle refers to the id 'DataStoreInfoImpl-s1', which is the dataStore of workspaces/acme/db/datastore.xml, not a style",
    );
    expect(problemsOf({ 'workspaces/acme/styles/zebra.xml': STYLE().replace('<name>roads</name>', '<name>zebra</name>') })[0]).toEqual({
      kind: 'style',
      resource: '/workspaces/acme/styles/zebra',
      file: 'workspaces/acme/styles/zebra.xml',
      reason: "Its id 'StyleInfoImpl-st1' is also the id of workspaces/acme/styles/roads.xml",
    });
    expect(problemsOf({ 'workspaces/acme/namespace.xml': NS.replace('<prefix>acme</prefix>', '<prefix>other</prefix>') })[0].reason).toBe(
      "Its prefix 'other' is not its workspace's name 'acme'",
    );
  });

  it('names values the declarations refuse, with their own messages', () => {
    const problems = problemsOf({
      'workspaces/acme/db/roads/featuretype.xml': FT('<maxFeatures>lots</maxFeatures>'),
      'workspaces/acme/styles/roads.xml': STYLE().replace('roads.sld', '../../../etc/passwd'),
    });
    expect(problems.map((p) => [p.file, p.reason])).toEqual([
      ['workspaces/acme/styles/roads.xml', "Invalid style filename '../../../etc/passwd': it must be a plain file name"],
      ['workspaces/acme/db/roads/featuretype.xml', "Invalid value for maxFeatures: 'lots' is not a whole number"],
    ]);
  });

  it('names a wrong root element, an empty file, bytes that are not text, and a file too large', () => {
    expect(problemsOf({ 'workspaces/acme/workspace.xml': '<namespace><name>acme</name></namespace>' })).toEqual([
      {
        kind: 'workspace',
        resource: '/workspaces/acme',
        file: 'workspaces/acme/workspace.xml',
        reason: "Expected a 'workspace' document but the root element is 'namespace'",
      },
    ]);
    const problems = problemsOf({
      'workspaces/acme/db/datastore.xml': '',
      'workspaces/acme/styles/roads.xml': '\u0000\u0001\u0002',
      'workspaces/acme/db/roads/featuretype.xml': `<featureType><title>${'x'.repeat(1024 * 1024)}</title></featureType>`,
    });
    expect(problems.map((p) => p.file)).toEqual(['workspaces/acme/styles/roads.xml', 'workspaces/acme/db/datastore.xml']);
    // The feature type under the unreadable store is not read at all.
    expect(
      readDataDirectory(acme({ 'workspaces/acme/db/roads/featuretype.xml': `<featureType><title>${'x'.repeat(1024 * 1024)}</title></featureType>` }))
        .problems[0].reason,
    ).toBe('The file is larger than 1048576 bytes');
  });

  it('names a layer whose resource is not the feature type beside it, and records defined twice', () => {
    const other = FT().replace(/roads/g, 'rails').replace('-f1', '-f9');
    expect(problemsOf({ 'workspaces/acme/db/rails/featuretype.xml': other, 'workspaces/acme/db/rails/layer.xml': LAYER() })[0].reason).toBe(
      'Its resource acme:roads is not the feature type beside it',
    );
    const twice = problemsOf({ 'workspaces/acme2/workspace.xml': WS.replace('-w1', '-w2'), 'workspaces/acme2/namespace.xml': NS.replace('-n1', '-n2') });
    expect(twice.map((p) => [p.file, p.reason])).toEqual([['workspaces/acme2/workspace.xml', 'workspaces/acme/workspace.xml defines the same workspace']]);
  });
});
