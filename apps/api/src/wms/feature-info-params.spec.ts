import { parseFeatureInfo, withMapFormat } from './feature-info-params';
import { WmsException } from './wms-exception';
import { WmsParams } from './wms-params';

const read = (query: string, version: '1.1.1' | '1.3.0' = '1.3.0') => parseFeatureInfo(WmsParams.fromQuery(query), version, 256, 128);

function failure(query: string, version: '1.1.1' | '1.3.0' = '1.3.0'): string {
  try {
    read(query, version);
    return 'OK';
  } catch (err) {
    if (!(err instanceof WmsException)) throw err;
    return `${err.code} ${err.locator}`;
  }
}

describe('parseFeatureInfo', () => {
  it('reads the pixel, formats, count and buffer with their defaults', () => {
    expect(read('QUERY_LAYERS=a,b&I=0&J=127')).toEqual({ queryLayers: ['a', 'b'], i: 0, j: 127, infoFormat: 'text/plain', featureCount: 1, buffer: 3 });
    expect(read('query_layers=a&x=255&y=0&info_format=application/json&feature_count=50000&buffer=0', '1.1.1')).toEqual({
      queryLayers: ['a'],
      i: 255,
      j: 0,
      infoFormat: 'application/json',
      featureCount: 1000,
      buffer: 0,
    });
  });

  it('refuses a pixel outside the map (InvalidPoint) and what is missing or unknown', () => {
    expect([
      failure('query_layers=a&i=256&j=0'),
      failure('query_layers=a&i=0&j=128'),
      failure('query_layers=a&i=1.5&j=0'),
      failure('query_layers=a&x=-1&y=0', '1.1.1'),
      failure('query_layers=a&j=0'),
      failure('i=0&j=0'),
      failure('query_layers=a&i=0&j=0&info_format=application/vnd.ogc.gml/3.2'),
      failure('query_layers=a&i=0&j=0&feature_count=0'),
      failure('query_layers=a&x=3&y=4'),
    ]).toEqual([
      'InvalidPoint i',
      'InvalidPoint j',
      'InvalidPoint i',
      'InvalidPoint x',
      'MissingParameterValue i',
      'MissingParameterValue query_layers',
      'InvalidFormat info_format',
      'InvalidParameterValue feature_count',
      'OK',
    ]);
  });
});

describe('withMapFormat', () => {
  it('gives the map parameters a FORMAT when GetFeatureInfo has none', () => {
    expect([withMapFormat(WmsParams.fromQuery('a=1')).get('format'), withMapFormat(WmsParams.fromQuery('FORMAT=image/jpeg')).get('format')]).toEqual([
      'image/png',
      'image/jpeg',
    ]);
  });
});
