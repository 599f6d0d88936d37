/**
 * SLD 1.0.0 documents of the global styles that exist from the first start. Frozen here as the
 * migration inserted them: later changes to the defaults need a migration of their own.
 */
function sld(name: string, title: string, symbolizer: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0"
    xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc"
    xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.opengis.net/sld http://schemas.opengis.net/sld/1.0.0/StyledLayerDescriptor.xsd">
  <NamedLayer>
    <Name>${name}</Name>
    <UserStyle>
      <Name>${name}</Name>
      <Title>${title}</Title>
      <FeatureTypeStyle>
        <Rule>
          <Name>${name}</Name>
${symbolizer}
        </Rule>
      </FeatureTypeStyle>
    </UserStyle>
  </NamedLayer>
</StyledLayerDescriptor>
`;
}

const POINT = `          <PointSymbolizer>
            <Graphic>
              <Mark>
                <WellKnownName>circle</WellKnownName>
                <Fill>
                  <CssParameter name="fill">#FF0000</CssParameter>
                </Fill>
              </Mark>
              <Size>6</Size>
            </Graphic>
          </PointSymbolizer>`;

const LINE = `          <LineSymbolizer>
            <Stroke>
              <CssParameter name="stroke">#0000FF</CssParameter>
              <CssParameter name="stroke-width">1</CssParameter>
            </Stroke>
          </LineSymbolizer>`;

const POLYGON = `          <PolygonSymbolizer>
            <Fill>
              <CssParameter name="fill">#AAAAAA</CssParameter>
            </Fill>
            <Stroke>
              <CssParameter name="stroke">#000000</CssParameter>
              <CssParameter name="stroke-width">1</CssParameter>
            </Stroke>
          </PolygonSymbolizer>`;

/** The global default styles: name → SLD 1.0.0 document. */
export const DEFAULT_STYLES: Record<string, string> = {
  point: sld('point', 'Red square points', POINT),
  line: sld('line', 'Blue lines', LINE),
  polygon: sld('polygon', 'Grey polygons with a black outline', POLYGON),
  generic: sld('generic', 'Generic: grey polygons, blue lines, red points', `${POLYGON}\n${LINE}\n${POINT}`),
};
