/** An SLD 1.0.0 document with one UserStyle holding `rules` (specs only). */
export const sld = (rules: string, layer = '<NamedLayer><Name>layer</Name><UserStyle><Name>s</Name>') => `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc" xmlns:gml="http://www.opengis.net/gml">
  ${layer}<FeatureTypeStyle>${rules}</FeatureTypeStyle></UserStyle></NamedLayer>
</StyledLayerDescriptor>`;

export const RED_FILL = '<PolygonSymbolizer><Fill><CssParameter name="fill">#FF0000</CssParameter></Fill></PolygonSymbolizer>';
