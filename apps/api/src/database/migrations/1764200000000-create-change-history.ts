import { MigrationInterface, QueryRunner } from 'typeorm';

/** Catalog tables whose rows are recorded, with the kind of record each row is (contract §7). */
const RECORDED: Array<[table: string, kind: string]> = [
  ['workspace', 'workspace'],
  ['data_store', 'dataStore'],
  ['feature_type', 'featureType'],
  ['layer', 'layer'],
  ['style', 'style'],
  ['app_user', 'user'],
];

/** Key of the advisory lock that orders the numbering of changes by commit. */
export const CHANGE_ORDER_LOCK = 7_412_002;

/**
 * The change history (contract §7), captured by the database itself so that no write path can
 * forget it: cascaded deletes, hooks and triggers included.
 *
 * - A BEFORE trigger on every catalog table notes, once per record and transaction, what the record
 *   was (`raw_before`, the row as JSON; a layer with its alternate style ids, a user with its roles
 *   and, unless the user is being deleted, without the password hash) and what happens to it
 *   (create, update, delete; create then delete in one transaction leaves nothing). A change to a
 *   layer's alternate styles or to a user's roles is an update of that layer or user.
 *   The notes go to `catalog_change_pending`, where each transaction sees only its own.
 * - Just before it commits, the api draws `before`/`after` (the representations) and `resource`,
 *   and `catalog_commit_changes` moves the notes into `catalog_change`, numbered under an advisory
 *   lock held until the commit is done: numbers follow commit order, so a reader that has seen
 *   change n has seen every change below n, and `since=n` never skips one committed later. It
 *   notifies `catalog_changes`. A deferred trigger does the same, without representations, for a
 *   write that reached its commit another way.
 */
export class CreateChangeHistory1764200000000 implements MigrationInterface {
  name = 'CreateChangeHistory1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE SEQUENCE catalog_change_seq`);
    await db.query(`
      CREATE TABLE catalog_change (
        seq bigint PRIMARY KEY,
        time timestamptz NOT NULL,
        user_name text,
        request text,
        operation text NOT NULL,
        kind text NOT NULL,
        record_id integer NOT NULL,
        resource text,
        raw_before jsonb,
        before jsonb,
        after jsonb
      )`);
    await db.query(`CREATE INDEX catalog_change_record ON catalog_change (kind, record_id, seq)`);
    await db.query(`CREATE INDEX catalog_change_request ON catalog_change (request)`);
    await db.query(`CREATE INDEX catalog_change_resource ON catalog_change (resource text_pattern_ops)`);
    await db.query(`CREATE INDEX catalog_change_time ON catalog_change (time)`);
    // What the running transactions noted so far: each sees only its own rows, and empties them
    // into catalog_change when it commits.
    await db.query(`
      CREATE TABLE catalog_change_pending (
        id bigserial PRIMARY KEY,
        operation text NOT NULL,
        kind text NOT NULL,
        record_id integer NOT NULL,
        raw_before jsonb
      )`);
    await db.query(`CREATE INDEX catalog_change_pending_record ON catalog_change_pending (kind, record_id)`);

