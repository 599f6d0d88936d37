/**
 * The catalog's version: the number of its last committed change ('0' before the first). Every
 * committed write to a record appends a change (the history's triggers) and numbers only grow,
 * and the retention always keeps the newest, so a version is never seen twice for two states.
 */
export async function catalogVersion(db: { query(sql: string): Promise<unknown> }): Promise<string> {
  const [row] = (await db.query(`SELECT max(seq)::text AS seq FROM catalog_change`)) as Array<{ seq: string | null }>;
  return row.seq ?? '0';
}
