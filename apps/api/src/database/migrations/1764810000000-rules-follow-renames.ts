import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Data rules follow the records they are written for (contract §12; GeoServer's
 * `SecuredResourceNameChangeListener`): deleting a workspace, a feature type (its layer) or a
 * layer group deletes its rules, so a record made later with that name does not inherit them;
 * renaming a workspace renames its rules (`old.*.r` →
 * `new.*.r`, `old.layer.r` → `new.layer.r`), renaming a feature type (and so its layer) or a layer
 * group renames that layer's or group's rules. Without this, a workspace hidden by `ws.*.r` would
 * be open to everyone once renamed. Done by triggers in the rename's transaction, whatever path
 * renames (REST, import, revert), so the rule changes are in the history under the rename's
 * request and a revert of the rename puts them back too (whichever order it restores the rows in:
 * a rule it already put back under the old name is not moved). A rule already written for the
 * new name (left over from a record deleted earlier: names are unique) takes the moved rule's roles.
 *
 * `catalog_rules_rename(old_prefix, new_prefix, segments)` moves the rules whose key starts with
 * `old_prefix` followed by exactly (`segments` = 1: a layer's or group's `.mode`) or at least
 * (`segments` = 2: a workspace's `.layer.mode`) that many dot-separated segments.
 */
export class RulesFollowRenames1764810000000 implements MigrationInterface {
  name = 'RulesFollowRenames1764810000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION catalog_rules_rename(old_prefix text, new_prefix text, segments integer) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        tail text := CASE WHEN segments = 1 THEN '^\\.[rwa]$' ELSE '^\\..+\\.[rwa]$' END;
      BEGIN
        IF old_prefix = new_prefix THEN RETURN; END IF;
        -- A rule already written for the new name takes the moved rule's roles; the moved one goes.
        UPDATE data_rule n SET value = o.value FROM data_rule o
         WHERE left(o.name, length(old_prefix)) = old_prefix AND substr(o.name, length(old_prefix) + 1) ~ tail
           AND n.name = new_prefix || substr(o.name, length(old_prefix) + 1) AND n.value <> o.value;
        DELETE FROM data_rule o
         WHERE left(o.name, length(old_prefix)) = old_prefix AND substr(o.name, length(old_prefix) + 1) ~ tail
           AND EXISTS (SELECT 1 FROM data_rule n WHERE n.name = new_prefix || substr(o.name, length(old_prefix) + 1));
        UPDATE data_rule SET name = new_prefix || substr(name, length(old_prefix) + 1)
         WHERE left(name, length(old_prefix)) = old_prefix AND substr(name, length(old_prefix) + 1) ~ tail;
      END $$`);
    await db.query(`
      CREATE FUNCTION catalog_rules_follow_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM catalog_rules_rename(OLD.name, NEW.name, 2);
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE FUNCTION catalog_rules_follow_feature_type() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE ws text;
      BEGIN
        SELECT name INTO ws FROM workspace WHERE id = NEW.workspace_id;
        IF ws IS NOT NULL THEN PERFORM catalog_rules_rename(ws || '.' || OLD.name, ws || '.' || NEW.name, 1); END IF;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE FUNCTION catalog_rules_follow_layer_group() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE ws text;
      BEGIN
        IF NEW.workspace_id IS NULL THEN
          PERFORM catalog_rules_rename(OLD.name, NEW.name, 1);
        ELSE
          SELECT name INTO ws FROM workspace WHERE id = NEW.workspace_id;
          IF ws IS NOT NULL THEN PERFORM catalog_rules_rename(ws || '.' || OLD.name, ws || '.' || NEW.name, 1); END IF;
        END IF;
        RETURN NULL;
      END $$`);
    // Deleted with their record: a workspace's rules (its layers' too), a feature type's or a group's.
    await db.query(`
      CREATE FUNCTION catalog_rules_drop(prefix text, segments integer) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM data_rule
         WHERE left(name, length(prefix)) = prefix
           AND substr(name, length(prefix) + 1) ~ (CASE WHEN segments = 1 THEN '^\\.[rwa]$' ELSE '^\\..+\\.[rwa]$' END);
      END $$`);
    await db.query(`
      CREATE FUNCTION catalog_rules_drop_with() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE ws text;
      BEGIN
        IF TG_TABLE_NAME = 'workspace' THEN
          PERFORM catalog_rules_drop(OLD.name, 2);
        ELSIF OLD.workspace_id IS NULL THEN
          PERFORM catalog_rules_drop(OLD.name, 1);
        ELSE
          -- In a workspace's cascade the workspace is gone: its own trigger drops all of its rules.
          SELECT name INTO ws FROM workspace WHERE id = OLD.workspace_id;
          IF ws IS NOT NULL THEN PERFORM catalog_rules_drop(ws || '.' || OLD.name, 1); END IF;
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of ['workspace', 'feature_type', 'layer_group']) {
      await db.query(`CREATE TRIGGER ${table}_rules_drop AFTER DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION catalog_rules_drop_with()`);
    }
    for (const [table, fn] of [
      ['workspace', 'catalog_rules_follow_workspace'],
      ['feature_type', 'catalog_rules_follow_feature_type'],
      ['layer_group', 'catalog_rules_follow_layer_group'],
    ]) {
      await db.query(
        `CREATE TRIGGER ${table}_rules_follow AFTER UPDATE OF name ON ${table} FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION ${fn}()`,
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['workspace', 'feature_type', 'layer_group']) {
      await db.query(`DROP TRIGGER ${table}_rules_follow ON ${table}`);
      await db.query(`DROP TRIGGER ${table}_rules_drop ON ${table}`);
    }
    await db.query(
      `DROP FUNCTION catalog_rules_follow_workspace(), catalog_rules_follow_feature_type(), catalog_rules_follow_layer_group(), catalog_rules_rename(text, text, integer), catalog_rules_drop_with(), catalog_rules_drop(text, integer)`,
    );
  }
}
