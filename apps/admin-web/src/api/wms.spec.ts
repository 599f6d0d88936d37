import { describe, expect, it } from 'vitest';
import { featureItemsUrl, getMapUrl, legendGraphicUrl, parseFeatureInfo, wmsBaseFor } from './wms';

describe('WMS links', () => {
  it('finds the WMS beside the REST API under any context path', () => {
    expect(wmsBaseFor('/geoserver/rest')).toBe('/geoserver/wms');
    expect(wmsBaseFor('/maps/rest')).toBe('/maps/wms');
  });

  it('asks GetMap for the layer box, 768 pixels on the longer side', () => {
    const url = new URL(getMapUrl('/geoserver/wms', 'topp:states', [-124, 24, -66, 50]), 'http://x');
    expect(url.pathname).toBe('/geoserver/wms');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      service: 'WMS',
      version: '1.1.1',
      request: 'GetMap',
      layers: 'topp:states',
      styles: '',
      srs: 'EPSG:4326',
      bbox: '-124,24,-66,50',
      width: '768',
      height: String(Math.round((768 * 26) / 58)),
      format: 'image/png',
    });
  });

  it('keeps the layer name readable and crosses the antimeridian eastwards', () => {
    const url = getMapUrl('/geoserver/wms', 'ws:fiji', [170, -20, -175, -10]);
    expect(url).toContain('layers=ws:fiji');
    expect(new URL(url, 'http://x').searchParams.get('bbox')).toBe('170,-20,185,-10');
  });

  it('leaves a projected box as it is, in its own CRS', () => {
    const url = new URL(getMapUrl('/geoserver/wms', 'group', [10, 20, 5, 40], 'EPSG:3857'), 'http://x');
    expect(url.searchParams.get('srs')).toBe('EPSG:3857');
    expect(url.searchParams.get('bbox')).toBe('10,20,5,40');
  });

  it('links the legend (with a style when given) and the GeoJSON items', () => {
    expect(legendGraphicUrl('/geoserver/wms', 'ws:roads')).toBe(
      '/geoserver/wms?service=WMS&version=1.1.1&request=GetLegendGraphic&layer=ws:roads&format=image/png',
    );
    expect(legendGraphicUrl('/geoserver/wms', 'ws:roads', 'ws:red')).toContain('&style=ws:red');
    expect(featureItemsUrl('/geoserver/ogc/features/v1', 'ws:roads')).toBe('/geoserver/ogc/features/v1/collections/ws%3Aroads/items?f=json');
  });

  it('reads a GetFeatureInfo JSON answer, and nothing from something else', () => {
    expect(parseFeatureInfo({ type: 'FeatureCollection', features: [{ id: 'roads.3', properties: { name: 'A1' } }, { properties: null }] })).toEqual([
      { id: 'roads.3', properties: { name: 'A1' } },
      { id: '', properties: {} },
    ]);
    expect(parseFeatureInfo('<ServiceExceptionReport/>')).toEqual([]);
  });
});
