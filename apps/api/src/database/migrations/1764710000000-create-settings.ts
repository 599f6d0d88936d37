import { MigrationInterface, QueryRunner } from 'typeorm';
import { catalogCurrentSql, catalogResourceSql } from '../../history/history-functions';

/**
 * Service settings (contract §10): `settings` (the server's, `workspace_id` null, or a
 * workspace's: GeoServer's `SettingsInfo` with its contact) and `service_settings` (a service's,
 * `name` `wms` or `wfs`, global or a workspace's: GeoServer's `ServiceInfo`).
 *
 * - The server's settings and the global WMS and WFS settings always exist (seeded here, before
 *   the history's triggers, so the history starts with their first change); a workspace's exist
 *   once written and go with their workspace.
 * - Records like the others: a `version` from the catalog's sequence, history captured by the same
 *   triggers (kinds `settings` and `serviceSettings`), their REST paths from `catalog_resource`.
 */
export class CreateSettings1764710000000 implements MigrationInterface {
  name = 'CreateSettings1764710000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE settings (
        id serial PRIMARY KEY,
        workspace_id integer REFERENCES workspace(id) ON DELETE CASCADE,
        title text,
        contact json NOT NULL DEFAULT '{}',
        charset varchar(64) NOT NULL DEFAULT 'UTF-8',
        num_decimals integer NOT NULL DEFAULT 8,
        online_resource text,
        proxy_base_url text,
        "verbose" boolean NOT NULL DEFAULT false,
        verbose_exceptions boolean NOT NULL DEFAULT false,
        local_workspace_includes_prefix boolean NOT NULL DEFAULT false,
        use_headers_proxy_url boolean NOT NULL DEFAULT false,
        version bigint NOT NULL DEFAULT nextval('catalog_version')
      )`);
    await db.query(`CREATE UNIQUE INDEX settings_global_key ON settings ((workspace_id IS NULL)) WHERE workspace_id IS NULL`);
    await db.query(`CREATE UNIQUE INDEX settings_workspace_key ON settings (workspace_id) WHERE workspace_id IS NOT NULL`);
    await db.query(`
      CREATE TABLE service_settings (
        id serial PRIMARY KEY,
        workspace_id integer REFERENCES workspace(id) ON DELETE CASCADE,
        name varchar(16) NOT NULL CHECK (name IN ('wms', 'wfs')),
        enabled boolean NOT NULL DEFAULT true,
        service_name varchar(255) NOT NULL DEFAULT '',
        title text,
        maintainer text,
        abstract text,
        access_constraints text DEFAULT 'NONE',
        fees text DEFAULT 'NONE',
        keywords json NOT NULL DEFAULT '[]',
        online_resource text,
        schema_base_url text DEFAULT 'http://schemas.opengis.net',
        "verbose" boolean NOT NULL DEFAULT false,
        srs json NOT NULL DEFAULT '[]',
        bbox_for_each_crs boolean,
        interpolation varchar(16) NOT NULL DEFAULT 'Nearest',
        max_buffer integer NOT NULL DEFAULT 25,
        max_request_memory integer NOT NULL DEFAULT 65536,
        max_rendering_time integer NOT NULL DEFAULT 60,
        max_rendering_errors integer NOT NULL DEFAULT 1000,
        max_features integer NOT NULL DEFAULT 1000000,
        version bigint NOT NULL DEFAULT nextval('catalog_version')
      )`);
    await db.query(`CREATE UNIQUE INDEX service_settings_global_key ON service_settings (name) WHERE workspace_id IS NULL`);
    await db.query(`CREATE UNIQUE INDEX service_settings_workspace_key ON service_settings (workspace_id, name) WHERE workspace_id IS NOT NULL`);

    await db.query(`INSERT INTO settings DEFAULT VALUES`);
    await db.query(`
      INSERT INTO service_settings (name, service_name, title, keywords) VALUES
        ('wms', 'WMS', 'Web Map Service', '["WMS"]'),
        ('wfs', 'WFS', 'Web Feature Service', '["WFS"]')`);

    for (const table of ['settings', 'service_settings']) {
      await db.query(`CREATE TRIGGER ${table}_version BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION catalog_next_version()`);
    }
    await db.query(`CREATE TRIGGER settings_change BEFORE INSERT OR UPDATE OR DELETE ON settings FOR EACH ROW EXECUTE FUNCTION catalog_capture('settings')`);
    await db.query(
      `CREATE TRIGGER service_settings_change BEFORE INSERT OR UPDATE OR DELETE ON service_settings FOR EACH ROW EXECUTE FUNCTION catalog_capture('serviceSettings')`,
    );
    // The kind → table and the REST paths of settings come from the record-kind registry.
    await db.query(catalogCurrentSql());
    await db.query(catalogResourceSql());
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE service_settings, settings`);
    // catalog_current and catalog_resource keep their settings branches: they answer nothing without the tables.
  }
}
