import { doc, link, LINK_FIELD, list, obj, Rep } from '@geocatalog/catalog-model';
import { toJson } from './json-writer';
import { listText, ListShape } from './streamed-list';
import { toXml } from './xml-writer';

const LAYERS: ListShape = { root: 'layers', item: 'layer' };

function entry(name: string): Rep {
  return obj([
    ['name', name],
    [LINK_FIELD, link(`http://h/rest/layers/${encodeURIComponent(name)}.xml`, 'application/atom+xml')],
  ]);
}

async function text(shape: ListShape, format: 'xml' | 'json', pages: Rep[][]): Promise<{ body: string; chunks: number }> {
  const [first = [], ...rest] = pages;
  const iterator = (async function* () {
    yield* rest;
  })();
  let body = '';
  let chunks = 0;
  for await (const chunk of listText(shape, format, first, iterator)) {
    body += chunk;
    chunks++;
  }
  return { body, chunks };
}

function split<T>(items: T[], sizes: number[]): T[][] {
  const pages: T[][] = [];
  let at = 0;
  for (const size of sizes) {
    pages.push(items.slice(at, at + size));
    at += size;
  }
  pages.push(items.slice(at));
  return pages;
}

describe('streamed lists', () => {
  const names = ['a&b', 'ws:<x>', 'ünï"côde\'', 'plain', ...Array.from({ length: 3000 }, (_, i) => `layer_${i}`)];

  it.each(['xml', 'json'] as const)('write in %s the very bytes of the same list held whole, whatever the paging', async (format) => {
    const whole = doc('layers', list('layer', names.map(entry)));
    const expected = format === 'xml' ? toXml(whole) : toJson(whole);
    for (const sizes of [[], [1], [200, 2000], [0, 0, 5], [names.length]]) {
      expect((await text(LAYERS, format, split(names.map(entry), sizes))).body).toBe(expected);
    }
  });

  it.each(['xml', 'json'] as const)('write the empty list as GeoServer does in %s, also when pages come back empty', async (format) => {
    const expected = format === 'xml' ? '<layers/>' : '{"layers":""}';
    expect((await text(LAYERS, format, [])).body).toBe(expected);
    expect((await text(LAYERS, format, [[], [], []])).body).toBe(expected);
    expect(toXml(doc('layers', list('layer', [])))).toBe('<layers/>');
    expect(toJson(doc('layers', list('layer', [])))).toBe('{"layers":""}');
  });

  it("write a store's table names as GeoServer's plain string list (json-lib's layout in JSON)", async () => {
    const shape: ListShape = { root: 'list', item: 'featureTypeName', jsonItem: 'string' };
    expect((await text(shape, 'xml', [['roads', 'a<b']])).body).toBe(
      '<list>\n  <featureTypeName>roads</featureTypeName>\n  <featureTypeName>a&lt;b</featureTypeName>\n</list>',
    );
    expect((await text(shape, 'json', [['roads'], ['a<b']])).body).toBe('{"list":{"string":["roads","a<b"]}}');
    expect((await text(shape, 'json', [])).body).toBe('{"list":{"string":[]}}');
    expect((await text(shape, 'xml', [])).body).toBe('<list/>');
  });

  it('send each page before reading the next, in chunks of bounded size', async () => {
    const pages = split(names.map(entry), [200, 2000]);
    const { chunks } = await text(LAYERS, 'xml', pages);
    // Three pages, the biggest cut at 32 KiB: more chunks than pages, each one small.
    expect(chunks).toBeGreaterThan(3);
    let longest = 0;
    for await (const chunk of listText(
      LAYERS,
      'xml',
      pages[0],
      (async function* () {
        yield* pages.slice(1);
      })(),
    ))
      longest = Math.max(longest, chunk.length);
    expect(longest).toBeLessThan(40 * 1024);
  });
});
