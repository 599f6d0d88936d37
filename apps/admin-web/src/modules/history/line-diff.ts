/** One line of a line diff. */
export type DiffLine =
  | { kind: 'same'; text: string; oldLine: number; newLine: number }
  | { kind: 'removed'; text: string; oldLine: number }
  | { kind: 'added'; text: string; newLine: number };

/** A run of unchanged lines left out of a shown diff. */
export interface SkippedLines {
  kind: 'skipped';
  count: number;
}

/** Above this many cells the middle part is shown as replaced as a whole, to stay fast. */
const MAX_TABLE_CELLS = 4_000_000;

const splitLines = (text: string): string[] => (text === '' ? [] : text.replace(/\r\n?/g, '\n').split('\n'));

/**
 * The lines of `before` and `after` as removed, added or the same: a longest common subsequence
 * of lines (after trimming the common start and end), so moved-around edits read as a person
 * would write them. Line numbers are 1-based.
 */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }

  const out: DiffLine[] = [];
  for (let i = 0; i < start; i++) out.push({ kind: 'same', text: a[i], oldLine: i + 1, newLine: i + 1 });
  out.push(...diffMiddle(a, b, start, endA, endB));
  for (let i = 0; i < a.length - endA; i++) out.push({ kind: 'same', text: a[endA + i], oldLine: endA + i + 1, newLine: endB + i + 1 });
  return out;
}

function diffMiddle(a: string[], b: string[], start: number, endA: number, endB: number): DiffLine[] {
  const n = endA - start;
  const m = endB - start;
  const out: DiffLine[] = [];
  if (n * m > MAX_TABLE_CELLS) {
    for (let i = start; i < endA; i++) out.push({ kind: 'removed', text: a[i], oldLine: i + 1 });
    for (let j = start; j < endB; j++) out.push({ kind: 'added', text: b[j], newLine: j + 1 });
    return out;
  }
  // lengths[i * (m + 1) + j]: length of the common subsequence of a[start+i..] and b[start+j..].
  const lengths = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * (m + 1) + j] =
        a[start + i] === b[start + j] ? lengths[(i + 1) * (m + 1) + j + 1] + 1 : Math.max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1]);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[start + i] === b[start + j]) {
      out.push({ kind: 'same', text: a[start + i], oldLine: start + i + 1, newLine: start + j + 1 });
      i++;
      j++;
    } else if (i < n && (j === m || lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1])) {
      // Removed lines before added ones, as diffs are read.
      out.push({ kind: 'removed', text: a[start + i], oldLine: start + i + 1 });
      i++;
    } else {
      out.push({ kind: 'added', text: b[start + j], newLine: start + j + 1 });
      j++;
    }
  }
  return out;
}

/** The diff with runs of unchanged lines longer than `2 × context` cut down to `context` lines around each change. */
export function withContext(lines: DiffLine[], context = 3): Array<DiffLine | SkippedLines> {
  const near = lines.map(() => false);
  lines.forEach((line, index) => {
    if (line.kind === 'same') return;
    for (let k = Math.max(0, index - context); k <= Math.min(lines.length - 1, index + context); k++) near[k] = true;
  });
  const out: Array<DiffLine | SkippedLines> = [];
  lines.forEach((line, index) => {
    if (near[index]) out.push(line);
    else {
      const last = out[out.length - 1];
      if (last?.kind === 'skipped') last.count++;
      else out.push({ kind: 'skipped', count: 1 });
    }
  });
  return out;
}
