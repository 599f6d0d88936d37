import { AccessDecision, ANONYMOUS_CALLER, decisionOf, type Caller } from './access-decision';
import { parseDataKey, parseRoles, parseServiceKey, type DataRule, type ServiceRule } from './rule-keys';

/** Rules as `layers.properties` lines. */
function rules(lines: Record<string, string>): DataRule[] {
  return Object.entries(lines).map(([key, value]) => {
    const k = parseDataKey(key);
    const r = parseRoles(value);
    if (!k.ok || !r.ok) throw new Error(`bad fixture ${key}`);
    return { ...k.value, roles: r.value };
  });
}

function serviceRules(lines: Record<string, string>): ServiceRule[] {
  return Object.entries(lines).map(([key, value]) => {
    const k = parseServiceKey(key);
    const r = parseRoles(value);
    if (!k.ok || !r.ok) throw new Error(`bad fixture ${key}`);
    return { ...k.value, roles: r.value };
  });
}

const user = (...roles: string[]): Caller => ({ roles, anonymous: false });
const admin = user('ADMIN');
const reader = user('READER');
const editor = user('EDITOR');
const topp = user('ROLE_TOPP');
const nobody = user();
const anon = ANONYMOUS_CALLER;

/** The fresh catalog's root rules (contract §12). */
const FRESH = { '*.*.r': 'AUTHENTICATED', '*.*.w': 'ADMIN', '*.*.a': 'ADMIN' };

