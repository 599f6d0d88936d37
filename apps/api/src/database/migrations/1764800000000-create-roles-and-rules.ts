import { MigrationInterface, QueryRunner } from 'typeorm';
import { catalogCurrentSql, catalogResourceSql } from '../../history/history-functions';

/**
 * Custom roles, user groups and GeoServer's data security rules (contract §6, §12).
 *
 * - `app_role`: the roles that exist; `ADMIN` and `READER` always. A user's grants and a group's
 *   roles name one (renamed and deleted with it).
 * - `user_group`, `user_group_member`, `group_role`: GeoServer's user groups; a member holds the
 *   group's roles as well as its own.
 * - `data_rule` (kind `rule`): the lines of `security/layers.properties`, `name` the key
 *   (`topp.*.r`) and `value` its roles, plus the line `mode` whose value is the catalog mode. Seeded
 *   with the fresh catalog's root rules, so the behaviour of the two fixed roles stays the
 *   default: every signed-in user reads, only ADMIN writes and administers.
 * - `service_rule` (kind `serviceRule`): the lines of `security/services.properties`.
 * - Rules are records like the others: a `version` from the catalog's sequence, history captured
 *   by the same triggers, their REST paths from `catalog_resource`.
 */
export class CreateRolesAndRules1764800000000 implements MigrationInterface {
  name = 'CreateRolesAndRules1764800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE app_role (
        name varchar(64) PRIMARY KEY,
        date_created timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`INSERT INTO app_role (name) VALUES ('ADMIN'), ('READER')`);
    await db.query(`ALTER TABLE user_role DROP CONSTRAINT IF EXISTS user_role_role_check`);
    await db.query(`ALTER TABLE user_role ALTER COLUMN role TYPE varchar(64)`);
    await db.query(`ALTER TABLE user_role ADD CONSTRAINT user_role_role_fkey FOREIGN KEY (role) REFERENCES app_role(name) ON DELETE CASCADE ON UPDATE CASCADE`);

    await db.query(`
      CREATE TABLE user_group (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        name_key text NOT NULL UNIQUE,
        enabled boolean NOT NULL DEFAULT true
      )`);
    await db.query(`
      CREATE TABLE user_group_member (
        group_id integer NOT NULL REFERENCES user_group(id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        PRIMARY KEY (group_id, user_id)
      )`);
    await db.query(`CREATE INDEX user_group_member_user ON user_group_member (user_id)`);
    await db.query(`
      CREATE TABLE group_role (
        group_id integer NOT NULL REFERENCES user_group(id) ON DELETE CASCADE,
        role varchar(64) NOT NULL REFERENCES app_role(name) ON DELETE CASCADE ON UPDATE CASCADE,
        PRIMARY KEY (group_id, role)
      )`);

    for (const table of ['data_rule', 'service_rule']) {
      await db.query(`
        CREATE TABLE ${table} (
          id serial PRIMARY KEY,
          name text NOT NULL UNIQUE,
          value text NOT NULL,
          version bigint NOT NULL DEFAULT nextval('catalog_version')
        )`);
    }
    await db.query(`
      INSERT INTO data_rule (name, value) VALUES
        ('mode', 'HIDE'), ('*.*.r', 'AUTHENTICATED'), ('*.*.w', 'ADMIN'), ('*.*.a', 'ADMIN')`);

    for (const table of ['data_rule', 'service_rule']) {
      await db.query(`CREATE TRIGGER ${table}_version BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION catalog_next_version()`);
    }
    await db.query(`CREATE TRIGGER data_rule_change BEFORE INSERT OR UPDATE OR DELETE ON data_rule FOR EACH ROW EXECUTE FUNCTION catalog_capture('rule')`);
    await db.query(
      `CREATE TRIGGER service_rule_change BEFORE INSERT OR UPDATE OR DELETE ON service_rule FOR EACH ROW EXECUTE FUNCTION catalog_capture('serviceRule')`,
    );
    // The kind → table and the REST paths of rules come from the record-kind registry.
    await db.query(catalogCurrentSql());
    await db.query(catalogResourceSql());
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE service_rule, data_rule, group_role, user_group_member, user_group`);
    await db.query(`ALTER TABLE user_role DROP CONSTRAINT user_role_role_fkey`);
    await db.query(`DELETE FROM user_role WHERE role NOT IN ('ADMIN', 'READER')`);
    await db.query(`DROP TABLE app_role`);
  }
}
