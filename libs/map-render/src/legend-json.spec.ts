import { RED_FILL, sld } from '../testing/sld';
import { compileSld } from './compile-sld';
import { legendEntries } from './legend';
import { filterToCql, legendJson } from './legend-json';

describe('legendEntries and legendJson', () => {
  it('has one entry per rule, titled by its Title, else its Name, else its number', async () => {
    const { style } = await compileSld(
      sld(`<Rule><Name>a</Name><Title>First</Title>${RED_FILL}</Rule><Rule><Name>b</Name>${RED_FILL}</Rule><Rule>${RED_FILL}</Rule>`),
    );
    expect(legendEntries(style!).map((e) => [e.name, e.title, e.kinds])).toEqual([
      ['a', 'First', ['Fill']],
      ['b', 'b', ['Fill']],
      ['', 'Rule 3', ['Fill']],
    ]);
  });

  it("writes GeoServer's JSON legend: filters as CQL, numbers as Java prints them", async () => {
    const { style } = await compileSld(
      sld(`<Rule><Name>big</Name><Title>Big</Title>
        <ogc:Filter><ogc:PropertyIsGreaterThanOrEqualTo><ogc:PropertyName>pop</ogc:PropertyName><ogc:Literal>10</ogc:Literal></ogc:PropertyIsGreaterThanOrEqualTo></ogc:Filter>
        <PolygonSymbolizer><Fill><CssParameter name="fill">#ff0000</CssParameter><CssParameter name="fill-opacity">0.5</CssParameter></Fill>
        <Stroke><CssParameter name="stroke">#000000</CssParameter><CssParameter name="stroke-width">2</CssParameter></Stroke></PolygonSymbolizer></Rule>
        <Rule><Name>dots</Name><PointSymbolizer><Graphic><Mark><WellKnownName>circle</WellKnownName><Fill><CssParameter name="fill">#00FF00</CssParameter></Fill></Mark><Size>8</Size></Graphic></PointSymbolizer></Rule>`),
    );
    expect(legendJson(style!, { layerName: 'states', title: 'USA' })).toEqual({
      layerName: 'states',
      title: 'USA',
      rules: [
        {
          name: 'big',
          title: 'Big',
          filter: '[pop >= 10]',
          symbolizers: [
            {
              Polygon: {
                stroke: '#000000',
                'stroke-width': '2.0',
                'stroke-opacity': '1.0',
                'stroke-linecap': 'butt',
                'stroke-linejoin': 'miter',
                fill: '#FF0000',
                'fill-opacity': '0.5',
              },
            },
          ],
        },
        {
          name: 'dots',
          symbolizers: [{ Point: { size: '8.0', opacity: '1.0', rotation: '0.0', graphics: [{ mark: 'circle', fill: '#00FF00', 'fill-opacity': '1.0' }] } }],
        },
      ],
    });
    expect(legendJson(style!, { layerName: 'states', ruleName: 'dots' }).rules.map((r) => r.name)).toEqual(['dots']);
  });

  it('prints filters as ECQL', () => {
    expect(filterToCql(['&&', ['==', 'name', "O'Hare"], ['!', ['<', 'pop', 5]]] as never)).toBe("(name = 'O''Hare') AND (NOT (pop < 5))");
    expect(filterToCql(['<=x<=', 'pop', 1, 2] as never)).toBe('pop BETWEEN 1 AND 2');
    expect(filterToCql(['==', 'kind', null] as never)).toBe('kind IS NULL');
  });
});
