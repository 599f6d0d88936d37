import { CatalogError } from '@geocatalog/catalog-model';

/** The constraint a unique violation (SQLSTATE 23505) broke, or undefined for other errors. */
function uniqueViolation(err: unknown): string | undefined {
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

/** True for any integrity constraint violation (SQLSTATE class 23: not null, check, foreign key, unique…). */
export function integrityViolation(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } };
  return (e?.code ?? e?.driverError?.code ?? '').startsWith('23');
}

/**
 * The one place a unique violation becomes a 409: `err` as ALREADY_EXISTS with the sentence
 * `taken` gives for the broken constraint (names are unique by database constraint, so two
 * concurrent creates of one name end as one 201 and one 409); any other error unchanged.
 */
export function nameTaken(err: unknown, taken: (constraint: string) => string): unknown {
  const constraint = uniqueViolation(err);
  return constraint === undefined ? err : new CatalogError('ALREADY_EXISTS', taken(constraint));
}

/** Runs a write whose only expected conflict is a taken name (see {@link nameTaken}). */
export async function uniquely<T>(write: () => Promise<T>, taken: (constraint: string) => string): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw nameTaken(err, taken);
  }
}
