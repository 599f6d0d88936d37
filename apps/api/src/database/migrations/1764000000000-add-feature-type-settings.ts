import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Feature type fields GeoServer clients send and the catalog used to drop: `cqlFilter`,
 * `responseSRS` and the `metadata` map (declared in libs/catalog-model's `FeatureType`).
 */
export class AddFeatureTypeSettings1764000000000 implements MigrationInterface {
  name = 'AddFeatureTypeSettings1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE feature_type ADD COLUMN cql_filter text`);
    await db.query(`ALTER TABLE feature_type ADD COLUMN response_srs json NOT NULL DEFAULT '[]'`);
    await db.query(`ALTER TABLE feature_type ADD COLUMN metadata json NOT NULL DEFAULT '{}'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE feature_type DROP COLUMN metadata, DROP COLUMN response_srs, DROP COLUMN cql_filter`);
  }
}
