// ECQL periods may be written with an ISO 8601 duration on one side (2006-11-30T00:30:00Z/P1DT2H or
// P10D/2006-11-30T00:30:00Z): the other end is computed here, in UTC, so the tree holds two instants.
import { CqlError } from './cql-error';
import type { Token } from './text-lexer';

const DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** `instant` plus (sign 1) or minus (sign -1) `duration`, as an RFC 3339 UTC timestamp. */
export function addDuration(instant: string, duration: string, sign: 1 | -1, at: Token): string {
  const m = DURATION.exec(duration);
  const t = Date.parse(instant);
  if (!m || Number.isNaN(t)) throw new CqlError('Not a valid period', at.pos, at.text);
  const [y, mo, w, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  const date = new Date(t);
  date.setUTCFullYear(date.getUTCFullYear() + sign * y, date.getUTCMonth() + sign * mo);
  const end = new Date(date.getTime() + sign * (((w * 7 + d) * 24 + h) * 3600 + mi * 60 + s) * 1000);
  const year = end.getUTCFullYear();
  if (!(year >= 1 && year <= 9999)) throw new CqlError('The period ends outside the years 1 to 9999', at.pos, at.text);
  return end.toISOString();
}
