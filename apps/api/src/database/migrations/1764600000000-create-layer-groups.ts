import { MigrationInterface, QueryRunner } from 'typeorm';
import { catalogCurrentSql, catalogResourceSql } from '../../history/history-functions';

/**
 * Layer groups (contract §10): `layer_group` (global when `workspace_id` is null) and its ordered
 * members, each a layer or another group with the style it is drawn with (null: its default).
 *
 * - A record like the others: a `version` from the catalog's sequence (a change of members is a
 *   write to the group), history captured by the same triggers (kind `layerGroup`; its row carries
 *   its members as `members`, as a layer's carries its alternate styles), its REST path from
 *   `catalog_resource`.
 * - What a member's delete does, whatever path it comes by (a layer deleted, or its feature type,
 *   store or workspace with `recurse`): the member leaves the group, and a group left with no
 *   member is deleted, which takes it out of the groups it was in, and so on. The REST paths refuse
 *   such a delete without `recurse` before it reaches the database; a member's style deleted
 *   leaves the member drawn with its default.
 * - A workspace group and a layer never share a qualified name: a feature type (its layer) cannot
 *   take a group's name in its workspace (a unique violation, answered as a taken name).
 */
export class CreateLayerGroups1764600000000 implements MigrationInterface {
  name = 'CreateLayerGroups1764600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE layer_group (
        id serial PRIMARY KEY,
        workspace_id integer REFERENCES workspace(id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        mode varchar(32) NOT NULL DEFAULT 'SINGLE',
        title text,
        abstract text,
        bounds json,
        keywords json NOT NULL DEFAULT '[]',
        date_created timestamptz NOT NULL DEFAULT now(),
        date_modified timestamptz,
        version bigint NOT NULL DEFAULT nextval('catalog_version')
      )`);
    await db.query(`CREATE UNIQUE INDEX layer_group_global_name_key ON layer_group (name) WHERE workspace_id IS NULL`);
    await db.query(`CREATE UNIQUE INDEX layer_group_workspace_name_key ON layer_group (workspace_id, name) WHERE workspace_id IS NOT NULL`);
    await db.query(`
      CREATE TABLE layer_group_member (
        group_id integer NOT NULL REFERENCES layer_group(id) ON DELETE CASCADE,
        position integer NOT NULL,
        layer_id integer REFERENCES layer(id) ON DELETE CASCADE,
        member_group_id integer REFERENCES layer_group(id) ON DELETE CASCADE,
        style_id integer REFERENCES style(id) ON DELETE SET NULL,
        PRIMARY KEY (group_id, position),
        CONSTRAINT layer_group_member_one CHECK ((layer_id IS NULL) <> (member_group_id IS NULL))
      )`);
    await db.query(`CREATE INDEX layer_group_member_layer_idx ON layer_group_member (layer_id)`);
    await db.query(`CREATE INDEX layer_group_member_group_idx ON layer_group_member (member_group_id)`);
    await db.query(`CREATE INDEX layer_group_member_style_idx ON layer_group_member (style_id)`);

    // Versions (as migration 1764100000000 does for the other records).
    await db.query(`CREATE TRIGGER layer_group_version BEFORE UPDATE ON layer_group FOR EACH ROW EXECUTE FUNCTION catalog_next_version()`);
    await db.query(`
      CREATE FUNCTION layer_group_members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE layer_group SET version = nextval('catalog_version') WHERE id = COALESCE(NEW.group_id, OLD.group_id);
        RETURN NULL;
      END $$`);
    await db.query(
      `CREATE TRIGGER layer_group_member_version AFTER INSERT OR UPDATE OR DELETE ON layer_group_member FOR EACH ROW EXECUTE FUNCTION layer_group_members_changed()`,
    );

    // A member gone: it leaves its groups, and a group left empty goes too.
    await db.query(`
      CREATE FUNCTION layer_group_release() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        emptied integer;
      BEGIN
        FOR emptied IN
          DELETE FROM layer_group_member
           WHERE (TG_TABLE_NAME = 'layer' AND layer_id = OLD.id) OR (TG_TABLE_NAME = 'layer_group' AND member_group_id = OLD.id)
          RETURNING group_id
        LOOP
          IF NOT EXISTS (SELECT 1 FROM layer_group_member WHERE group_id = emptied) THEN
            DELETE FROM layer_group WHERE id = emptied;
          END IF;
        END LOOP;
        RETURN OLD;
      END $$`);
    await db.query(`CREATE TRIGGER layer_group_release BEFORE DELETE ON layer FOR EACH ROW EXECUTE FUNCTION layer_group_release()`);
    await db.query(`CREATE TRIGGER layer_group_release BEFORE DELETE ON layer_group FOR EACH ROW EXECUTE FUNCTION layer_group_release()`);

    // A layer (its feature type) never takes the name of a group in its workspace.
    await db.query(`
      CREATE FUNCTION feature_type_not_a_group() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM layer_group WHERE workspace_id = NEW.workspace_id AND name = NEW.name) THEN
          RAISE EXCEPTION 'a layer group is named % in this workspace', NEW.name
            USING ERRCODE = 'unique_violation', CONSTRAINT = 'layer_group_layer_name_key';
        END IF;
        RETURN NEW;
      END $$`);
    await db.query(
      `CREATE TRIGGER feature_type_not_a_group BEFORE INSERT OR UPDATE OF name, workspace_id ON feature_type FOR EACH ROW EXECUTE FUNCTION feature_type_not_a_group()`,
    );

    // History: the group's row with its members; members are the group's.
    await db.query(`
      CREATE OR REPLACE FUNCTION catalog_raw(k text, rec jsonb, keep_secret boolean) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
      BEGIN
        IF k = 'layer' THEN
          RETURN rec || jsonb_build_object('style_ids',
            COALESCE((SELECT jsonb_agg(style_id ORDER BY position) FROM layer_style WHERE layer_id = (rec->>'id')::integer), '[]'::jsonb));
        ELSIF k = 'layerGroup' THEN
          RETURN rec || jsonb_build_object('members',
            COALESCE((SELECT jsonb_agg(jsonb_build_object('layer_id', layer_id, 'group_id', member_group_id, 'style_id', style_id) ORDER BY position)
                        FROM layer_group_member WHERE group_id = (rec->>'id')::integer), '[]'::jsonb));
        ELSIF k = 'user' THEN
          rec := rec || jsonb_build_object('roles',
            COALESCE((SELECT jsonb_agg(role ORDER BY role) FROM user_role WHERE user_id = (rec->>'id')::integer), '[]'::jsonb));
          IF NOT keep_secret THEN rec := rec - 'password_hash'; END IF;
          RETURN rec;
        END IF;
        RETURN rec;
      END $$`);
    // The kind → table and the REST path of a group come from the record-kind registry, which
    // now counts layer groups among its stored kinds (see 1764500000000-derive-history-paths).
    await db.query(catalogCurrentSql());
    await db.query(catalogResourceSql());
    await db.query(`
      CREATE FUNCTION layer_group_member_capture() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        owner integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.group_id ELSE NEW.group_id END;
        old_row jsonb;
      BEGIN
        SELECT to_jsonb(t) INTO old_row FROM layer_group t WHERE id = owner;
        -- The group may be gone already (its delete cascades here) or new (noted as a create).
        IF old_row IS NOT NULL THEN PERFORM catalog_note('layerGroup', owner, 'update', old_row); END IF;
        IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
        RETURN NEW;
      END $$`);
    await db.query(
      `CREATE TRIGGER layer_group_change BEFORE INSERT OR UPDATE OR DELETE ON layer_group FOR EACH ROW EXECUTE FUNCTION catalog_capture('layerGroup')`,
    );
    await db.query(
      `CREATE TRIGGER layer_group_member_change BEFORE INSERT OR UPDATE OR DELETE ON layer_group_member FOR EACH ROW EXECUTE FUNCTION layer_group_member_capture()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER feature_type_not_a_group ON feature_type`);
    await db.query(`DROP TRIGGER layer_group_release ON layer`);
    await db.query(`DROP TABLE layer_group_member, layer_group`);
    await db.query(`DROP FUNCTION layer_group_member_capture(), feature_type_not_a_group(), layer_group_release(), layer_group_members_changed()`);
    // catalog_raw, catalog_current and catalog_resource keep their layerGroup branches: they answer nothing without the table.
  }
}
