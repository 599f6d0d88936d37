import { MigrationInterface, QueryRunner } from 'typeorm';
import { CHANGE_ORDER_LOCK } from './1764200000000-create-change-history';

/**
 * The commit-time fallback of the history fires once per noted row. Each firing used to ask
 * whether the transaction still had notes, and the first had deleted them all: every later firing
 * walked the index entries of the deleted notes, so a transaction touching n records spent n² at
 * its commit (20,000 layers written by SQL: a minute and a half). The move now says, for the rest
 * of the transaction, up to which note it went; a firing for a note already moved returns at once.
 */
export class HistoryBulkCommit1764310000000 implements MigrationInterface {
  name = 'HistoryBulkCommit1764310000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE OR REPLACE FUNCTION catalog_commit_changes(who text, req text, announce boolean) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        me xid8;
        moved jsonb;
        last_note bigint;
      BEGIN
        -- A transaction that wrote nothing has no id, and nothing to move.
        me := pg_current_xact_id_if_assigned();
        IF me IS NULL THEN RETURN; END IF;
        -- Everything but the numbering is done before the lock, which is held until the commit.
        SELECT jsonb_agg(jsonb_build_object('operation', p.operation, 'kind', p.kind, 'record_id', p.record_id,
                 'resource', catalog_resource(p.kind, COALESCE(n.rec, p.raw_before)), 'raw_before', p.raw_before, 'raw_after', n.rec) ORDER BY p.id),
               max(p.id)
          INTO moved, last_note
          FROM catalog_change_pending p, LATERAL (SELECT catalog_current(p.kind, p.record_id) AS rec) n
         WHERE p.tx = me;
        IF last_note IS NULL THEN RETURN; END IF;
        DELETE FROM catalog_change_pending WHERE tx = me;
        PERFORM set_config('geocatalog.moved_through', last_note::text, true);
        PERFORM pg_advisory_xact_lock(${CHANGE_ORDER_LOCK});
        INSERT INTO catalog_change (seq, time, user_name, request, operation, kind, record_id, resource, raw_before, raw_after)
          SELECT nextval('catalog_change_seq'), clock_timestamp(), who, req, m.operation, m.kind, m.record_id, m.resource, m.raw_before, m.raw_after
            FROM ROWS FROM (jsonb_to_recordset(moved) AS (operation text, kind text, record_id integer, resource text, raw_before jsonb, raw_after jsonb))
                 WITH ORDINALITY AS m(operation, kind, record_id, resource, raw_before, raw_after, n)
           ORDER BY m.n;
        IF announce THEN PERFORM pg_notify('catalog_changes', ''); END IF;
      END $$`);
    await db.query(`
      CREATE OR REPLACE FUNCTION catalog_change_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.id <= COALESCE(NULLIF(current_setting('geocatalog.moved_through', true), '')::bigint, 0) THEN RETURN NULL; END IF;
        PERFORM catalog_commit_changes(NULL, NULL, true);
        RETURN NULL;
      END $$`);
  }

  async down(): Promise<void> {
    // The functions before this one are the same contract, only slower: nothing to undo.
  }
}
