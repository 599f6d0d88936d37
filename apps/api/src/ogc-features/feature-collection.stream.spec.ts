import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FeatureCursor } from '../datastores/postgis/feature-cursor';
import { chunks, CHUNK_CHARS, FeatureCollectionStream, PageFrame } from './feature-collection.stream';

/** A cursor over `rows` (the page's limit + 1 at most, as the SQL selects), in batches of `size`. */
function fakeCursor(rows: string[], size: number) {
  const state = { fetches: 0, closed: 0, left: [...rows] };
  const cursor: FeatureCursor = {
    next: async () => {
      state.fetches++;
      return state.left.splice(0, size);
    },
    close: async () => {
      state.closed++;
    },
  };
  return { cursor, state };
}

function frame(limit: number, offset = 0): PageFrame {
  return { limit, offset, timeStamp: '2026-01-01T00:00:00Z', links: (more) => [{ href: more ? 'next' : 'last', rel: 'self', type: 'application/geo+json' }] };
}

const features = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `{"id":${from + i}}`);

async function read(stream: FeatureCollectionStream): Promise<{ text: string; chunks: number }> {
  let text = '';
  let chunks = 0;
  await pipeline(
    stream,
    new Writable({
      write(chunk: Buffer, _enc, done) {
        text += chunk.toString('utf8');
        chunks++;
        done();
      },
    }),
  );
  return { text, chunks };
}

describe('FeatureCollectionStream', () => {
  it('writes a whole selection that fits the page, with numberMatched from the page itself', async () => {
    const { cursor, state } = fakeCursor(features(3), 2);
    const { text } = await read(new FeatureCollectionStream(cursor, frame(10)));
    expect(JSON.parse(text)).toEqual({
      type: 'FeatureCollection',
      features: [{ id: 1 }, { id: 2 }, { id: 3 }],
      numberReturned: 3,
      numberMatched: 3,
      timeStamp: '2026-01-01T00:00:00Z',
      links: [{ href: 'last', rel: 'self', type: 'application/geo+json' }],
    });
    expect(state.closed).toBeGreaterThanOrEqual(1);
  });

  it('stops at the limit; the extra row means a next page, and numberMatched is left out (unknown)', async () => {
    const { cursor } = fakeCursor(features(6), 4);
    const doc = JSON.parse((await read(new FeatureCollectionStream(cursor, frame(5, 10)))).text);
    expect(doc.features).toHaveLength(5);
    expect(doc.numberReturned).toBe(5);
    expect('numberMatched' in doc).toBe(false);
    expect(doc.links[0].href).toBe('next');
  });

  it('counts a last page from its offset', async () => {
    const { cursor } = fakeCursor(features(3, 41), 10);
    const doc = JSON.parse((await read(new FeatureCollectionStream(cursor, frame(5, 40)))).text);
    expect(doc).toMatchObject({ numberReturned: 3, numberMatched: 43, links: [{ href: 'last' }] });
  });

  it('looks one batch further when a batch ends exactly at the limit', async () => {
    const exact = fakeCursor(features(4), 4);
    const doc = JSON.parse((await read(new FeatureCollectionStream(exact.cursor, frame(4)))).text);
    expect(doc).toMatchObject({ numberReturned: 4, numberMatched: 4, links: [{ href: 'last' }] });
    const more = fakeCursor(features(5), 4);
    const doc2 = JSON.parse((await read(new FeatureCollectionStream(more.cursor, frame(4)))).text);
    expect(doc2).toMatchObject({ numberReturned: 4, links: [{ href: 'next' }] });
    expect('numberMatched' in doc2).toBe(false);
  });

  it('writes an empty list for an empty page: 0 matched from the start, unknown past the end', async () => {
    const past = fakeCursor([], 10);
    const doc = JSON.parse((await read(new FeatureCollectionStream(past.cursor, frame(10, 50)))).text);
    expect(doc).toMatchObject({ features: [], numberReturned: 0 });
    expect('numberMatched' in doc).toBe(false);
    const first = fakeCursor([], 10);
    expect(JSON.parse((await read(new FeatureCollectionStream(first.cursor, frame(10)))).text)).toMatchObject({ numberMatched: 0 });
  });

  it('fetches only as the reader reads (backpressure)', async () => {
    const big = '"' + 'x'.repeat(40_000) + '"';
    const { cursor, state } = fakeCursor(
      Array.from({ length: 101 }, () => big),
      1,
    );
    const stream = new FeatureCollectionStream(cursor, frame(100));
    await new Promise((r) => setTimeout(r, 20));
    // Nobody reads: the stream filled its 64 KiB buffer and stopped asking the cursor.
    expect(state.fetches).toBeLessThanOrEqual(3);
    const { text, chunks } = await read(stream);
    expect(JSON.parse(text).features).toHaveLength(100);
    expect(chunks).toBeGreaterThanOrEqual(100);
  });

  it('closes the cursor when destroyed (the client went away)', async () => {
    const big = '"' + 'x'.repeat(40_000) + '"';
    const { cursor, state } = fakeCursor(
      Array.from({ length: 50 }, () => big),
      5,
    );
    const stream = new FeatureCollectionStream(cursor, frame(40));
    stream.read();
    await new Promise((r) => setTimeout(r, 5));
    stream.destroy();
    await new Promise((r) => stream.once('close', r));
    expect(state.closed).toBe(1);
    expect(state.left.length).toBeGreaterThan(30);
  });

  it('fails when the cursor fails, and closes it', async () => {
    let closed = 0;
    const cursor: FeatureCursor = {
      next: async () => {
        throw new Error('connection lost');
      },
      close: async () => {
        closed++;
      },
    };
    await expect(read(new FeatureCollectionStream(cursor, frame(10)))).rejects.toThrow('connection lost');
    expect(closed).toBe(1);
  });
});

describe('chunks', () => {
  it('joins features with commas into chunks of about CHUNK_CHARS, a bigger feature alone', () => {
    const small = 'a'.repeat(CHUNK_CHARS / 4 - 1);
    const big = 'b'.repeat(CHUNK_CHARS * 2);
    const out = chunks([small, small, small, small, small, big, small], 7, false);
    expect(out.join('')).toBe([small, small, small, small, small, big, small].join(','));
    expect(out.map((c) => c.length)).toEqual([CHUNK_CHARS - 1, CHUNK_CHARS / 4, CHUNK_CHARS * 2 + 1, CHUNK_CHARS / 4]);
  });

  it('takes the first `take` features, with a leading comma after earlier ones', () => {
    expect(chunks(['{"a":1}', '{"a":2}', '{"a":3}'], 2, true)).toEqual([',{"a":1},{"a":2}']);
    expect(chunks(['x'], 0, false)).toEqual([]);
  });
});