    // The row of a record as the history keeps it.
    await db.query(`
      CREATE FUNCTION catalog_raw(k text, rec jsonb, keep_secret boolean) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
      BEGIN
        IF k = 'layer' THEN
          RETURN rec || jsonb_build_object('style_ids',
            COALESCE((SELECT jsonb_agg(style_id ORDER BY position) FROM layer_style WHERE layer_id = (rec->>'id')::integer), '[]'::jsonb));
        ELSIF k = 'user' THEN
          rec := rec || jsonb_build_object('roles',
            COALESCE((SELECT jsonb_agg(role ORDER BY role) FROM user_role WHERE user_id = (rec->>'id')::integer), '[]'::jsonb));
          IF NOT keep_secret THEN rec := rec - 'password_hash'; END IF;
          RETURN rec;
        END IF;
        RETURN rec;
      END $$`);
    // The current row of a record (NULL when it is gone), for the representation after a change.
    await db.query(`
      CREATE FUNCTION catalog_current(k text, rid integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
      DECLARE
        rec jsonb;
      BEGIN
        CASE k
          WHEN 'workspace', 'namespace' THEN SELECT to_jsonb(t) INTO rec FROM workspace t WHERE id = rid;
          WHEN 'dataStore' THEN SELECT to_jsonb(t) INTO rec FROM data_store t WHERE id = rid;
          WHEN 'featureType' THEN SELECT to_jsonb(t) INTO rec FROM feature_type t WHERE id = rid;
          WHEN 'layer' THEN SELECT to_jsonb(t) INTO rec FROM layer t WHERE id = rid;
          WHEN 'style' THEN SELECT to_jsonb(t) - 'content' INTO rec FROM style t WHERE id = rid;
          WHEN 'user' THEN SELECT to_jsonb(t) INTO rec FROM app_user t WHERE id = rid;
        END CASE;
        IF rec IS NULL THEN RETURN NULL; END IF;
        RETURN catalog_raw(k, rec, false);
      END $$`);
    // Notes one record's change in the current transaction (first touch keeps what it was).
    await db.query(`
      CREATE FUNCTION catalog_note(k text, rid integer, op text, old_row jsonb) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        noted catalog_change_pending%ROWTYPE;
      BEGIN
        SELECT * INTO noted FROM catalog_change_pending WHERE kind = k AND record_id = rid;
        IF FOUND THEN
          IF op = 'delete' THEN
            IF noted.operation = 'create' THEN
              DELETE FROM catalog_change_pending WHERE id = noted.id;
            ELSE
              UPDATE catalog_change_pending SET operation = 'delete',
                raw_before = CASE WHEN k = 'user' THEN raw_before || jsonb_build_object('password_hash', old_row->'password_hash') ELSE raw_before END
                WHERE id = noted.id;
            END IF;
          END IF;
          RETURN;
        END IF;
        INSERT INTO catalog_change_pending (operation, kind, record_id, raw_before)
          VALUES (op, k, rid, CASE WHEN op = 'create' THEN NULL ELSE catalog_raw(k, old_row, op = 'delete') END);
      END $$`);
    await db.query(`
      CREATE FUNCTION catalog_capture() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        k text := TG_ARGV[0];
        op text := CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END;
        old_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END;
        rid integer := CASE WHEN TG_OP = 'INSERT' THEN NEW.id ELSE OLD.id END;
      BEGIN
        PERFORM catalog_note(k, rid, op, old_row);
        -- A workspace row is also its namespace: a create or delete is one for both, an update one
        -- when the prefix, URI or isolation changes.
        IF k = 'workspace' THEN
          IF TG_OP <> 'UPDATE' OR jsonb_build_array(old_row->'name', old_row->'namespace_uri', old_row->'isolated')
              IS DISTINCT FROM (SELECT jsonb_build_array(n->'name', n->'namespace_uri', n->'isolated') FROM to_jsonb(NEW) AS n) THEN
            PERFORM catalog_note('namespace', rid, op, old_row);
          END IF;
        END IF;
        IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
        RETURN NEW;
      END $$`);
    // Alternate styles belong to the layer, roles to the user: noted before the change applies.
    await db.query(`
      CREATE FUNCTION catalog_capture_owner() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        k text := TG_ARGV[0];
        owner integer;
        old_row jsonb;
      BEGIN
        IF k = 'layer' THEN
          owner := CASE WHEN TG_OP = 'DELETE' THEN OLD.layer_id ELSE NEW.layer_id END;
          SELECT to_jsonb(t) INTO old_row FROM layer t WHERE id = owner;
        ELSE
          owner := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
          SELECT to_jsonb(t) INTO old_row FROM app_user t WHERE id = owner;
        END IF;
        -- The owner may be gone already (its delete cascades here) or new (noted as a create).
        IF old_row IS NOT NULL THEN PERFORM catalog_note(k, owner, 'update', old_row); END IF;
        IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
        RETURN NEW;
      END $$`);
    for (const [table, kind] of RECORDED) {
      await db.query(`CREATE TRIGGER ${table}_change BEFORE INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION catalog_capture('${kind}')`);
    }
    await db.query(
      `CREATE TRIGGER layer_style_change BEFORE INSERT OR UPDATE OR DELETE ON layer_style FOR EACH ROW EXECUTE FUNCTION catalog_capture_owner('layer')`,
    );
    await db.query(
      `CREATE TRIGGER user_role_change BEFORE INSERT OR UPDATE OR DELETE ON user_role FOR EACH ROW EXECUTE FUNCTION catalog_capture_owner('user')`,
    );

    // Moves the transaction's noted changes into the history, numbered, with what the api drew
    // for them (`drawn`: [{id, resource, before, after}]); run last before the commit. The lock is
    // held until the commit is done, so numbers follow commit order.
    await db.query(`
      CREATE FUNCTION catalog_commit_changes(drawn jsonb, who text, req text) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM catalog_change_pending) THEN RETURN; END IF;
        PERFORM pg_advisory_xact_lock(${CHANGE_ORDER_LOCK});
        INSERT INTO catalog_change (seq, time, user_name, request, operation, kind, record_id, resource, raw_before, before, after)
          SELECT nextval('catalog_change_seq'), clock_timestamp(), who, req, p.operation, p.kind, p.record_id, d.resource, p.raw_before, d.before, d.after
            FROM catalog_change_pending p
            LEFT JOIN jsonb_to_recordset(COALESCE(drawn, '[]'::jsonb)) AS d(id bigint, resource text, before jsonb, after jsonb) ON d.id = p.id
           ORDER BY p.id;
        DELETE FROM catalog_change_pending;
        PERFORM pg_notify('catalog_changes', '');
      END $$`);
    // A write the api did not see through to its commit (none should) is still recorded, at commit.
    await db.query(`
      CREATE FUNCTION catalog_change_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM catalog_commit_changes(NULL, NULL, NULL);
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE CONSTRAINT TRIGGER catalog_change_commit AFTER INSERT ON catalog_change_pending
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_change_commit()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER layer_style_change ON layer_style`);
    await db.query(`DROP TRIGGER user_role_change ON user_role`);
    for (const [table] of RECORDED) await db.query(`DROP TRIGGER ${table}_change ON ${table}`);
    await db.query(`DROP TABLE catalog_change_pending, catalog_change`);
    await db.query(
      `DROP FUNCTION catalog_change_commit(), catalog_commit_changes(jsonb, text, text), catalog_capture(), catalog_capture_owner(), catalog_note(text, integer, text, jsonb), catalog_current(text, integer), catalog_raw(text, jsonb, boolean)`,
    );
    await db.query(`DROP SEQUENCE catalog_change_seq`);
  }
}
