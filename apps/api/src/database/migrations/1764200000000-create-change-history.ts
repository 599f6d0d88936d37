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
 * - With its COMMIT, the api sends `catalog_commit_changes`: it moves the notes into
 *   `catalog_change` with the user, the request, the record's path and its row after the change,
 *   numbered under an advisory lock held until the commit is done: numbers follow commit order,
 *   so a reader that has seen change n has seen every change below n, and `since=n` never skips
 *   one committed later. A deferred trigger does the same for a write that reached its commit
 *   another way, and notifies `catalog_changes` (the api notifies after its own commits).
 * - The representations `before` and `after` are drawn when the history is read, from the rows
 *   kept here and the related records as they were then (`catalog_as_of`).
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
        raw_after jsonb
      )`);
    await db.query(`CREATE INDEX catalog_change_record ON catalog_change (kind, record_id, seq)`);
    await db.query(`CREATE INDEX catalog_change_resource ON catalog_change (resource text_pattern_ops)`);
    // What the running transactions noted so far: each sees only its own rows, and empties them
    // into catalog_change when it commits. Unlogged: no row of it outlives its transaction, so
    // writing it to the WAL would only cost (a crash loses nothing that was committed).
    await db.query(`
      CREATE UNLOGGED TABLE catalog_change_pending (
        id bigserial PRIMARY KEY,
        tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
        operation text NOT NULL,
        kind text NOT NULL,
        record_id integer NOT NULL,
        raw_before jsonb
      )`);
    // Every lookup names the transaction: it goes straight to its own rows, never through the
    // dead ones of committed transactions that vacuum has not removed yet.
    await db.query(`CREATE INDEX catalog_change_pending_record ON catalog_change_pending (tx, kind, record_id)`);

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
        -- A record created now was not noted before (its id is new).
        IF op <> 'create' THEN
          SELECT * INTO noted FROM catalog_change_pending WHERE tx = pg_current_xact_id() AND kind = k AND record_id = rid;
        END IF;
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

    // The name of a related record now, or as this transaction found it when it deleted it.
    await db.query(`
      CREATE FUNCTION catalog_name(k text, rid integer) RETURNS text LANGUAGE sql STABLE AS $$
        SELECT COALESCE(catalog_current(k, rid), (SELECT raw_before FROM catalog_change_pending WHERE tx = pg_current_xact_id_if_assigned() AND kind = k AND record_id = rid LIMIT 1))->>'name'
      $$`);
    // The REST path of a record (without /rest and suffix), from its row.
    await db.query(`
      CREATE FUNCTION catalog_resource(k text, rec jsonb) RETURNS text LANGUAGE plpgsql STABLE AS $$
      DECLARE
        ft jsonb;
      BEGIN
        IF rec IS NULL THEN RETURN NULL; END IF;
        CASE k
          WHEN 'workspace' THEN RETURN '/workspaces/' || (rec->>'name');
          WHEN 'namespace' THEN RETURN '/namespaces/' || (rec->>'name');
          WHEN 'dataStore' THEN
            RETURN '/workspaces/' || catalog_name('workspace', (rec->>'workspace_id')::integer) || '/datastores/' || (rec->>'name');
          WHEN 'featureType' THEN
            RETURN '/workspaces/' || catalog_name('workspace', (rec->>'workspace_id')::integer)
              || '/datastores/' || catalog_name('dataStore', (rec->>'data_store_id')::integer) || '/featuretypes/' || (rec->>'name');
          WHEN 'layer' THEN
            ft := COALESCE(catalog_current('featureType', (rec->>'feature_type_id')::integer),
              (SELECT raw_before FROM catalog_change_pending
                WHERE tx = pg_current_xact_id_if_assigned() AND kind = 'featureType' AND record_id = (rec->>'feature_type_id')::integer LIMIT 1));
            RETURN '/workspaces/' || catalog_name('workspace', (ft->>'workspace_id')::integer) || '/layers/' || (ft->>'name');
          WHEN 'style' THEN
            IF rec->'workspace_id' = 'null'::jsonb THEN RETURN '/styles/' || (rec->>'name'); END IF;
            RETURN '/workspaces/' || catalog_name('workspace', (rec->>'workspace_id')::integer) || '/styles/' || (rec->>'name');
          WHEN 'user' THEN RETURN '/security/usergroup/user/' || (rec->>'name');
        END CASE;
        RETURN NULL;
      END $$`);
    // Moves the transaction's notes into the history, numbered, with who made them in which
    // request, each record's path and its row after the change. The api sends it with the COMMIT
    // (one round trip); the lock it takes is held until the commit is done, so numbers follow
    // commit order. `announce`: notify catalog_changes here (the api notifies after its commits).
    await db.query(`
      CREATE FUNCTION catalog_commit_changes(who text, req text, announce boolean) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        me xid8;
        moved jsonb;
      BEGIN
        -- A transaction that wrote nothing has no id, and nothing to move.
        me := pg_current_xact_id_if_assigned();
        IF me IS NULL OR NOT EXISTS (SELECT 1 FROM catalog_change_pending WHERE tx = me) THEN RETURN; END IF;
        -- Everything but the numbering is done before the lock, which is held until the commit.
        SELECT jsonb_agg(jsonb_build_object('operation', p.operation, 'kind', p.kind, 'record_id', p.record_id,
                 'resource', catalog_resource(p.kind, COALESCE(n.rec, p.raw_before)), 'raw_before', p.raw_before, 'raw_after', n.rec) ORDER BY p.id)
          INTO moved
          FROM catalog_change_pending p, LATERAL (SELECT catalog_current(p.kind, p.record_id) AS rec) n
         WHERE p.tx = me;
        DELETE FROM catalog_change_pending WHERE tx = me;
        PERFORM pg_advisory_xact_lock(${CHANGE_ORDER_LOCK});
        INSERT INTO catalog_change (seq, time, user_name, request, operation, kind, record_id, resource, raw_before, raw_after)
          SELECT nextval('catalog_change_seq'), clock_timestamp(), who, req, m.operation, m.kind, m.record_id, m.resource, m.raw_before, m.raw_after
            FROM ROWS FROM (jsonb_to_recordset(moved) AS (operation text, kind text, record_id integer, resource text, raw_before jsonb, raw_after jsonb))
                 WITH ORDINALITY AS m(operation, kind, record_id, resource, raw_before, raw_after, n)
           ORDER BY m.n;
        IF announce THEN PERFORM pg_notify('catalog_changes', ''); END IF;
      END $$`);
    // The first and last number of the request that made change `target`: one commit numbers its
    // changes in one go, so they are consecutive.
    await db.query(`
      CREATE FUNCTION catalog_request_bounds(target bigint, OUT first bigint, OUT last bigint) LANGUAGE sql STABLE AS $$
        SELECT COALESCE((SELECT max(c.seq) + 1 FROM catalog_change c WHERE c.seq < target AND c.request IS DISTINCT FROM t.request), 1),
               COALESCE((SELECT min(c.seq) - 1 FROM catalog_change c WHERE c.seq > target AND c.request IS DISTINCT FROM t.request),
                        (SELECT max(seq) FROM catalog_change))
          FROM catalog_change t WHERE t.seq = target
      $$`);
    // A record's row as it was at change number `point` (NULL when it did not exist then): the
    // row after the last change up to that point, else before the first change after it, else now.
    await db.query(`
      CREATE FUNCTION catalog_as_of(k text, rid integer, point bigint) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
      DECLARE
        found_row record;
      BEGIN
        SELECT raw_after INTO found_row FROM catalog_change WHERE kind = k AND record_id = rid AND seq <= point ORDER BY seq DESC LIMIT 1;
        IF FOUND THEN RETURN found_row.raw_after; END IF;
        SELECT raw_before INTO found_row FROM catalog_change WHERE kind = k AND record_id = rid AND seq > point ORDER BY seq LIMIT 1;
        IF FOUND THEN RETURN found_row.raw_before; END IF;
        RETURN catalog_current(k, rid);
      END $$`);
    // A write the api did not see through to its commit (none should) is still recorded, at commit.
    await db.query(`
      CREATE FUNCTION catalog_change_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM catalog_commit_changes(NULL, NULL, true);
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
      `DROP FUNCTION catalog_change_commit(), catalog_commit_changes(text, text, boolean), catalog_as_of(text, integer, bigint), catalog_request_bounds(bigint), catalog_resource(text, jsonb), catalog_name(text, integer), catalog_capture(), catalog_capture_owner(), catalog_note(text, integer, text, jsonb), catalog_current(text, integer), catalog_raw(text, jsonb, boolean)`,
    );
    await db.query(`DROP SEQUENCE catalog_change_seq`);
  }
}