describe('AccessDecision', () => {
  describe('the fresh catalog keeps the two-role behaviour', () => {
    const d = new AccessDecision(rules(FRESH));
    it.each([
      ['ADMIN', admin, true, true, true],
      ['READER', reader, true, false, false],
      ['a custom role', editor, true, false, false],
      ['anonymous', anon, false, false, false],
    ])('%s: read %s, write %s, administer %s', (_name, caller, r, w, a) => {
      expect(d.readsLayer(caller, 'topp', 'states')).toBe(r);
      expect(d.readsWorkspace(caller, 'topp')).toBe(r);
      expect(d.can(caller, 'w', 'topp', 'states')).toBe(w);
      expect(d.administers(caller, 'topp')).toBe(a);
      expect(d.readsGlobal(caller)).toBe(r);
    });
  });

  describe('the most specific rule wins', () => {
    const d = new AccessDecision(rules({ ...FRESH, 'topp.*.r': 'ROLE_TOPP', 'topp.states.r': 'READER', 'topp.open.r': '*', 'sf.*.r': 'EDITOR,ROLE_TOPP' }));
    it('a layer rule over its workspace rule', () => {
      expect(d.readsLayer(reader, 'topp', 'states')).toBe(true);
      expect(d.readsLayer(topp, 'topp', 'states')).toBe(false);
    });
    it('a workspace rule over the root rule, for every layer without its own', () => {
      expect(d.readsLayer(topp, 'topp', 'roads')).toBe(true);
      expect(d.readsLayer(reader, 'topp', 'roads')).toBe(false);
      expect(d.readsWorkspace(reader, 'topp')).toBe(false);
    });
    it('the root rule where nothing else matches', () => {
      expect(d.readsLayer(reader, 'other', 'x')).toBe(true);
      expect(d.readsLayer(anon, 'other', 'x')).toBe(false);
    });
    it('* opens a layer to everybody, anonymous too, inside a closed workspace', () => {
      expect(d.readsLayer(anon, 'topp', 'open')).toBe(true);
      expect(d.readsLayer(nobody, 'topp', 'open')).toBe(true);
    });
    it('among the caller’s roles the most permissive applies', () => {
      expect(d.readsLayer(user('READER', 'ROLE_TOPP'), 'topp', 'roads')).toBe(true);
      expect(d.readsLayer(user('READER', 'ROLE_TOPP'), 'topp', 'states')).toBe(true);
      expect(d.readsLayer(user('EDITOR'), 'sf', 'x')).toBe(true);
    });
    it('ADMIN passes every rule', () => {
      expect(d.readsLayer(admin, 'topp', 'states')).toBe(true);
      expect(d.readsLayer(admin, 'topp', 'roads')).toBe(true);
    });
    it('a layer name is compared exactly (case and dots)', () => {
      expect(d.readsLayer(topp, 'topp', 'States')).toBe(true); // falls to topp.*.r
      expect(d.readsLayer(reader, 'topp', 'States')).toBe(false);
    });
  });

  describe('each access mode is looked up on its own', () => {
    const d = new AccessDecision(rules({ ...FRESH, 'topp.*.r': 'ROLE_TOPP', 'topp.*.w': 'EDITOR' }));
    it('write does not imply read', () => {
      expect(d.can(editor, 'w', 'topp', 'states')).toBe(true);
      expect(d.readsLayer(editor, 'topp', 'states')).toBe(false);
    });
    it('w gives no administration (no catalog writes)', () => {
      expect(d.administers(editor, 'topp')).toBe(false);
    });
    it('read does not imply write', () => {
      expect(d.can(topp, 'w', 'topp', 'states')).toBe(false);
    });
  });

  describe('workspace administrators', () => {
    const d = new AccessDecision(rules({ ...FRESH, 'topp.*.a': 'EDITOR', 'topp.*.r': 'ROLE_TOPP', 'topp.secret.r': 'NOBODY' }));
    it('administer their workspace and nothing outside', () => {
      expect(d.administers(editor, 'topp')).toBe(true);
      expect(d.administers(editor, 'sf')).toBe(false);
      expect(d.administers(topp, 'topp')).toBe(false);
    });
    it('read everything of their workspace, even a layer read-closed to them', () => {
      expect(d.readsWorkspace(editor, 'topp')).toBe(true);
      expect(d.readsLayer(editor, 'topp', 'secret')).toBe(true);
      expect(d.readsLayer(topp, 'topp', 'secret')).toBe(false);
    });
    it('read other workspaces only as the rules say', () => {
      expect(d.readsLayer(editor, 'sf', 'x')).toBe(true); // the root's AUTHENTICATED
    });
    it('the root administration rule stays ADMIN', () => {
      expect(d.administers(reader, 'sf')).toBe(false);
      expect(d.administers(admin, 'sf')).toBe(true);
    });
  });

  describe('ANONYMOUS, AUTHENTICATED and *', () => {
    const d = new AccessDecision(rules({ ...FRESH, 'pub.*.r': 'ANONYMOUS', 'all.*.r': '*', 'members.*.r': 'AUTHENTICATED' }));
    it('ANONYMOUS matches only requests without credentials', () => {
      expect(d.readsLayer(anon, 'pub', 'x')).toBe(true);
      expect(d.readsLayer(reader, 'pub', 'x')).toBe(false);
      expect(d.readsLayer(admin, 'pub', 'x')).toBe(true);
    });
    it('* matches every caller', () => {
      for (const c of [anon, reader, nobody, editor]) expect(d.readsLayer(c, 'all', 'x')).toBe(true);
    });
    it('AUTHENTICATED matches every signed-in caller, never anonymous', () => {
      expect(d.readsLayer(nobody, 'members', 'x')).toBe(true);
      expect(d.readsLayer(anon, 'members', 'x')).toBe(false);
    });
    it('a public root rule opens everything to anonymous reading', () => {
      const open = new AccessDecision(rules({ ...FRESH, '*.*.r': 'ANONYMOUS,AUTHENTICATED' }));
      expect(open.readsLayer(anon, 'a', 'b')).toBe(true);
      expect(open.readsGlobal(anon)).toBe(true);
      expect(open.administers(anon, 'a')).toBe(false);
    });
  });

  describe('without root rules, GeoServer’s defaults', () => {
    const d = new AccessDecision([]);
    it('read and write to everybody, administration to ADMIN', () => {
      expect(d.readsLayer(anon, 'a', 'b')).toBe(true);
      expect(d.can(anon, 'w', 'a', 'b')).toBe(true);
      expect(d.administers(reader, 'a')).toBe(false);
      expect(d.administers(admin, 'a')).toBe(true);
    });
  });

  describe('global layer groups', () => {
    const d = new AccessDecision(rules({ ...FRESH, 'basemap.r': 'ANONYMOUS', 'secret.r': 'ROLE_TOPP' }));
    it('follow their own rule, else the root', () => {
      expect(d.canGlobalGroup(anon, 'r', 'basemap')).toBe(true);
      expect(d.canGlobalGroup(reader, 'r', 'secret')).toBe(false);
      expect(d.canGlobalGroup(topp, 'r', 'secret')).toBe(true);
      expect(d.canGlobalGroup(reader, 'r', 'other')).toBe(true);
    });
    it('an empty role set after a rule is nobody but ADMIN', () => {
      const closed = new AccessDecision([{ workspace: 'x', layer: '*', mode: 'r', roles: [] }]);
      expect(closed.readsWorkspace(reader, 'x')).toBe(false);
      expect(closed.readsWorkspace(admin, 'x')).toBe(true);
    });
  });

  describe('the catalog mode says how a hidden record answers', () => {
    it.each([
      ['HIDE', anon, 'NOT_FOUND'],
      ['HIDE', reader, 'NOT_FOUND'],
      ['CHALLENGE', anon, 'UNAUTHENTICATED'],
      ['CHALLENGE', reader, 'FORBIDDEN'],
      ['MIXED', anon, 'UNAUTHENTICATED'],
      ['MIXED', reader, 'FORBIDDEN'],
    ] as const)('%s for %o: %s', (mode, caller, refusal) => {
      expect(new AccessDecision([], [], mode).refusal(caller)).toBe(refusal);
    });
  });

  describe('service rules', () => {
    const d = new AccessDecision([], serviceRules({ 'wms.GetMap': 'ROLE_TOPP', 'wms.*': 'READER', 'features.*': 'ANONYMOUS,AUTHENTICATED' }));
    it('the method’s rule, else the service’s, else anybody', () => {
      expect(d.usesService(topp, 'wms', 'GetMap')).toBe(true);
      expect(d.usesService(reader, 'wms', 'GetMap')).toBe(false);
      expect(d.usesService(reader, 'WMS', 'getcapabilities')).toBe(true);
      expect(d.usesService(topp, 'wms', 'GetCapabilities')).toBe(false);
      expect(d.usesService(anon, 'features', 'items')).toBe(true);
      expect(d.usesService(anon, 'tiles', 'tile')).toBe(true);
      expect(d.usesService(admin, 'wms', 'GetMap')).toBe(true);
    });
    it('*.* covers every service without its own rule', () => {
      const closed = new AccessDecision([], serviceRules({ '*.*': 'ADMIN', 'tiles.*': '*' }));
      expect(closed.usesService(reader, 'wms', 'GetMap')).toBe(false);
      expect(closed.usesService(anon, 'tiles', 'tile')).toBe(true);
    });
  });
});

