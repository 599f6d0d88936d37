import { keysetPages } from './list-pages';

describe('keyset pages', () => {
  const rows = Array.from({ length: 1234 }, (_, i) => i);
  const query = (asked: Array<[number | undefined, number]>) => (after: number | undefined, limit: number) => {
    asked.push([after, limit]);
    const start = after === undefined ? 0 : after + 1;
    return Promise.resolve(rows.slice(start, start + limit));
  };

  it('read every row once, in order, each page after the last row of the one before', async () => {
    const asked: Array<[number | undefined, number]> = [];
    const seen: number[] = [];
    for await (const page of keysetPages(query(asked), [10, 100, 500])) seen.push(...page);
    expect(seen).toEqual(rows);
    expect(asked).toEqual([
      [undefined, 10],
      [9, 100],
      [109, 500],
      [609, 500],
      [1109, 500],
    ]);
  });

  it('stop reading when the consumer stops (a client gone), with at most one page read ahead', async () => {
    const asked: Array<[number | undefined, number]> = [];
    for await (const page of keysetPages(query(asked), [10, 100])) {
      if (page[0] >= 10) break;
    }
    expect(asked.length).toBeLessThanOrEqual(3);
  });

  it('end on an exact multiple of the page size with one empty read, and on an empty table at once', async () => {
    const exact = Array.from({ length: 20 }, (_, i) => i);
    const pages: number[][] = [];
    for await (const page of keysetPages(
      (after: number | undefined, limit) => Promise.resolve(exact.slice(after === undefined ? 0 : after + 1).slice(0, limit)),
      [10],
    ))
      pages.push(page);
    expect(pages).toEqual([exact.slice(0, 10), exact.slice(10)]);
    const none: number[][] = [];
    for await (const page of keysetPages(() => Promise.resolve([] as number[]), [10])) none.push(page);
    expect(none).toEqual([]);
  });
});
