import { CatalogMemo } from './catalog-memo';

describe('CatalogMemo', () => {
  it('loads a key once per change number, again when the number moves', async () => {
    const memo = new CatalogMemo<string>();
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect([await memo.get('k', '7', load), await memo.get('k', '7', load)]).toEqual(['value 1', 'value 1']);
    expect(await memo.get('k', '8', load)).toBe('value 2');
    expect(await memo.get('other', '8', load)).toBe('value 3');
  });

  it('does not keep a failed load', async () => {
    const memo = new CatalogMemo<string>();
    await expect(memo.get('k', '1', () => Promise.reject(new Error('catalog away')))).rejects.toThrow('catalog away');
    expect(await memo.get('k', '1', async () => 'read')).toBe('read');
  });

  it('keeps at most `max` keys, the oldest dropped first', async () => {
    const memo = new CatalogMemo<number>(2);
    let loads = 0;
    const load = async () => ++loads;
    await memo.get('a', '1', load);
    await memo.get('b', '1', load);
    await memo.get('c', '1', load);
    expect([await memo.get('c', '1', load), await memo.get('b', '1', load), await memo.get('a', '1', load)]).toEqual([3, 2, 4]);
  });
});
