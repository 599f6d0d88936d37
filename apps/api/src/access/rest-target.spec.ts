import { qualifiedName, restTarget } from './rest-target';

describe('restTarget', () => {
  it.each([
    ['/rest/workspaces', {}, { scope: 'global' }],
    ['/rest/workspaces/:ws', { ws: 'topp' }, { scope: 'workspace', workspace: 'topp', itself: true }],
    ['/rest/namespaces/:prefix', { prefix: 'topp' }, { scope: 'workspace', workspace: 'topp', itself: true }],
    ['/rest/workspaces/:ws/datastores', { ws: 'topp' }, { scope: 'workspace', workspace: 'topp', itself: false }],
    ['/rest/workspaces/:ws/datastores/:ds', { ws: 'topp', ds: 'pg' }, { scope: 'workspace', workspace: 'topp', itself: false }],
    ['/rest/workspaces/:ws/styles/:style', { ws: 'topp', style: 's' }, { scope: 'workspace', workspace: 'topp', itself: false }],
    ['/rest/workspaces/:ws/settings', { ws: 'topp' }, { scope: 'workspace', workspace: 'topp', itself: false }],
    ['/rest/workspaces/:ws/datastores/:ds/featuretypes/:ft', { ws: 'topp', ds: 'pg', ft: 'states' }, { scope: 'layer', workspace: 'topp', layer: 'states' }],
    ['/rest/workspaces/:ws/layers/:layer', { ws: 'topp', layer: 'states' }, { scope: 'layer', workspace: 'topp', layer: 'states' }],
    ['/rest/workspaces/:ws/layergroups/:group', { ws: 'topp', group: 'g' }, { scope: 'layer', workspace: 'topp', layer: 'g' }],
    ['/rest/layers/:layer', { layer: 'topp:states' }, { scope: 'layer', workspace: 'topp', layer: 'states' }],
    ['/rest/layers/:layer', { layer: 'states' }, { scope: 'layer', workspace: 'default', layer: 'states' }],
    ['/rest/layergroups/:group', { group: 'base' }, { scope: 'global', globalGroup: 'base' }],
    ['/rest/styles/:style', { style: 'point' }, { scope: 'global' }],
  ])('%s %o', (route, params, target) => {
    expect(restTarget(route, params)).toEqual(target);
  });

  it('splits qualified list names', () => {
    expect(qualifiedName('topp:states', undefined)).toEqual({ workspace: 'topp', name: 'states' });
    expect(qualifiedName('states', 'topp')).toEqual({ workspace: 'topp', name: 'states' });
    expect(qualifiedName('base', undefined)).toEqual({ workspace: undefined, name: 'base' });
  });
});
