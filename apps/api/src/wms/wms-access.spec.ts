import { CatalogError, decisionOf, ANONYMOUS_CALLER, type Caller, type CatalogMode } from '@geocatalog/catalog-model';
import { ReadScope } from '../access/read-access';
import type { LayerToDraw } from './map-layers';
import { checkNames, readableDraws, wmsMethod } from './wms-access';
import type { WmsCatalog } from './wms-catalog';
import { WmsException } from './wms-exception';

const RULES = { '*.*.r': 'AUTHENTICATED', 'pub.*.r': '*', 'res.*.r': 'ROLE_TOPP', 'basemap.r': '*', 'secret.r': 'ROLE_TOPP' };

function scope(caller: Caller, mode: CatalogMode = 'HIDE'): ReadScope {
  return new ReadScope(decisionOf(Object.entries(RULES), [], mode), caller, 'wms', 'GetMap');
}

/** The catalog's answers for bare names: global groups `basemap` and `secret`, layer `roads` in `res`. */
const catalog = {
  group: async (ws: string | null, name: string) => (ws === null && ['basemap', 'secret'].includes(name) ? { id: 1 } : null),
  workspacesWithLayer: async (name: string) => (name === 'roads' ? ['res'] : []),
} as unknown as WmsCatalog;

const reader: Caller = { roles: ['READER'], anonymous: false };

describe('WMS access', () => {
  it('names the service rules’ methods as GeoServer does', () => {
    expect(['GetMap', 'map', 'getcapabilities', 'GetFeatureInfo', 'getlegendgraphic', 'DescribeLayer'].map(wmsMethod)).toEqual([
      'GetMap',
      'GetMap',
      'GetCapabilities',
      'GetFeatureInfo',
      'GetLegendGraphic',
      'DescribeLayer',
    ]);
  });

  it('lets readable names through: prefixed, in a virtual service, global groups, unknown names (left to the lookup)', async () => {
    await expect(checkNames(catalog, null, scope(reader), ['pub:states', 'basemap', 'nothing', 'other:x'], 'layers')).resolves.toBeUndefined();
    await expect(checkNames(catalog, 'pub', scope(ANONYMOUS_CALLER), ['states', 'pub:states', 'res:states'], 'layers')).resolves.toBeUndefined();
  });

  it('hides what the caller may not read (LayerNotDefined) in HIDE mode, challenges in CHALLENGE mode', async () => {
    for (const names of [['res:states'], ['roads'], ['secret'], ['pub:states', 'res:states']]) {
      await expect(checkNames(catalog, null, scope(reader), names, 'layers')).rejects.toEqual(
        new WmsException(`Could not find layer ${names[names.length - 1]}`, 'LayerNotDefined', 'layers'),
      );
    }
    await expect(checkNames(catalog, 'res', scope(reader), ['states'], 'query_layers')).rejects.toMatchObject({
      code: 'LayerNotDefined',
      locator: 'query_layers',
    });
    await expect(checkNames(catalog, null, scope(reader, 'CHALLENGE'), ['res:states'], 'layers')).rejects.toBeInstanceOf(CatalogError);
    await expect(checkNames(catalog, null, scope(ANONYMOUS_CALLER, 'CHALLENGE'), ['roads'], 'layers')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('draws only the members of a group the caller reads', () => {
    const draw = (workspace: string, name: string) => ({ layer: { workspace, name } }) as LayerToDraw;
    const draws = [draw('pub', 'a'), draw('res', 'b'), draw('pub', 'c')];
    expect(readableDraws(draws, scope(reader)).map((d) => d.layer.name)).toEqual(['a', 'c']);
    expect(readableDraws(draws, undefined)).toBe(draws);
  });
});
