// Which dates and timestamps a filter may hold: real calendar days and times (PostgreSQL would
// refuse 2022-02-30 with an error, and JavaScript's Date.parse would quietly roll it over).

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** RFC 3339, as CQL2 writes timestamps; `loose` also takes ECQL's forms without seconds or zone and a space for T. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/;
const LOOSE = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?([Zz]|[+-](\d{2}):?(\d{2}))?$/;

function isDay(y: number, m: number, d: number): boolean {
  const days = [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
  return y >= 1 && days !== undefined && d >= 1 && d <= days;
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** YYYY-MM-DD, a real day. */
export function isDate(s: string): boolean {
  const m = DATE.exec(s);
  return !!m && isDay(+m[1], +m[2], +m[3]);
}

/** An RFC 3339 timestamp (or, `loose`, ECQL's shorter forms) at a real day and time. */
export function isTimestamp(s: string, loose = false): boolean {
  const m = (loose ? LOOSE : TIMESTAMP).exec(s);
  if (!m || !isDay(+m[1], +m[2], +m[3])) return false;
  const [h, mi, sec] = [+m[4], +m[5], +(m[6] ?? 0)];
  const [zh, zm] = [+(m[9] ?? 0), +(m[10] ?? 0)];
  return h < 24 && mi < 60 && sec < 61 && zh < 24 && zm < 60;
}
