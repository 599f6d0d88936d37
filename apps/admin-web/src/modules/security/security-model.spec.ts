import { describe, expect, it } from 'vitest';
import { decisionOfLists, ruleKey, ruleProblem, ruleRows, whatUserCalls, whatUserSees } from './security-model';

const FRESH = { '*.*.r': 'AUTHENTICATED', '*.*.w': 'ADMIN', '*.*.a': 'ADMIN' };
const LAYERS = [
  { workspace: 'topp', name: 'roads' },
  { workspace: 'topp', name: 'states' },
  { workspace: 'sf', name: 'streams' },
];

describe('the rule table', () => {
  it('has one row per target with its roles per mode: the root first, then each workspace before its layers, then global groups', () => {
    const rows = ruleRows({ ...FRESH, 'topp.states.r': 'ADMIN', 'topp.*.a': 'EDITOR', 'topp.*.r': 'EDITOR,READER', 'basemap.r': '*', 'sf.*.w': 'EDITOR' });
    expect(rows.map((r) => [r.target, r.roles])).toEqual([
      ['*.*', { r: 'AUTHENTICATED', w: 'ADMIN', a: 'ADMIN' }],
      ['sf.*', { w: 'EDITOR' }],
      ['topp.*', { a: 'EDITOR', r: 'EDITOR,READER' }],
      ['topp.states', { r: 'ADMIN' }],
      ['basemap', { r: '*' }],
    ]);
  });

  it('builds keys from the form and refuses what the server would refuse', () => {
    expect(ruleKey('topp', '', 'a')).toBe('topp.*.a');
    expect(ruleKey(' ', 'x', 'r')).toBe('*.x.r');
    expect(ruleProblem(ruleKey('topp', 'roads', 'a'), 'EDITOR')).toMatch(/admin \(a\) applies to a whole workspace only/);
    expect(ruleProblem(ruleKey('', 'roads', 'r'), 'EDITOR')).toMatch(/when the workspace is \* the layer must be \* too/);
    expect(ruleProblem('topp.roads.r', '')).toMatch(/names no role/);
    expect(ruleProblem('topp.roads.r', 'editor, READER')).toBeNull();
  });
});

describe('what a user can see, decided as the api decides', () => {
  const rules = { ...FRESH, 'topp.*.r': 'EDITOR', 'topp.states.r': 'ADMIN', 'sf.*.a': 'SFADMIN', 'sf.*.w': 'WRITER' };
  const seen = (roles: string[]) =>
    whatUserSees(decisionOfLists(rules, {}, 'HIDE'), roles, ['topp', 'sf'], LAYERS).map(
      (r) => `${r.workspace}:${r.layer ?? '*'} ${r.read ? 'r' : '-'}${r.write ? 'w' : '-'}${r.administer ? 'a' : '-'}`,
    );

  it('gives a role read where its rule names it, the most specific rule winning', () => {
    expect(seen(['EDITOR'])).toEqual(['sf:* r--', 'sf:streams r--', 'topp:* r--', 'topp:roads r--', 'topp:states ---']);
  });

  it('lets a workspace administrator read all of its workspace, and nothing more outside the root rule', () => {
    expect(seen(['SFADMIN'])).toEqual(['sf:* r-a', 'sf:streams r-a', 'topp:* ---', 'topp:roads ---', 'topp:states ---']);
  });

  it('gives write without read (w is data writes only), and ADMIN everything', () => {
    expect(seen(['WRITER'])).toEqual(['sf:* rw-', 'sf:streams rw-', 'topp:* ---', 'topp:roads ---', 'topp:states ---']);
    expect(seen(['ADMIN']).every((row) => row.endsWith(' rwa'))).toBe(true);
  });
});

describe('which services a user may call, decided as the api decides', () => {
  const services: Record<string, string> = { 'wms.GetMap': 'ROLE_X', 'features.*': 'READER', 'tiles.getTile': '*' };
  const calls = (roles: string[], rules = services) =>
    Object.fromEntries(whatUserCalls(decisionOfLists(FRESH, rules, 'HIDE'), roles).map((r) => [r.service, r.refused]));

  it('keeps out of an operation whoever its rule does not name, the service rule covering the rest', () => {
    expect(calls(['EDITOR'])).toEqual({
      wms: ['GetMap'],
      features: ['getLandingPage', 'getConformanceDeclaration', 'getApi', 'getCollections', 'getCollection', 'getQueryables', 'getFeatures', 'getFeature'],
      tiles: [],
    });
    expect(calls(['ROLE_X', 'READER'])).toEqual({ wms: [], features: [], tiles: [] });
  });

  it('lists every operation of each service, allowed or refused; without rules everything is allowed; ADMIN passes', () => {
    const rows = whatUserCalls(decisionOfLists(FRESH, services, 'HIDE'), ['EDITOR']);
    expect(rows.map((r) => r.service)).toEqual(['wms', 'features', 'tiles']);
    expect(rows[0]).toEqual({ service: 'wms', allowed: ['GetCapabilities', 'GetFeatureInfo', 'GetLegendGraphic'], refused: ['GetMap'] });
    expect(calls([], {})).toEqual({ wms: [], features: [], tiles: [] });
    expect(calls(['ADMIN'], { '*.*': 'NOBODY' })).toEqual({ wms: [], features: [], tiles: [] });
    expect(calls(['READER'], { '*.*': 'NOBODY', 'tiles.*': 'READER' }).tiles).toEqual([]);
    expect(calls(['READER'], { '*.*': 'NOBODY', 'tiles.*': 'READER' }).wms).toHaveLength(4);
  });
});
