/**
 * Re-lays out a WKT 1 text (PostGIS `spatial_ref_sys.srtext`, all on one line) the way GeoServer
 * writes a CRS (GeoTools `Formattable.toWKT(2)`, used by `XStreamPersister.CRSConverter`):
 *
 * - every nested element starts a new line, indented 2 spaces per nesting level, and elements are
 *   separated by `", "` + newline, so every line but the last ends with a space;
 * - `UNIT` and `AUTHORITY` stay on their parent's line unless an earlier nested element of that
 *   parent already broke the line (GeoTools' `Formatter.lineChanged`): `SPHEROID[…, AUTHORITY[…]]`
 *   and `PRIMEM[…, AUTHORITY[…]]` are one line, a `DATUM`'s or `GEOGCS`'s `AUTHORITY` is not;
 * - values inside an element are separated by `", "`, except inside `AUTHORITY` (`"EPSG","4326"`);
 * - quoted names and numbers are kept exactly as written.
 */

type Node = { keyword: string; children: Child[] };
type Child = Node | string;

/** Keywords GeoTools appends without forcing a line break. */
const INLINE_UNLESS_LINE_CHANGED = new Set(['UNIT', 'AUTHORITY']);

/** GeoServer's layout of a one-line WKT; throws on text that is not WKT. */
export function layoutWkt(wkt: string): string {
  const parser = new WktParser(wkt);
  const root = parser.parseDocument();
  return render(root, 0);
}

/** The root keyword (`PROJCS`, `GEOGCS`, …) of a WKT text, upper case; '' when there is none. */
export function wktRootKeyword(wkt: string): string {
  const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*[[(]/.exec(wkt);
  return m ? m[1].toUpperCase() : '';
}

function render(node: Node, depth: number): string {
  const childIndent = '\n' + '  '.repeat(depth + 1);
  const valueSeparator = node.keyword === 'AUTHORITY' ? ',' : ', ';
  let out = node.keyword + '[';
  let lineChanged = false;
  node.children.forEach((child, i) => {
    if (typeof child === 'string') {
      out += (i === 0 ? '' : valueSeparator) + child;
      return;
    }
    const inline = INLINE_UNLESS_LINE_CHANGED.has(child.keyword) && !lineChanged;
    if (i > 0) out += ', ' + (inline ? '' : childIndent);
    out += render(child, depth + 1);
    if (!INLINE_UNLESS_LINE_CHANGED.has(child.keyword)) lineChanged = true;
  });
  return out + ']';
}

class WktParser {
  private pos = 0;

  constructor(private readonly text: string) {}

  parseDocument(): Node {
    const node = this.parseElement();
    this.skipSpace();
    if (this.pos !== this.text.length) this.fail('text after the end of the WKT');
    return node;
  }

  private parseElement(): Node {
    this.skipSpace();
    const keyword = this.readWord();
    if (!keyword) this.fail('a keyword');
    this.skipSpace();
    const open = this.text[this.pos];
    if (open !== '[' && open !== '(') this.fail("'['");
    const close = open === '[' ? ']' : ')';
    this.pos++;
    const children: Child[] = [];
    for (;;) {
      this.skipSpace();
      children.push(this.parseChild());
      this.skipSpace();
      const c = this.text[this.pos++];
      if (c === close) break;
      if (c !== ',') this.fail(`',' or '${close}'`, this.pos - 1);
    }
    return { keyword: keyword.toUpperCase(), children };
  }

  private parseChild(): Child {
    const c = this.text[this.pos];
    if (c === '"') return this.readQuoted();
    if (c !== undefined && /[-+.0-9]/.test(c)) return this.readNumber();
    const start = this.pos;
    const word = this.readWord();
    if (!word) this.fail('a value');
    this.skipSpace();
    const next = this.text[this.pos];
    if (next === '[' || next === '(') {
      this.pos = start;
      return this.parseElement();
    }
    return word;
  }

  private readQuoted(): string {
    const start = this.pos++;
    for (;;) {
      const i = this.text.indexOf('"', this.pos);
      if (i < 0) this.fail('a closing quote', start);
      this.pos = i + 1;
      // WKT escapes a quote inside a name by doubling it.
      if (this.text[this.pos] === '"') {
        this.pos++;
        continue;
      }
      return this.text.slice(start, this.pos);
    }
  }

  private readNumber(): string {
    const m = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/.exec(this.text.slice(this.pos));
    if (!m) this.fail('a number');
    this.pos += m[0].length;
    return m[0];
  }

  private readWord(): string {
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.pos));
    if (!m) return '';
    this.pos += m[0].length;
    return m[0];
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos])) this.pos++;
  }

  private fail(expected: string, at = this.pos): never {
    throw new Error(`Malformed WKT: expected ${expected} at offset ${at}`);
  }
}
