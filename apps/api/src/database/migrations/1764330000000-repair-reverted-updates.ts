import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reverts used to put a record back with `INSERT … ON CONFLICT DO UPDATE`, which fires the insert
 * trigger first: a reverted update was recorded as a `create` with no `before`, and reverting that
 * revert deleted the record. Such a change is told apart by the record's own history: ids are
 * never reused, so a true create is a record's first change, or follows its delete (a revert
 * re-creating it). Every other `create` becomes the `update` it was, its `before` the record as
 * the change before it left it (a style's row after a change has no SLD bytes: reverting a
 * repaired style change keeps its current SLD). A change whose predecessors retention removed
 * cannot be told apart and stays; reverting it is refused when something depends on the record.
 */
export class RepairRevertedUpdates1764330000000 implements MigrationInterface {
  name = 'RepairRevertedUpdates1764330000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      WITH upserted AS (
        SELECT c.seq, prior.raw_after
          FROM catalog_change c
          CROSS JOIN LATERAL (
            SELECT p.operation, p.raw_after FROM catalog_change p
             WHERE p.kind = c.kind AND p.record_id = c.record_id AND p.seq < c.seq ORDER BY p.seq DESC LIMIT 1) prior
         WHERE c.operation = 'create' AND prior.operation <> 'delete' AND prior.raw_after IS NOT NULL)
      UPDATE catalog_change c SET operation = 'update', raw_before = upserted.raw_after FROM upserted WHERE c.seq = upserted.seq`);
  }

  async down(): Promise<void> {
    // The repaired changes say what happened; there is nothing to go back to.
  }
}
