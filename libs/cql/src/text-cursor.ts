// The token cursor under the CQL text parser: reading tokens, nesting depth, errors at a token's
// position, and the WKT geometries that sit inside a filter (POINT(…), POLYGON((…)), …).
import { CqlError } from './cql-error';
import type { CqlGeometry } from './cql-node';
import type { Token } from './text-lexer';

export const GEOMETRY_TYPES = new Set(['POINT', 'LINESTRING', 'POLYGON', 'MULTIPOINT', 'MULTILINESTRING', 'MULTIPOLYGON', 'GEOMETRYCOLLECTION']);
/** Nesting deeper than this is refused (a stack overflow must never be the answer). */
const MAX_DEPTH = 200;

export abstract class TokenCursor {
  protected i = 0;
  protected depth = 0;

  constructor(protected readonly tokens: Token[]) {}

  // ---- WKT

  protected wkt(): CqlGeometry {
    const t = this.next();
    const type = t.value.toUpperCase();
    let dims = 2;
    if (this.isWord('Z') || this.isWord('M') || this.isWord('ZM')) {
      dims = this.next().value.length + 2;
    }
    if (this.isWord('EMPTY')) throw this.error('Empty geometries are not supported', this.peek());
    switch (type) {
      case 'POINT': {
        this.expectPunct('(');
        const c = this.coordinate(dims);
        this.expectPunct(')');
        return { type: 'Point', coordinates: c };
      }
      case 'LINESTRING':
        return { type: 'LineString', coordinates: this.coordinateList(dims, 2) };
      case 'POLYGON':
        return { type: 'Polygon', coordinates: this.list(() => this.ring(dims)) };
      case 'MULTIPOINT':
        // Both MULTIPOINT((1 2), (3 4)) and MULTIPOINT(1 2, 3 4).
        return {
          type: 'MultiPoint',
          coordinates: this.list(() => {
            if (!this.isPunct('(')) return this.coordinate(dims);
            this.i++;
            const c = this.coordinate(dims);
            this.expectPunct(')');
            return c;
          }),
        };
      case 'MULTILINESTRING':
        return { type: 'MultiLineString', coordinates: this.list(() => this.coordinateList(dims, 2)) };
      case 'MULTIPOLYGON':
        return { type: 'MultiPolygon', coordinates: this.list(() => this.list(() => this.ring(dims))) };
      default:
        this.enter();
        try {
          return { type: 'GeometryCollection', geometries: this.list(() => this.wktMember()) };
        } finally {
          this.depth--;
        }
    }
  }

  protected wktMember(): CqlGeometry {
    const t = this.peek();
    if (t.type !== 'ident' || !GEOMETRY_TYPES.has(t.value.toUpperCase())) throw this.error('Expected a WKT geometry', t);
    return this.wkt();
  }

  protected ring(dims: number): number[][] {
    const start = this.peek();
    const ring = this.coordinateList(dims, 4);
    const [a, b] = [ring[0], ring[ring.length - 1]];
    if (a[0] !== b[0] || a[1] !== b[1]) throw this.error('A polygon ring must end where it starts', start);
    return ring;
  }

  protected coordinateList(dims: number, min: number): number[][] {
    const start = this.peek();
    const list = this.list(() => this.coordinate(dims));
    if (list.length < min) throw this.error(`Expected at least ${min} positions`, start);
    return list;
  }

  protected list<T>(item: () => T): T[] {
    this.expectPunct('(');
    const out = [item()];
    while (this.isPunct(',')) {
      this.i++;
      out.push(item());
    }
    this.expectPunct(')');
    return out;
  }

  protected coordinate(dims: number): number[] {
    const c = [this.signedNumber(), this.signedNumber()];
    while (c.length < dims || (c.length < 4 && this.peek().type === 'number') || (c.length < 4 && this.isPunct('-'))) c.push(this.signedNumber());
    return c.slice(0, 3);
  }

  protected signedNumber(): number {
    let sign = 1;
    const t = this.peek();
    if (this.isPunct('-') || this.isPunct('+')) {
      sign = t.value === '-' ? -1 : 1;
      this.i++;
    }
    const n = this.next();
    if (n.type !== 'number') throw this.error('Expected a number', n);
    return sign * Number(n.value);
  }

  // ---- tokens

  protected peek(k = 0): Token {
    return this.tokens[Math.min(this.i + k, this.tokens.length - 1)];
  }

  protected next(): Token {
    const t = this.peek();
    if (t.type !== 'eof') this.i++;
    return t;
  }

  protected isWord(w: string, k = 0): boolean {
    const t = this.peek(k);
    return t.type === 'ident' && t.value.toUpperCase() === w;
  }

  protected isPunct(p: string): boolean {
    const t = this.peek();
    return t.type === 'punct' && t.value === p;
  }

  protected expectPunct(p: string): void {
    const t = this.next();
    if (t.type !== 'punct' || t.value !== p) throw this.error(`Expected "${p}" but found ${describe(t)}`, t);
  }

  protected expectWord(w: string): void {
    const t = this.next();
    if (t.type !== 'ident' || t.value.toUpperCase() !== w) throw this.error(`Expected ${w} but found ${describe(t)}`, t);
  }

  protected enter(): void {
    if (++this.depth > MAX_DEPTH) throw this.error(`Filter nested deeper than ${MAX_DEPTH} levels`, this.peek());
  }

  protected error(message: string, t: Token): CqlError {
    return new CqlError(message, t.pos, t.text);
  }
}

/** A token as an error message names it. */
export function describe(t: Token): string {
  return t.type === 'eof' ? 'the end of the filter' : `"${t.text.length > 40 ? t.text.slice(0, 40) + '…' : t.text}"`;
}
