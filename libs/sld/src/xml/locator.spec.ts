import { Locator } from './locator';

describe('Locator', () => {
  it('finds lines after LF, CRLF and a lone CR', () => {
    const text = 'ab\ncd\r\nef\rgh';
    const locator = new Locator(text);
    const at = (needle: string) => locator.position(text.indexOf(needle));
    expect(at('a')).toEqual({ line: 1, column: 1 });
    expect(at('\n')).toEqual({ line: 1, column: 3 });
    expect(at('d')).toEqual({ line: 2, column: 2 });
    // CR and LF of a CRLF both end line 2.
    expect(at('\r\n')).toEqual({ line: 2, column: 3 });
    expect(locator.position(text.indexOf('\r\n') + 1)).toEqual({ line: 2, column: 4 });
    expect(at('e')).toEqual({ line: 3, column: 1 });
    expect(at('h')).toEqual({ line: 4, column: 2 });
  });

  it('answers offsets in any order, and clamps those outside the text', () => {
    const text = 'a\nb\nc\nd';
    const locator = new Locator(text);
    expect(locator.position(6)).toEqual({ line: 4, column: 1 });
    expect(locator.position(2)).toEqual({ line: 2, column: 1 });
    expect(locator.position(0)).toEqual({ line: 1, column: 1 });
    expect(locator.position(99)).toEqual({ line: 4, column: 2 });
    expect(locator.position(-5)).toEqual({ line: 1, column: 1 });
  });

  it('stays fast on one very long line asked about many times', () => {
    const text = 'x'.repeat(2_000_000) + '\ny';
    const locator = new Locator(text);
    const start = performance.now();
    for (let offset = 0; offset < 2_000_000; offset += 20) locator.line(offset);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(locator.position(text.length - 1)).toEqual({ line: 2, column: 1 });
  });
});
