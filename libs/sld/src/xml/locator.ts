/** A 1-based line and column. Columns count UTF-16 code units, as JavaScript strings and browser editors do. */
export interface TextPosition {
  line: number;
  column: number;
}

/**
 * Turns string offsets into lines and columns. Line breaks are LF, CRLF and a lone CR (XML's
 * end-of-line handling). Line starts are recorded lazily as offsets grow, so a parser that asks in
 * document order pays one pass over the text in all; an earlier offset is found by binary search.
 */
export class Locator {
  private readonly lineStarts: number[] = [0];
  /** Offsets below this one have had their line breaks recorded. */
  private scanned = 0;

  constructor(private readonly text: string) {}

  /** @returns the line and column of `offset` (clamped to the text). */
  position(offset: number): TextPosition {
    const line = this.line(offset);
    return { line, column: this.column(offset, line) };
  }

  /** @returns the 1-based line of `offset` (clamped to the text); allocation-free for the parser's hot path. */
  line(offset: number): number {
    const target = this.clamp(offset);
    if (target > this.scanned) this.scanTo(target);
    const starts = this.lineStarts;
    let low = 0;
    let high = starts.length - 1;
    if (target >= starts[high]) return high + 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (starts[middle] <= target) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }

  /** @returns the 1-based column of `offset`, given its line from {@link line}. */
  column(offset: number, line: number): number {
    return this.clamp(offset) - this.lineStarts[line - 1] + 1;
  }

  private clamp(offset: number): number {
    return Math.max(0, Math.min(offset, this.text.length));
  }

  private scanTo(target: number): void {
    // A character loop up to the target, not indexOf: indexOf cannot be told where to stop, and a
    // reader sniffing the root of a 10 MiB document must not pay for a search through all of it.
    const text = this.text;
    for (let index = this.scanned; index < target; index++) {
      const code = text.charCodeAt(index);
      if (code === 0x0a) this.lineStarts.push(index + 1);
      // A CR followed by LF is one break, recorded at the LF.
      else if (code === 0x0d && text.charCodeAt(index + 1) !== 0x0a) this.lineStarts.push(index + 1);
    }
    this.scanned = target;
  }
}
