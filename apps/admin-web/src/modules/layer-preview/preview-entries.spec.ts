import { describe, expect, it } from 'vitest';
import { entryWorkspace, mapPath, previewEntries } from './preview-entries';

describe('previewEntries', () => {
  it('lists layers and groups with their qualified names', () => {
    const entries = previewEntries(
      [{ workspace: 'topp', name: 'states' }],
      [
        { workspace: null, name: 'world' },
        { workspace: 'topp', name: 'all' },
      ],
    );
    expect(entries.map((e) => [e.kind, e.qualified, entryWorkspace(e)])).toEqual([
      ['layer', 'topp:states', 'topp'],
      ['group', 'world', ''],
      ['group', 'topp:all', 'topp'],
    ]);
  });

  it('links layers to their preview and groups to the group preview, the colon readable', () => {
    const [layer, group] = previewEntries([{ workspace: 'a b', name: 'c' }], [{ workspace: 'w', name: 'g' }]);
    expect(mapPath(layer)).toBe('/preview/a%20b:c');
    expect(mapPath(group)).toBe('/preview/groups/w:g');
  });

  it('builds 100,000 entries quickly', () => {
    const layers = Array.from({ length: 100_000 }, (_, i) => ({ workspace: `ws${i % 50}`, name: `layer_${i}` }));
    const start = performance.now();
    expect(previewEntries(layers, [])).toHaveLength(100_000);
    expect(performance.now() - start).toBeLessThan(500);
  });
});
