import { capabilitiesModel, geographicBox, mercatorBox } from './capabilities-model';
import type { WmsGroup, WmsLayer } from './wms-catalog';
import { DEFAULT_WMS_METADATA } from './wms-service-metadata';

const layer = (over: Partial<WmsLayer> = {}): WmsLayer => ({
  id: 1,
  workspace: 'acme',
  namespaceUri: 'http://acme',
  name: 'roads',
  title: 'Roads',
  abstract: null,
  keywords: ['k'],
  srs: 'EPSG:26713',
  nativeBbox: { minx: 1, miny: 2, maxx: 3, maxy: 4 },
  latLonBbox: { minx: -105, miny: 39, maxx: -104, maxy: 40 },
  queryable: true,
  opaque: false,
  styles: [
    { id: 1, name: 'line', workspace: null },
    { id: 2, name: 'dashed', workspace: 'acme' },
  ],
  store: { storeId: 1, qualifiedName: 'acme:gis', names: { workspace: 'acme', store: 'gis' }, params: {} },
  nativeName: 'roads',
  srid: 26713,
  attributeSubset: null,
  cqlFilter: null,
  ...over,
});

const group = (over: Partial<WmsGroup> = {}): WmsGroup => ({
  id: 1,
  workspace: null,
  name: 'base',
  mode: 'SINGLE',
  title: null,
  abstract: null,
  keywords: [],
  bounds: null,
  latLonBbox: { minx: -106, miny: 38, maxx: -104, maxy: 40 },
  ...over,
});

describe('geographicBox', () => {
  it('clamps to the schema range and widens a box crossing the antimeridian to every longitude', () => {
    expect([
      geographicBox({ minx: -10, miny: -95, maxx: 10, maxy: 91 }),
      geographicBox({ minx: 170, miny: -20, maxx: 190, maxy: -10 }),
      geographicBox({ minx: 170, miny: -20, maxx: -170, maxy: -10 }),
      geographicBox({ minx: -190, miny: 0, maxx: -170, maxy: 1 }),
      geographicBox(null),
      geographicBox({ minx: NaN, miny: 0, maxx: 1, maxy: 1 }),
    ]).toEqual([
      { minx: -10, miny: -90, maxx: 10, maxy: 90 },
      { minx: -180, miny: -20, maxx: 180, maxy: -10 },
      { minx: -180, miny: -20, maxx: 180, maxy: -10 },
      { minx: -180, miny: 0, maxx: 180, maxy: 1 },
      null,
      null,
    ]);
  });
});

describe('mercatorBox', () => {
  it('is the spherical Mercator of the corners, latitudes kept within Mercator', () => {
    const b = mercatorBox({ minx: -180, miny: -90, maxx: 180, maxy: 90 });
    expect([b.minx, b.maxx].map((v) => Math.round(v))).toEqual([-20037508, 20037508]);
    expect([b.miny, b.maxy].map((v) => Math.round(v))).toEqual([-20037508, 20037508]);
  });
});

describe('capabilitiesModel', () => {
  it('lists CRSs native first, boxes per CRS, default style first with legends', () => {
    const m = capabilitiesModel({
      service: { ...DEFAULT_WMS_METADATA, srsList: ['2056', 'EPSG:4326'] },
      serviceUrl: 'http://h/geoserver/wms',
      schemas: 'http://h/geoserver/schemas',
      workspace: null,
      layers: [layer()],
      legendSize: (style) => (style.name === 'dashed' ? { width: 87, height: 40 } : { width: 20, height: 20 }),
      groups: [
        group(),
        group({ id: 2, name: 'eo', mode: 'EO' }),
        group({ id: 3, workspace: 'acme', name: 'local', bounds: { minx: 0, miny: 0, maxx: 1, maxy: 1, crs: 'EPSG:26713' } }),
      ],
    });
    expect(m.rootCrs).toEqual(['EPSG:4326', 'CRS:84', 'EPSG:3857', 'EPSG:2056']);
    expect(m.layers.map((l) => l.name)).toEqual(['acme:roads', 'base', 'acme:local']);
    const [roads, , local] = m.layers;
    expect(roads.crs).toEqual(['EPSG:26713', 'EPSG:4326', 'CRS:84', 'EPSG:3857', 'EPSG:2056']);
    expect(roads.boxes.map((b) => b.crs)).toEqual(['CRS:84', 'EPSG:4326', 'EPSG:3857', 'EPSG:26713']);
    expect(roads.styles).toEqual([
      {
        name: 'line',
        title: 'line',
        legendUrl: 'http://h/geoserver/wms?service=WMS&request=GetLegendGraphic&format=image%2Fpng&width=20&height=20&layer=acme%3Aroads',
        legendWidth: 20,
        legendHeight: 20,
      },
      {
        name: 'acme:dashed',
        title: 'acme:dashed',
        legendUrl: 'http://h/geoserver/wms?service=WMS&request=GetLegendGraphic&format=image%2Fpng&width=20&height=20&layer=acme%3Aroads&style=acme%3Adashed',
        legendWidth: 87,
        legendHeight: 40,
      },
    ]);
    expect(local.boxes.map((b) => b.crs)).toEqual(['CRS:84', 'EPSG:4326', 'EPSG:3857', 'EPSG:26713']);
    expect(m.geographic).toEqual({ minx: -106, miny: 38, maxx: -104, maxy: 40 });
  });

  it('drops the workspace from names in a virtual service', () => {
    const m = capabilitiesModel({ service: DEFAULT_WMS_METADATA, serviceUrl: 'u', schemas: 's', workspace: 'acme', layers: [layer()], groups: [] });
    expect([m.layers[0].name, m.layers[0].styles.map((s) => s.name)]).toEqual(['roads', ['line', 'dashed']]);
  });
});

