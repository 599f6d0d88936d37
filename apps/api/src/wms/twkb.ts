/**
 * Decodes Tiny Well-Known Binary (TWKB, as PostGIS's `ST_AsTWKB` writes it) into GeoJSON
 * geometries: what the map read gets from a store, a few bytes a vertex. Z and M are read and
 * dropped (a map is drawn in 2D). Pure; throws a RangeError on truncated or malformed input.
 */
import type { Geometry, Position } from 'geojson';

class Reader {
  pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  byte(): number {
    if (this.pos >= this.bytes.length) throw new RangeError('TWKB: unexpected end of input');
    return this.bytes[this.pos++];
  }

  /** An unsigned LEB128 varint, exact up to 2^53. */
  varint(): number {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      const b = this.byte();
      value += (b & 0x7f) * scale;
      if (!(b & 0x80)) return value;
      scale *= 128;
    }
    throw new RangeError('TWKB: varint too long');
  }

  /** A zigzag-encoded signed varint. */
  signed(): number {
    const n = this.varint();
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  }

  get done(): boolean {
    return this.pos >= this.bytes.length;
  }
}

interface Header {
  type: number;
  scale: number;
  dims: number;
  idList: boolean;
  empty: boolean;
}

/** The geometry in `bytes`, or null for an empty geometry. */
export function decodeTwkb(bytes: Uint8Array): Geometry | null {
  const r = new Reader(bytes);
  return readGeometry(r);
}

function readHeader(r: Reader): Header {
  const first = r.byte();
  const type = first & 0x0f;
  const precision = zigzag4(first >> 4);
  const meta = r.byte();
  let dims = 2;
  if (meta & 0x08) {
    const ext = r.byte();
    if (ext & 0x01) dims++;
    if (ext & 0x02) dims++;
  }
  if (meta & 0x02) r.varint();
  if (meta & 0x01) for (let i = 0; i < dims * 2; i++) r.signed();
  return { type, scale: 10 ** precision, dims, idList: (meta & 0x04) !== 0, empty: (meta & 0x10) !== 0 };
}

function zigzag4(n: number): number {
  return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
}

function readGeometry(r: Reader): Geometry | null {
  const h = readHeader(r);
  if (h.empty) return null;
  // Deltas run on from one point to the next through every part of the geometry.
  const last = new Array<number>(h.dims).fill(0);
  const points = (n: number): Position[] => {
    const out: Position[] = new Array(n);
    for (let i = 0; i < n; i++) {
      for (let d = 0; d < h.dims; d++) last[d] += r.signed();
      out[i] = [last[0] / h.scale, last[1] / h.scale];
    }
    return out;
  };
  const line = () => points(r.varint());
  const polygon = () => {
    const rings = r.varint();
    const out: Position[][] = [];
    for (let i = 0; i < rings; i++) out.push(line());
    return out;
  };
  const parts = <T>(read: () => T): T[] => {
    const n = r.varint();
    if (h.idList) for (let i = 0; i < n; i++) r.signed();
    const out: T[] = [];
    for (let i = 0; i < n; i++) out.push(read());
    return out;
  };
  switch (h.type) {
    case 1:
      return { type: 'Point', coordinates: points(1)[0] };
    case 2:
      return { type: 'LineString', coordinates: line() };
    case 3:
      return { type: 'Polygon', coordinates: polygon() };
    case 4:
      return { type: 'MultiPoint', coordinates: parts(() => points(1)[0]) };
    case 5:
      return { type: 'MultiLineString', coordinates: parts(line) };
    case 6:
      return { type: 'MultiPolygon', coordinates: parts(polygon) };
    case 7: {
      const members = parts(() => readGeometry(r)).filter((g): g is Geometry => g !== null);
      return { type: 'GeometryCollection', geometries: members };
    }
    default:
      throw new RangeError(`TWKB: unknown geometry type ${h.type}`);
  }
}
