import { describe, expect, it } from 'vitest';
import { diffLines, withContext } from './line-diff';

const show = (before: string, after: string) => diffLines(before, after).map((line) => `${{ same: ' ', removed: '-', added: '+' }[line.kind]}${line.text}`);

describe('line diff of two texts', () => {
  it('marks a changed line as removed then added, between unchanged ones', () => {
    expect(show('a\nb\nc', 'a\nB\nc')).toEqual([' a', '-b', '+B', ' c']);
  });

  it('keeps the longest run in common when lines move or are inserted', () => {
    expect(show('1\n2\n3\n4', '0\n1\n3\n4\n5')).toEqual(['+0', ' 1', '-2', ' 3', ' 4', '+5']);
    expect(show('', 'x')).toEqual(['+x']);
    expect(show('x', '')).toEqual(['-x']);
  });

  it('numbers lines on each side', () => {
    const lines = diffLines('a\nb\nc', 'a\nc\nd');
    expect(lines).toEqual([
      { kind: 'same', text: 'a', oldLine: 1, newLine: 1 },
      { kind: 'removed', text: 'b', oldLine: 2 },
      { kind: 'same', text: 'c', oldLine: 3, newLine: 2 },
      { kind: 'added', text: 'd', newLine: 3 },
    ]);
  });

  it('cuts long unchanged runs down to the context around changes', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');
    const after = before.replace('line 10', 'line ten');
    const shown = withContext(diffLines(before, after), 2);
    expect(shown.map((line) => (line.kind === 'skipped' ? `…${line.count}` : line.text))).toEqual([
      '…7',
      'line 8',
      'line 9',
      'line 10',
      'line ten',
      'line 11',
      'line 12',
      '…8',
    ]);
  });
});
