import { AccessDecision, type Caller, parseDataKey, parseRoles, type DataRule } from '@geocatalog/catalog-model';
import { hiddenByOpaqueContainers, readsGlobalGroupDirectly, readsLayerDirectly } from './opaque-containers';

function rules(lines: Record<string, string>): DataRule[] {
  return Object.entries(lines).map(([key, value]) => {
    const k = parseDataKey(key);
    const r = parseRoles(value);
    if (!k.ok || !r.ok) throw new Error(`bad fixture ${key}`);
    return { ...k.value, roles: r.value };
  });
}

const reader: Caller = { roles: ['READER'], anonymous: false };

describe('hiddenByOpaqueContainers', () => {
  it('hides the members of an opaque container, not those of other modes', () => {
    const hidden = hiddenByOpaqueContainers([
      { name: 'topp:base', mode: 'OPAQUE_CONTAINER', members: ['topp:roads', 'topp:rivers'] },
      { name: 'topp:single', mode: 'SINGLE', members: ['topp:states'] },
      { name: 'topp:tree', mode: 'NAMED', members: ['topp:cities'] },
    ]);
    expect([...hidden].sort()).toEqual(['topp:rivers', 'topp:roads']);
  });

  it('reads the mode in any case', () => {
    expect(hiddenByOpaqueContainers([{ name: 'g', mode: 'opaque_container', members: ['topp:roads'] }]).has('topp:roads')).toBe(true);
  });

  it('a member a reachable tree group also holds stays reachable; a SINGLE group does not make it so', () => {
    const hidden = hiddenByOpaqueContainers([
      { name: 'topp:base', mode: 'OPAQUE_CONTAINER', members: ['topp:roads', 'topp:rivers'] },
      { name: 'topp:tree', mode: 'CONTAINER', members: ['topp:roads'] },
      { name: 'topp:single', mode: 'SINGLE', members: ['topp:rivers'] },
    ]);
    expect(hidden.has('topp:roads')).toBe(false);
    expect(hidden.has('topp:rivers')).toBe(true);
  });

  it('nesting: a tree group inside an opaque container hides its own members too', () => {
    const hidden = hiddenByOpaqueContainers([
      { name: 'world', mode: 'OPAQUE_CONTAINER', members: ['topp:tree'] },
      { name: 'topp:tree', mode: 'NAMED', members: ['topp:roads', 'topp:inner'] },
      { name: 'topp:inner', mode: 'NAMED', members: ['topp:rivers'] },
    ]);
    expect([...hidden].sort()).toEqual(['topp:inner', 'topp:rivers', 'topp:roads', 'topp:tree']);
  });

  it('no opaque container: nothing hidden', () => {
    expect(hiddenByOpaqueContainers([{ name: 'g', mode: 'NAMED', members: ['topp:roads'] }]).size).toBe(0);
  });
});

describe('reading directly', () => {
  const d = new AccessDecision(rules({ '*.*.r': 'AUTHENTICATED', 'topp.secret.r': 'ADMIN', 'closed.r': 'ADMIN' }));
  const hidden = hiddenByOpaqueContainers([{ name: 'world', mode: 'OPAQUE_CONTAINER', members: ['topp:roads', 'inner'] }]);

  it('needs both the rules and no opaque container', () => {
    expect(readsLayerDirectly(d, reader, 'topp', 'states', hidden)).toBe(true);
    expect(readsLayerDirectly(d, reader, 'topp', 'roads', hidden)).toBe(false);
    expect(readsLayerDirectly(d, reader, 'topp', 'secret', hidden)).toBe(false);
    expect(readsGlobalGroupDirectly(d, reader, 'world', hidden)).toBe(true);
    expect(readsGlobalGroupDirectly(d, reader, 'inner', hidden)).toBe(false);
    expect(readsGlobalGroupDirectly(d, reader, 'closed', hidden)).toBe(false);
  });
});
