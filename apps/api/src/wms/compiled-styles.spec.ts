import { compileSld, styleColumns } from '@geocatalog/map-render';
import { CompiledStyles } from './compiled-styles';

const sld = (fill: string, property = 'kind') => `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>s</Name><UserStyle><Title>s</Title><FeatureTypeStyle><Rule>
    <ogc:Filter><ogc:PropertyIsEqualTo><ogc:PropertyName>${property}</ogc:PropertyName><ogc:Literal>a</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter>
    <PolygonSymbolizer><Fill><CssParameter name="fill">${fill}</CssParameter></Fill></PolygonSymbolizer>
  </Rule></FeatureTypeStyle></UserStyle></NamedLayer>
</StyledLayerDescriptor>`;

/** The real renderer's compiler, counting its calls. */
function countingRenderer() {
  const calls: string[] = [];
  return {
    calls,
    renderer: {
      compileSld: (text: string) => {
        calls.push(text);
        return compileSld(text);
      },
      styleColumns,
    },
  };
}

describe('CompiledStyles', () => {
  it('compiles an SLD text once and hands out the same style, with the columns it reads', async () => {
    const { calls, renderer } = countingRenderer();
    const cache = new CompiledStyles(renderer);
    const [a, b] = await Promise.all([cache.compile(sld('#AAAAAA')), cache.compile(sld('#AAAAAA'))]);
    const c = await cache.compile(sld('#AAAAAA'));
    expect(calls).toHaveLength(1);
    expect(a.style).not.toBeNull();
    expect(b.style).toBe(a.style);
    expect(c.style).toBe(a.style);
    expect(a.columns).toEqual(['kind']);
  });

  it('compiles an edited style anew (the key is the text) and keeps errors as answers', async () => {
    const { calls, renderer } = countingRenderer();
    const cache = new CompiledStyles(renderer);
    const before = await cache.compile(sld('#AAAAAA', 'kind'));
    const after = await cache.compile(sld('#AAAAAA', 'type'));
    expect(calls).toHaveLength(2);
    expect(after.style).not.toBe(before.style);
    expect(after.columns).toEqual(['type']);
    const bad = await cache.compile('<not-sld/>');
    expect(bad.style).toBeNull();
    expect(bad.errors.length).toBeGreaterThan(0);
    expect(bad.columns).toEqual([]);
  });

  it('drops the least recently used text beyond its size', async () => {
    const { calls, renderer } = countingRenderer();
    const cache = new CompiledStyles(renderer, 2);
    await cache.compile(sld('#000001'));
    await cache.compile(sld('#000002'));
    await cache.compile(sld('#000001')); // now the most recent
    await cache.compile(sld('#000003')); // drops #000002
    await cache.compile(sld('#000001'));
    expect(calls).toHaveLength(3);
    await cache.compile(sld('#000002'));
    expect(calls).toHaveLength(4);
  });
});
