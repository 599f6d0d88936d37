import { nodesFromJson, WireNode } from '../wire/node';
import { readDeclared } from '../wire/read';
import { LayerGroup } from './layer-group';

const json = (value: unknown): WireNode => nodesFromJson('layerGroup', value, 16, () => new Error('too deep'))[0];

describe('reading a layer group body', () => {
  it('reads members, styles (empty = default), a bare workspace, a lower-case mode and bounds with a classed CRS', () => {
    const sent = readDeclared(
      LayerGroup,
      json({
        name: 'g',
        mode: 'single',
        title: null,
        workspace: 'acme',
        publishables: {
          published: [
            { '@type': 'layer', name: 'roads' },
            { '@type': 'layerGroup', name: 'other:base' },
          ],
        },
        styles: { style: [{ name: '' }, 'acme:line'] },
        bounds: { minx: -180, maxx: 180, miny: -90, maxy: 90, crs: { $: 'EPSG:4326', '@class': 'projected' } },
      }),
    );
    expect(sent).toEqual({
      name: 'g',
      mode: 'SINGLE',
      workspaceName: 'acme',
      members: [
        { name: 'roads', type: 'layer' },
        { name: 'base', workspace: 'other', type: 'layerGroup' },
      ],
      styles: [null, { name: 'line', workspace: 'acme' }],
      bounds: { minx: -180, maxx: 180, miny: -90, maxy: 90, crs: 'EPSG:4326' },
    });
  });

  it('reads GeoServer’s older <layers><layer> form as layers', () => {
    expect(readDeclared(LayerGroup, json({ layers: { layer: ['a', { name: 'ws:b' }] } })).members).toEqual([
      { name: 'a', type: 'layer' },
      { name: 'b', workspace: 'ws', type: 'layer' },
    ]);
  });

  it('refuses an unknown mode naming the modes', () => {
    expect(() => readDeclared(LayerGroup, json({ mode: 'tiled' }))).toThrow(
      "Invalid layer group mode 'TILED'; one of SINGLE, OPAQUE_CONTAINER, NAMED, CONTAINER, EO",
    );
  });
});
