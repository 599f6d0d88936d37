import { checkSldBody, sldForLayer } from './sld-library';
import type { WmsLayer } from './wms-catalog';

const SLD = `<?xml version="1.0"?>
<sld:StyledLayerDescriptor version="1.0.0" xmlns:sld="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <sld:NamedLayer><sld:Name>acme:roads</sld:Name><sld:UserStyle><sld:Name>r</sld:Name><sld:FeatureTypeStyle><sld:Rule><sld:LineSymbolizer/></sld:Rule></sld:FeatureTypeStyle></sld:UserStyle></sld:NamedLayer>
  <sld:NamedLayer><sld:Name>sites</sld:Name><sld:UserStyle><sld:Name>s</sld:Name><sld:FeatureTypeStyle><sld:Rule><sld:PointSymbolizer/></sld:Rule></sld:FeatureTypeStyle></sld:UserStyle></sld:NamedLayer>
</sld:StyledLayerDescriptor>`;

const layer = (name: string) => ({ workspace: 'acme', name }) as WmsLayer;

describe('sldForLayer', () => {
  it("gives each layer the SLD's NamedLayer of its name, with or without the workspace", () => {
    const roads = sldForLayer(SLD, { named: false, requested: 'acme:roads', layer: layer('roads') });
    expect(roads).toContain('<sld:Name>r</sld:Name>');
    expect(roads).not.toContain('<sld:Name>s</sld:Name>');
    expect(roads).toMatch(/^<\?xml version="1.0"\?>\n<sld:StyledLayerDescriptor [^>]*><sld:NamedLayer>[\s\S]*<\/sld:NamedLayer><\/sld:StyledLayerDescriptor>$/);
    const sites = sldForLayer(SLD, { named: false, requested: 'sites', layer: layer('sites') });
    expect(sites).toContain('<sld:Name>s</sld:Name>');
  });

  it('leaves a layer the SLD does not name, or one STYLES names a style for, to the catalog', () => {
    expect(sldForLayer(SLD, { named: false, requested: 'acme:rivers', layer: layer('rivers') })).toBeNull();
    expect(sldForLayer(SLD, { named: true, requested: 'acme:roads', layer: layer('roads') })).toBeNull();
  });
});

describe('checkSldBody', () => {
  it('accepts a valid SLD and refuses anything else with InvalidParameterValue', () => {
    expect(() => checkSldBody(SLD)).not.toThrow();
    expect(() => checkSldBody('<nonsense/>')).toThrow(/^SLD_BODY is not a valid SLD: /);
  });
});