describe('capabilitiesModel layer tree', () => {
  it('nests NAMED and CONTAINER members, keeps SINGLE members at the root, hides OPAQUE members', () => {
    const m = capabilitiesModel({
      service: DEFAULT_WMS_METADATA,
      serviceUrl: 'u',
      schemas: 's',
      workspace: 'acme',
      layers: [layer({ id: 1, name: 'a' }), layer({ id: 2, name: 'b', queryable: false }), layer({ id: 3, name: 'c' }), layer({ id: 4, name: 'd' })],
      groups: [
        group({ id: 10, workspace: 'acme', name: 'named', mode: 'NAMED' }),
        group({ id: 11, workspace: 'acme', name: 'single', mode: 'SINGLE' }),
        group({ id: 12, workspace: 'acme', name: 'box', title: 'Box', mode: 'CONTAINER' }),
        group({ id: 13, workspace: 'acme', name: 'opaque', mode: 'OPAQUE_CONTAINER' }),
      ],
      members: new Map([
        [
          10,
          [
            { kind: 'layer', layerId: 1, styleId: null },
            { kind: 'group', groupId: 11 },
          ],
        ],
        [11, [{ kind: 'layer', layerId: 3, styleId: null }]],
        [12, [{ kind: 'layer', layerId: 2, styleId: null }]],
        [13, [{ kind: 'layer', layerId: 4, styleId: null }]],
      ]),
    });
    const shape = (l: (typeof m.layers)[number]): unknown => (l.children.length ? { [l.name ?? `(${l.title})`]: l.children.map(shape) } : l.name);
    expect(m.layers.map(shape)).toEqual(['c', { named: ['a', 'single'] }, { '(Box)': ['b'] }, 'opaque']);
    expect(m.layers.map((l) => l.queryable)).toEqual([true, true, false, true]);
  });

  it('lists only the groups the caller may read: a tree group left out leaves its members at the root, an opaque one keeps them hidden', () => {
    const m = capabilitiesModel({
      service: DEFAULT_WMS_METADATA,
      serviceUrl: 'u',
      schemas: 's',
      workspace: 'acme',
      layers: [layer({ id: 1, name: 'a' }), layer({ id: 2, name: 'b' }), layer({ id: 3, name: 'c' })],
      groups: [
        group({ id: 10, workspace: 'acme', name: 'named', mode: 'NAMED' }),
        group({ id: 11, workspace: 'acme', name: 'opaque', mode: 'OPAQUE_CONTAINER' }),
        group({ id: 12, workspace: 'acme', name: 'open', mode: 'NAMED' }),
      ],
      members: new Map([
        [10, [{ kind: 'layer', layerId: 1, styleId: null }]],
        [11, [{ kind: 'layer', layerId: 2, styleId: null }]],
        [12, [{ kind: 'layer', layerId: 3, styleId: null }]],
      ]),
      groupListed: (g) => g.name === 'open',
    });
    const shape = (l: (typeof m.layers)[number]): unknown => (l.children.length ? { [l.name ?? `(${l.title})`]: l.children.map(shape) } : l.name);
    expect(m.layers.map(shape)).toEqual(['a', { open: ['c'] }]);
  });
});
