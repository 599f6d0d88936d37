import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The feature types of one store, in name order, read a page at a time (streamed lists): without
 * this index each page would scan the store's feature types and sort them. It replaces the index
 * on the store alone, which it covers.
 */
export class AddListIndexes1764300000000 implements MigrationInterface {
  name = 'AddListIndexes1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX feature_type_store_name ON feature_type (data_store_id, name)`);
    await db.query(`DROP INDEX feature_type_data_store_idx`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX feature_type_data_store_idx ON feature_type (data_store_id)`);
    await db.query(`DROP INDEX feature_type_store_name`);
  }
}