describe('rule keys', () => {
  it.each([
    ['topp.states.r', { workspace: 'topp', layer: 'states', mode: 'r' }],
    ['topp.*.w', { workspace: 'topp', layer: '*', mode: 'w' }],
    ['*.*.a', { workspace: '*', layer: '*', mode: 'a' }],
    ['topp.my.dotted.layer.r', { workspace: 'topp', layer: 'my.dotted.layer', mode: 'r' }],
    ['basemap.r', { workspace: null, layer: 'basemap', mode: 'r' }],
  ])('%s reads from both ends', (key, value) => {
    expect(parseDataKey(key)).toEqual({ ok: true, value });
  });

  it.each([
    ['topp', 'the form is'],
    ['topp.states.x', "unknown access mode 'x'"],
    ['*.states.r', 'the layer must be * too'],
    ['topp.states.a', 'admin (a) applies to a whole workspace only'],
    ['basemap.a', 'admin (a) applies'],
    ['topp..r', 'the form is'],
    ['to pp.*.r', 'the form is'],
    ['*.r', 'the form is'],
  ])('%s is refused', (key, problem) => {
    const parsed = parseDataKey(key);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toContain(problem);
  });

  it('reads service keys', () => {
    expect(parseServiceKey('wms.GetMap')).toEqual({ ok: true, value: { service: 'wms', method: 'GetMap' } });
    expect(parseServiceKey('*.*')).toEqual({ ok: true, value: { service: '*', method: '*' } });
    expect(parseServiceKey('*.GetMap').ok).toBe(false);
    expect(parseServiceKey('wms').ok).toBe(false);
    expect(parseServiceKey('wms.GetMap.x').ok).toBe(false);
  });

  it('reads role lists', () => {
    expect(parseRoles(' ROLE_A , ROLE_B,ROLE_A ')).toEqual({ ok: true, value: ['ROLE_A', 'ROLE_B'] });
    expect(parseRoles('role_a ROLE_B,,')).toEqual({ ok: true, value: ['ROLE_A', 'ROLE_B'] });
    expect(parseRoles('*')).toEqual({ ok: true, value: ['*'] });
    expect(parseRoles('ROLE_A,*')).toEqual({ ok: true, value: ['*'] });
    expect(parseRoles('').ok).toBe(false);
    expect(parseRoles(' , ').ok).toBe(false);
    expect(parseRoles('<x>').ok).toBe(false);
    expect(parseRoles('A'.repeat(65)).ok).toBe(false);
  });
});

describe('decisionOf (rules in their stored form)', () => {
  it('reads rules, a mode row, and skips a row that is no rule', () => {
    const d = decisionOf(
      [
        ['*.*.r', 'AUTHENTICATED'],
        ['topp.*.r', 'ROLE_TOPP'],
        ['mode', 'CHALLENGE'],
        ['not a rule', 'ROLE_TOPP'],
      ],
      [['wms.GetMap', 'ROLE_TOPP']],
    );
    expect(d.readsLayer(topp, 'topp', 'roads')).toBe(true);
    expect(d.readsLayer(reader, 'topp', 'roads')).toBe(false);
    expect(d.refusal(reader)).toBe('FORBIDDEN');
    expect(d.usesService(reader, 'wms', 'GetMap')).toBe(false);
    expect(d.usesService(topp, 'wms', 'GetMap')).toBe(true);
  });

  it('gives a rule whose roles do not parse no role, and keeps HIDE for an unknown mode', () => {
    const d = decisionOf([
      ['topp.*.r', ',,'],
      ['mode', 'OPEN'],
    ]);
    expect(d.readsLayer(topp, 'topp', 'roads')).toBe(false);
    expect(d.refusal(reader)).toBe('NOT_FOUND');
  });
});
