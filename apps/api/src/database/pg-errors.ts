/** The constraint a unique violation (SQLSTATE 23505) broke, or undefined for other errors. */
export function uniqueViolation(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.driverError?.code;
  if (code !== '23505') return undefined;
  return e.constraint ?? e.driverError?.constraint ?? '';
}

/** True for a foreign-key violation (SQLSTATE 23503): the parent row vanished meanwhile. */
export function foreignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } };
  return (e?.code ?? e?.driverError?.code) === '23503';
}
