/** Starting points for a new style: an SLD 1.0.0 document per geometry kind. */
export type StyleTemplate = 'polygon' | 'line' | 'point';

export const STYLE_TEMPLATES: Record<StyleTemplate, string> = {
  polygon: 'Polygons: a fill and an outline',
  line: 'Lines: a stroke',
  point: 'Points: a circle mark',
};

const SYMBOLIZERS: Record<StyleTemplate, string> = {
  polygon: `          <PolygonSymbolizer>
            <Fill>
              <CssParameter name="fill">#4F8FBA</CssParameter>
            </Fill>
            <Stroke>
              <CssParameter name="stroke">#23527C</CssParameter>
              <CssParameter name="stroke-width">1</CssParameter>
            </Stroke>
          </PolygonSymbolizer>`,
  line: `          <LineSymbolizer>
            <Stroke>
              <CssParameter name="stroke">#23527C</CssParameter>
              <CssParameter name="stroke-width">2</CssParameter>
            </Stroke>
          </LineSymbolizer>`,
  point: `          <PointSymbolizer>
            <Graphic>
              <Mark>
                <WellKnownName>circle</WellKnownName>
                <Fill><CssParameter name="fill">#4F8FBA</CssParameter></Fill>
                <Stroke><CssParameter name="stroke">#23527C</CssParameter></Stroke>
              </Mark>
              <Size>8</Size>
            </Graphic>
          </PointSymbolizer>`,
};

/** An SLD 1.0.0 document for a new style named `name`. */
export function templateSld(name: string, template: StyleTemplate): string {
  const escaped = name.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0"
    xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc"
    xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <NamedLayer>
    <Name>${escaped}</Name>
    <UserStyle>
      <Name>${escaped}</Name>
      <FeatureTypeStyle>
        <Rule>
          <Name>${escaped}</Name>
${SYMBOLIZERS[template]}
        </Rule>
      </FeatureTypeStyle>
    </UserStyle>
  </NamedLayer>
</StyledLayerDescriptor>
`;
}
