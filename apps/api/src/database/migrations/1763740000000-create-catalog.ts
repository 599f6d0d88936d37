import { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_STYLES } from './default-styles';

/** Workspaces (with their namespaces), data stores, styles with their SLD, users and roles. */
export class CreateCatalog1763740000000 implements MigrationInterface {
  name = 'CreateCatalog1763740000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE workspace (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        namespace_uri text NOT NULL,
        isolated boolean NOT NULL DEFAULT false,
        is_default boolean NOT NULL DEFAULT false,
        date_created timestamptz NOT NULL DEFAULT now(),
        date_modified timestamptz,
        CONSTRAINT workspace_name_key UNIQUE (name)
      )`);
    await db.query(`CREATE UNIQUE INDEX workspace_single_default ON workspace (is_default) WHERE is_default`);
    await db.query(`CREATE UNIQUE INDEX workspace_namespace_uri_key ON workspace (namespace_uri) WHERE NOT isolated`);

    await db.query(`
      CREATE TABLE data_store (
        id serial PRIMARY KEY,
        workspace_id integer NOT NULL REFERENCES workspace(id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        description text,
        type varchar(255),
        enabled boolean NOT NULL DEFAULT true,
        connection_parameters json NOT NULL DEFAULT '{}',
        disable_on_conn_failure boolean NOT NULL DEFAULT false,
        date_created timestamptz NOT NULL DEFAULT now(),
        date_modified timestamptz,
        CONSTRAINT data_store_workspace_name_key UNIQUE (workspace_id, name)
      )`);

    await db.query(`
      CREATE TABLE style (
        id serial PRIMARY KEY,
        workspace_id integer REFERENCES workspace(id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        format varchar(32) NOT NULL DEFAULT 'sld',
        language_version varchar(16) NOT NULL DEFAULT '1.0.0',
        filename varchar(512) NOT NULL,
        content bytea,
        date_created timestamptz NOT NULL DEFAULT now(),
        date_modified timestamptz
      )`);
    await db.query(`CREATE UNIQUE INDEX style_global_name_key ON style (name) WHERE workspace_id IS NULL`);
    await db.query(`CREATE UNIQUE INDEX style_workspace_name_key ON style (workspace_id, name) WHERE workspace_id IS NOT NULL`);

    await db.query(`
      CREATE TABLE app_user (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        password_hash text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        date_created timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT app_user_name_key UNIQUE (name)
      )`);
    await db.query(`
      CREATE TABLE user_role (
        user_id integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        role varchar(32) NOT NULL CHECK (role IN ('ADMIN', 'READER')),
        PRIMARY KEY (user_id, role)
      )`);

    for (const [name, sld] of Object.entries(DEFAULT_STYLES)) {
      await db.query(`INSERT INTO style (workspace_id, name, format, language_version, filename, content) VALUES (NULL, $1, 'sld', '1.0.0', $2, $3)`, [
        name,
        `${name}.sld`,
        Buffer.from(sld, 'utf8'),
      ]);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE user_role, app_user, style, data_store, workspace`);
  }
}
