import { MigrationInterface, QueryRunner } from 'typeorm';

/** Feature types (published tables), their layers, and layers' alternate styles. */
export class CreateFeatureTypesAndLayers1763750000000 implements MigrationInterface {
  name = 'CreateFeatureTypesAndLayers1763750000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE feature_type (
        id serial PRIMARY KEY,
        data_store_id integer NOT NULL REFERENCES data_store(id) ON DELETE CASCADE,
        workspace_id integer NOT NULL REFERENCES workspace(id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        native_name varchar(255) NOT NULL,
        title text,
        abstract text,
        description text,
        keywords json NOT NULL DEFAULT '[]',
        native_crs_wkt text,
        native_crs_projected boolean NOT NULL DEFAULT false,
        srs varchar(255),
        native_bbox json,
        latlon_bbox json,
        projection_policy varchar(32) NOT NULL DEFAULT 'FORCE_DECLARED',
        enabled boolean NOT NULL DEFAULT true,
        advertised boolean NOT NULL DEFAULT true,
        max_features integer NOT NULL DEFAULT 0,
        num_decimals integer NOT NULL DEFAULT 0,
        overriding_service_srs boolean NOT NULL DEFAULT false,
        circular_arc_present boolean NOT NULL DEFAULT false,
        attributes json NOT NULL DEFAULT '[]',
        geometry_type varchar(64),
        date_created timestamptz NOT NULL DEFAULT now(),
        date_modified timestamptz,
        CONSTRAINT feature_type_workspace_name_key UNIQUE (workspace_id, name)
      )`);
    await db.query(`CREATE INDEX feature_type_data_store_idx ON feature_type (data_store_id)`);

    await db.query(`
      CREATE TABLE layer (
        id serial PRIMARY KEY,
        feature_type_id integer NOT NULL UNIQUE REFERENCES feature_type(id) ON DELETE CASCADE,
        default_style_id integer REFERENCES style(id) ON DELETE RESTRICT,
        enabled boolean NOT NULL DEFAULT true,
        advertised boolean NOT NULL DEFAULT true,
        queryable boolean,
        opaque boolean,
        attribution json,
        date_created timestamptz NOT NULL DEFAULT now(),
        date_modified timestamptz
      )`);
    await db.query(`CREATE INDEX layer_default_style_idx ON layer (default_style_id)`);

    await db.query(`
      CREATE TABLE layer_style (
        layer_id integer NOT NULL REFERENCES layer(id) ON DELETE CASCADE,
        style_id integer NOT NULL REFERENCES style(id) ON DELETE RESTRICT,
        position integer NOT NULL,
        PRIMARY KEY (layer_id, style_id)
      )`);
    await db.query(`CREATE INDEX layer_style_style_idx ON layer_style (style_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE layer_style, layer, feature_type`);
  }
}
