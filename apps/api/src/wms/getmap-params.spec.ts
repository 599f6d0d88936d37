import { mapGeometry, parseDpi, parseGetMap, requestVersion } from './getmap-params';
import type { MapCrs } from './map-crs';
import { WmsException } from './wms-exception';
import { WmsParams } from './wms-params';
import { DEFAULT_WMS_METADATA } from './wms-service-metadata';

const BASE = 'SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=a:b&STYLES=&CRS=EPSG:4326&BBOX=36,-112,46,-100&WIDTH=256&HEIGHT=128&FORMAT=image/png';

function parse(query: string) {
  return parseGetMap(WmsParams.fromQuery(query), DEFAULT_WMS_METADATA);
}

/** The code and locator of the failure, or 'OK'. */
function failure(query: string): string {
  try {
    parse(query);
    return 'OK';
  } catch (err) {
    if (!(err instanceof WmsException)) throw err;
    return `${err.code ?? '-'} ${err.locator ?? '-'}`;
  }
}

const WGS84_130: MapCrs = { label: 'EPSG:4326', srid: 4326, epsgAxisOrder: true, geographic: true, metresPerUnit: 1 };

describe('parseGetMap', () => {
  it('reads every parameter, names in any case', () => {
    const p = parse(
      'service=wms&Version=1.3.0&request=getmap&layers=a:b,grp&Styles=,x&crs=EPSG:4326&bbox=36,-112,46,-100&width=256&height=128' +
        '&format=image/png8&TRANSPARENT=TRUE&bgcolor=0xAABBCC&format_options=antialias:none;dpi:180&sld_body=<x/>&exceptions=INIMAGE',
    );
    expect(p).toEqual({
      version: '1.3.0',
      layers: ['a:b', 'grp'],
      styles: ['', 'x'],
      crs: { label: 'EPSG:4326', srid: 4326, epsgAxisOrder: true },
      bbox: [36, -112, 46, -100],
      width: 256,
      height: 128,
      format: 'image/png8',
      transparent: true,
      bgcolor: '#aabbcc',
      dpi: 180,
      sldBody: '<x/>',
      exceptions: 'inimage',
    });
  });

  it('gives GeoServer codes and locators for each problem', () => {
    const cases: Array<[string, string]> = [
      [BASE.replace('LAYERS=a:b&', ''), 'MissingParameterValue layers'],
      [BASE.replace('&FORMAT=image/png', ''), 'MissingParameterValue format'],
      [BASE.replace('image/png', 'image/tiff'), 'InvalidFormat format'],
      [BASE.replace('CRS=EPSG:4326&', ''), 'MissingParameterValue crs'],
      [BASE.replace('EPSG:4326', 'AUTO:42001'), 'InvalidCRS crs'],
      [BASE.replace('VERSION=1.3.0', 'VERSION=1.1.1').replace('EPSG:4326', 'nonsense'), 'InvalidSRS srs'],
      [BASE.replace('BBOX=36,-112,46,-100&', ''), 'MissingParameterValue bbox'],
      [BASE.replace('36,-112,46,-100', '1,2,3'), 'InvalidParameterValue bbox'],
      [BASE.replace('36,-112,46,-100', '46,-112,36,-100'), 'InvalidParameterValue bbox'],
      [BASE.replace('36,-112,46,-100', '1,2,x,4'), 'InvalidParameterValue bbox'],
      [BASE.replace('WIDTH=256', 'WIDTH=0'), 'InvalidParameterValue width'],
      [BASE.replace('WIDTH=256', 'WIDTH=8193'), 'InvalidParameterValue width'],
      [BASE.replace('WIDTH=256', 'WIDTH=2.5'), 'InvalidParameterValue width'],
      [BASE.replace('HEIGHT=128', ''), 'MissingParameterValue height'],
      [BASE.replace('WIDTH=256&HEIGHT=128', 'WIDTH=8192&HEIGHT=8192'), 'InvalidParameterValue width'],
      [`${BASE}&BGCOLOR=red`, 'InvalidParameterValue bgcolor'],
      [`${BASE}&FORMAT_OPTIONS=dpi:0`, 'InvalidParameterValue format_options'],
      [BASE.replace('LAYERS=a:b&STYLES=', 'LAYERS=a,b&STYLES=x,y,z'), 'InvalidParameterValue styles'],
      [BASE.replace('LAYERS=a:b', 'LAYERS=a,,b'), 'LayerNotDefined layers'],
      [BASE, 'OK'],
      [BASE.replace('STYLES=&', ''), 'OK'],
      [BASE.replace('image/png', 'png'), 'OK'],
      [BASE.replace('image/png', 'image/jpeg'), 'OK'],
      [BASE.replace('image/png', 'image/webp'), 'OK'],
      [BASE.replace('CRS=', 'SRS='), 'OK'],
    ];
    expect(cases.map(([q]) => [q, failure(q)])).toEqual(cases);
  });

  it('keeps the pixel budget of the settings', () => {
    const small = { ...DEFAULT_WMS_METADATA, maxPixels: 256 * 127 };
    expect(() => parseGetMap(WmsParams.fromQuery(BASE), small)).toThrow("A map of 256 × 128 pixels exceeds this service's budget of 32512 pixels");
    expect(() => parseGetMap(WmsParams.fromQuery(BASE), { ...DEFAULT_WMS_METADATA, maxWidth: 255 })).toThrow('WIDTH 256 exceeds the maximum of 255 pixels');
  });
});

