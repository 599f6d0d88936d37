/**
 * Example request bodies of the OpenAPI document. They are executable: the e2e suite sends each
 * one to the operation that documents it and expects the documented success, so every example
 * names the same small catalog (workspace `acme`, PostGIS store `nyc`, table and layer `roads`,
 * style `roads_style`, user `viewer`).
 */

/** An example body in each format it is documented in. */
export interface BodyExample {
  xml?: string;
  json?: unknown;
  /** SLD 1.0.0 (`application/vnd.ogc.sld+xml`). */
  sld?: string;
  /** SLD 1.1.0 / SE (`application/vnd.ogc.se+xml`). */
  se?: string;
}

/** A valid SLD 1.0.0 document whose style is named `roads_style`. */
export const SLD_10_EXAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer>
    <Name>roads</Name>
    <UserStyle>
      <Name>roads_style</Name>
      <FeatureTypeStyle>
        <Rule>
          <LineSymbolizer>
            <Stroke>
              <CssParameter name="stroke">#CC3300</CssParameter>
              <CssParameter name="stroke-width">2</CssParameter>
            </Stroke>
          </LineSymbolizer>
        </Rule>
      </FeatureTypeStyle>
    </UserStyle>
  </NamedLayer>
</StyledLayerDescriptor>
`;

/** A valid SLD 1.1.0 (Symbology Encoding) document whose style is named `roads_style`. */
export const SE_11_EXAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.1.0" xmlns="http://www.opengis.net/sld" xmlns:se="http://www.opengis.net/se"
    xmlns:ogc="http://www.opengis.net/ogc" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.opengis.net/sld http://schemas.opengis.net/sld/1.1.0/StyledLayerDescriptor.xsd">
  <NamedLayer>
    <se:Name>roads</se:Name>
    <UserStyle>
      <se:Name>roads_style</se:Name>
      <se:FeatureTypeStyle>
        <se:Rule>
          <se:LineSymbolizer>
            <se:Stroke>
              <se:SvgParameter name="stroke">#CC3300</se:SvgParameter>
              <se:SvgParameter name="stroke-width">2</se:SvgParameter>
            </se:Stroke>
          </se:LineSymbolizer>
        </se:Rule>
      </se:FeatureTypeStyle>
    </UserStyle>
  </NamedLayer>
</StyledLayerDescriptor>
`;

const POSTGIS_XML = `<connectionParameters>
    <entry key="host">db.example.org</entry>
    <entry key="port">5432</entry>
    <entry key="database">nyc</entry>
    <entry key="schema">public</entry>
    <entry key="user">bob</entry>
    <entry key="passwd">S3cret-pw</entry>
    <entry key="dbtype">postgis</entry>
  </connectionParameters>`;

const POSTGIS_JSON = {
  entry: [
    { '@key': 'host', $: 'db.example.org' },
    { '@key': 'port', $: 5432 },
    { '@key': 'database', $: 'nyc' },
    { '@key': 'schema', $: 'public' },
    { '@key': 'user', $: 'bob' },
    { '@key': 'passwd', $: 'S3cret-pw' },
    { '@key': 'dbtype', $: 'postgis' },
  ],
};

/** Example bodies, by what they create or change. */
export const EXAMPLES = {
  workspaceCreate: { xml: '<workspace><name>acme</name></workspace>', json: { workspace: { name: 'acme' } } },
  workspaceUpdate: { xml: '<workspace><isolated>false</isolated></workspace>', json: { workspace: { isolated: false } } },
  namespaceCreate: {
    xml: '<namespace><prefix>acme</prefix><uri>http://acme.example.org</uri></namespace>',
    json: { namespace: { prefix: 'acme', uri: 'http://acme.example.org' } },
  },
  namespaceUpdate: { xml: '<namespace><uri>http://acme.example.org/v2</uri></namespace>', json: { namespace: { uri: 'http://acme.example.org/v2' } } },
  dataStoreCreate: {
    xml: `<dataStore>\n  <name>nyc</name>\n  ${POSTGIS_XML}\n</dataStore>`,
    json: { dataStore: { name: 'nyc', connectionParameters: POSTGIS_JSON } },
  },
  dataStoreUpdate: { xml: '<dataStore><description>New York roads</description></dataStore>', json: { dataStore: { description: 'New York roads' } } },
  connectionTest: {
    xml: `<dataStore>\n  ${POSTGIS_XML}\n</dataStore>`,
    json: { dataStore: { connectionParameters: POSTGIS_JSON } },
  },
  featureTypeCreate: {
    xml: '<featureType><name>roads</name><nativeName>roads</nativeName><title>Roads</title><srs>EPSG:4326</srs></featureType>',
    json: { featureType: { name: 'roads', nativeName: 'roads', title: 'Roads', srs: 'EPSG:4326' } },
  },
  featureTypeUpdate: { xml: '<featureType><title>Roads of New York</title></featureType>', json: { featureType: { title: 'Roads of New York' } } },
  layerUpdate: {
    xml: '<layer><defaultStyle><name>roads_style</name><workspace>acme</workspace></defaultStyle></layer>',
    json: { layer: { defaultStyle: { name: 'roads_style', workspace: 'acme' } } },
  },
  layerStyle: {
    xml: '<style><name>roads_style</name><workspace>acme</workspace></style>',
    json: { style: { name: 'roads_style', workspace: { name: 'acme' } } },
  },
  styleCreate: {
    xml: '<style><name>roads_style</name><filename>roads_style.sld</filename></style>',
    json: { style: { name: 'roads_style', filename: 'roads_style.sld' } },
    sld: SLD_10_EXAMPLE,
    se: SE_11_EXAMPLE,
  },
  styleUpdate: {
    xml: '<style><filename>roads_style.sld</filename></style>',
    json: { style: { filename: 'roads_style.sld' } },
    sld: SLD_10_EXAMPLE,
    se: SE_11_EXAMPLE,
  },
  userCreate: {
    xml: '<user><userName>viewer</userName><password>s3cret-Pw</password><enabled>true</enabled></user>',
    json: { user: { userName: 'viewer', password: 's3cret-Pw', enabled: true } },
  },
  userUpdate: { xml: '<user><password>n3w-s3cret</password></user>', json: { user: { password: 'n3w-s3cret' } } },
  dataRulesCreate: { xml: '<rules><rule resource="acme.roads.r">READER</rule></rules>', json: { 'acme.roads.r': 'READER' } },
  dataRulesUpdate: { xml: '<rules><rule resource="acme.*.r">READER,EDITOR</rule></rules>', json: { 'acme.*.r': 'READER,EDITOR' } },
  serviceRulesCreate: { xml: '<rules><rule resource="wms.GetFeatureInfo">READER</rule></rules>', json: { 'wms.GetFeatureInfo': 'READER' } },
  serviceRulesUpdate: { xml: '<rules><rule resource="wms.GetMap">READER</rule></rules>', json: { 'wms.GetMap': 'READER' } },
  catalogMode: { xml: '<catalog><mode>HIDE</mode></catalog>', json: { mode: 'HIDE' } },
} satisfies Record<string, BodyExample>;
