import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A feature type's configured attribute subset (contract §11): the names of the `<attributes>` it
 * was created or updated with, when they leave a column out; null publishes every column, read
 * live. Every read of the layer is bound to it (declared in libs/catalog-model's `FeatureType`).
 */
export class AddFeatureTypeAttributeSubset1764400000000 implements MigrationInterface {
  name = 'AddFeatureTypeAttributeSubset1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE feature_type ADD COLUMN attribute_subset json`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE feature_type DROP COLUMN attribute_subset`);
  }
}