describe('requestVersion', () => {
  it('speaks 1.3.0 from 1.3.0 up, 1.1.1 below, the fallback without VERSION', () => {
    const v = (q: string, fallback: '1.1.1' | '1.3.0' = '1.3.0') => requestVersion(WmsParams.fromQuery(q), fallback);
    expect([
      v('version=1.3.0'),
      v('version=1.3'),
      v('version=2.0.0'),
      v('version=1.1.1'),
      v('version=1.1.0'),
      v('wmtver=1.0.0'),
      v(''),
      v('', '1.1.1'),
      v('version=x'),
    ]).toEqual(['1.3.0', '1.3.0', '1.3.0', '1.1.1', '1.1.1', '1.1.1', '1.3.0', '1.1.1', '1.3.0']);
  });
});

describe('parseDpi', () => {
  it('reads dpi among other format options', () => {
    expect([parseDpi(undefined), parseDpi('dpi:96'), parseDpi('antialias:full;DPI:300'), parseDpi('layout:x')]).toEqual([undefined, 96, 300, undefined]);
    expect(() => parseDpi('dpi:-3')).toThrow("Invalid dpi '-3' in FORMAT_OPTIONS");
  });
});

describe('mapGeometry', () => {
  it('swaps a 1.3.0 EPSG:4326 box to x/y and computes the OGC scale', () => {
    const g = mapGeometry({ bbox: [36, -112, 46, -100], width: 256 }, WGS84_130);
    expect(g.bbox).toEqual([-112, 36, -100, 46]);
    // 12 degrees over 256 OGC pixels of 0.28 mm.
    expect(g.scaleDenominator).toBeCloseTo((12 * 6378137 * Math.PI) / 180 / 256 / 0.00028, 6);
    expect(g.pixelRatio).toBe(1);
  });

  it('keeps x/y for CRS:84, 1.1.1 and projected CRSs', () => {
    const crs84: MapCrs = { ...WGS84_130, label: 'CRS:84', epsgAxisOrder: false };
    expect(mapGeometry({ bbox: [-112, 36, -100, 46], width: 256 }, crs84).bbox).toEqual([-112, 36, -100, 46]);
    const mercator: MapCrs = { label: 'EPSG:3857', srid: 3857, epsgAxisOrder: true, geographic: false, metresPerUnit: 1 };
    const g = mapGeometry({ bbox: [0, 0, 2560, 1280], width: 256, dpi: 180 }, mercator);
    expect(g.bbox).toEqual([0, 0, 2560, 1280]);
    // 10 m a pixel at 180 dpi (0.1411 mm pixels).
    expect(g.scaleDenominator).toBeCloseTo(10 / (0.0254 / 180), 6);
    expect(g.pixelRatio).toBeCloseTo(180 / (25.4 / 0.28), 10);
  });
});
