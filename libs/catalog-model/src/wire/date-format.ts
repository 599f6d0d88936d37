/**
 * A timestamp as GeoServer writes it: `yyyy-MM-dd HH:mm:ss.S UTC`, where the milliseconds are
 * printed without zero padding (Java's `S` pattern), e.g. `2024-05-01 10:11:12.5 UTC`.
 */
export function formatDate(date: Date | null | undefined): string | undefined {
  if (!date) return undefined;
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getUTCFullYear()}-${p(date.getUTCMonth() + 1)}-${p(date.getUTCDate())} ` +
    `${p(date.getUTCHours())}:${p(date.getUTCMinutes())}:${p(date.getUTCSeconds())}.${date.getUTCMilliseconds()} UTC`
  );
}
