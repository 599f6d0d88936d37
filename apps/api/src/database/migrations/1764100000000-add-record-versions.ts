import { MigrationInterface, QueryRunner } from 'typeorm';

/** Tables whose rows are catalog records with an ETag (contract §7). */
const VERSIONED = ['workspace', 'data_store', 'feature_type', 'layer', 'style', 'app_user'];

/**
 * Every catalog record gets a `version` that changes on every committed write to it. Versions
 * come from one sequence, so a version is never reused (a record deleted and created again gets a
 * new one) and a higher version is always a later write. Triggers set them, so no code path that
 * updates a row can forget; a change to a layer's alternate styles is a write to the layer.
 */
export class AddRecordVersions1764100000000 implements MigrationInterface {
  name = 'AddRecordVersions1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE SEQUENCE catalog_version`);
    await db.query(`
      CREATE FUNCTION catalog_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.version := nextval('catalog_version');
        RETURN NEW;
      END $$`);
    for (const table of VERSIONED) {
      await db.query(`ALTER TABLE ${table} ADD COLUMN version bigint NOT NULL DEFAULT nextval('catalog_version')`);
      await db.query(`CREATE TRIGGER ${table}_version BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION catalog_next_version()`);
    }
    await db.query(`
      CREATE FUNCTION layer_styles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE layer SET version = nextval('catalog_version') WHERE id = COALESCE(NEW.layer_id, OLD.layer_id);
        RETURN NULL;
      END $$`);
    await db.query(`CREATE TRIGGER layer_style_version AFTER INSERT OR UPDATE OR DELETE ON layer_style FOR EACH ROW EXECUTE FUNCTION layer_styles_changed()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER layer_style_version ON layer_style`);
    await db.query(`DROP FUNCTION layer_styles_changed()`);
    for (const table of VERSIONED) {
      await db.query(`DROP TRIGGER ${table}_version ON ${table}`);
      await db.query(`ALTER TABLE ${table} DROP COLUMN version`);
    }
    await db.query(`DROP FUNCTION catalog_next_version()`);
    await db.query(`DROP SEQUENCE catalog_version`);
  }
}
