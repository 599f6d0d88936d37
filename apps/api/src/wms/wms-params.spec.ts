import { listOf, WmsParams } from './wms-params';
import { exceptionForm, exceptionReport } from './wms-exception-report';
import { WmsException } from './wms-exception';

describe('WmsParams', () => {
  it('reads names in any case, the first of a repeated name, values as sent', () => {
    const p = WmsParams.fromUrl('/geoserver/wms?LaYeRs=A:b&layers=x&BBOX=1,2,3,4&empty=&flag');
    expect([p.get('layers'), p.get('LAYERS'), p.get('bbox'), p.get('empty'), p.nonEmpty('empty'), p.has('flag'), p.get('nope')]).toEqual([
      'A:b',
      'A:b',
      '1,2,3,4',
      '',
      undefined,
      true,
      undefined,
    ]);
  });

  it('splits lists keeping empty items', () => {
    expect([listOf(',a, b'), listOf(''), listOf(undefined)]).toEqual([['', 'a', 'b'], [''], []]);
  });
});

describe('exception reports', () => {
  it('read EXCEPTIONS in both versions spellings', () => {
    expect(
      ['XML', 'INIMAGE', 'blank', 'application/vnd.ogc.se_inimage', 'application/vnd.ogc.se_blank', 'application/vnd.ogc.se_xml', undefined, 'other'].map(
        exceptionForm,
      ),
    ).toEqual(['xml', 'inimage', 'blank', 'inimage', 'blank', 'xml', 'xml', 'xml']);
  });

  it('write 1.1.1 with its DOCTYPE and 1.3.0 in the OGC namespace, text escaped', () => {
    const e = new WmsException('Could not find layer <a&b>', 'LayerNotDefined', 'layers');
    expect(exceptionReport('1.1.1', e, 'http://h/geoserver/schemas')).toBe(
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' +
        '<!DOCTYPE ServiceExceptionReport SYSTEM "http://h/geoserver/schemas/wms/1.1.1/WMS_exception_1_1_1.dtd">\n' +
        '<ServiceExceptionReport version="1.1.1"><ServiceException code="LayerNotDefined" locator="layers">\nCould not find layer &lt;a&amp;b&gt;\n</ServiceException></ServiceExceptionReport>\n',
    );
    expect(exceptionReport('1.3.0', new WmsException('x'), 'http://h/s')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<ServiceExceptionReport version="1.3.0" xmlns="http://www.opengis.net/ogc" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
        ' xsi:schemaLocation="http://www.opengis.net/ogc http://h/s/wms/1.3.0/exceptions_1_3_0.xsd"><ServiceException>\nx\n</ServiceException></ServiceExceptionReport>\n',
    );
  });
});
