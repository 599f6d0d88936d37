import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The history keeps no user password hash, not even a deleted user's (contract §6, §7: restoring
 * the past restores no credential). A deleted user's row was noted with its hash so that a revert
 * could bring the account back signing in as before; a reverted user delete now comes back
 * disabled with no usable password, so the hash has no use left and is dropped from the notes and
 * from every change recorded so far.
 */
export class DropHistoryUserHashes1764320000000 implements MigrationInterface {
  name = 'DropHistoryUserHashes1764320000000';

  async up(db: QueryRunner): Promise<void> {
    // As in the history migration, except that a user's row is always noted without its hash.
    await db.query(`
      CREATE OR REPLACE FUNCTION catalog_note(k text, rid integer, op text, old_row jsonb) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        noted catalog_change_pending%ROWTYPE;
      BEGIN
        -- A record created now was not noted before (its id is new).
        IF op <> 'create' THEN
          SELECT * INTO noted FROM catalog_change_pending WHERE tx = pg_current_xact_id() AND kind = k AND record_id = rid;
        END IF;
        IF FOUND THEN
          IF op = 'delete' THEN
            IF noted.operation = 'create' THEN
              DELETE FROM catalog_change_pending WHERE id = noted.id;
            ELSE
              UPDATE catalog_change_pending SET operation = 'delete' WHERE id = noted.id;
            END IF;
          END IF;
          RETURN;
        END IF;
        INSERT INTO catalog_change_pending (operation, kind, record_id, raw_before)
          VALUES (op, k, rid, CASE WHEN op = 'create' THEN NULL ELSE catalog_raw(k, old_row, false) END);
      END $$`);
    await db.query(`UPDATE catalog_change_pending SET raw_before = raw_before - 'password_hash' WHERE kind = 'user' AND raw_before ? 'password_hash'`);
    await db.query(`
      UPDATE catalog_change SET raw_before = raw_before - 'password_hash', raw_after = raw_after - 'password_hash'
       WHERE kind = 'user' AND (raw_before ? 'password_hash' OR raw_after ? 'password_hash')`);
  }

  async down(): Promise<void> {
    // Hashes dropped are gone; the note without them is what the history should always have done.
  }
}
