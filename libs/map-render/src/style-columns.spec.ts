import { sld } from '../testing/sld';
import { compileSld } from './compile-sld';
import { styleColumns } from './style-columns';

describe('styleColumns', () => {
  it('lists the attributes of filters, labels and property functions, each once, sorted', async () => {
    const result = await compileSld(
      sld(`<Rule><ogc:Filter><ogc:And>
          <ogc:PropertyIsGreaterThan><ogc:PropertyName>pop</ogc:PropertyName><ogc:Literal>10</ogc:Literal></ogc:PropertyIsGreaterThan>
          <ogc:Not><ogc:PropertyIsNull><ogc:PropertyName>kind</ogc:PropertyName></ogc:PropertyIsNull></ogc:Not>
          <ogc:PropertyIsBetween><ogc:PropertyName>area</ogc:PropertyName><ogc:LowerBoundary><ogc:Literal>1</ogc:Literal></ogc:LowerBoundary><ogc:UpperBoundary><ogc:Literal>2</ogc:Literal></ogc:UpperBoundary></ogc:PropertyIsBetween>
        </ogc:And></ogc:Filter>
        <PointSymbolizer><Graphic><Mark><WellKnownName>circle</WellKnownName></Mark><Size><ogc:Function name="max"><ogc:PropertyName>size</ogc:PropertyName><ogc:Literal>3</ogc:Literal></ogc:Function></Size></Graphic></PointSymbolizer>
        <TextSymbolizer><Label><ogc:PropertyName>name</ogc:PropertyName></Label></TextSymbolizer></Rule>
        <Rule><ElseFilter/><LineSymbolizer><Stroke><CssParameter name="stroke">#000000</CssParameter></Stroke></LineSymbolizer></Rule>`),
    );
    expect(result.errors).toEqual([]);
    expect(styleColumns(result.style!)).toEqual(['area', 'kind', 'name', 'pop', 'size']);
  });

  it('is empty for a style that reads no attribute', async () => {
    const result = await compileSld(sld('<Rule><LineSymbolizer><Stroke/></LineSymbolizer></Rule>'));
    expect(styleColumns(result.style!)).toEqual([]);
  });
});
