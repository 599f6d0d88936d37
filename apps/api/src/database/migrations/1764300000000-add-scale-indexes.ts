import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reads that must not grow with the catalog. The feature types of one store, in name order, read
 * a page at a time (streamed lists): without an index on both each page would scan the store's
 * feature types and sort them; it replaces the index on the store alone, which it covers. The
 * history's retention finds the changes older than HISTORY_DAYS at every start: by time, through
 * an index, instead of reading the whole history beside the first requests.
 */
export class AddScaleIndexes1764300000000 implements MigrationInterface {
  name = 'AddScaleIndexes1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX feature_type_store_name ON feature_type (data_store_id, name)`);
    await db.query(`DROP INDEX feature_type_data_store_idx`);
    await db.query(`CREATE INDEX catalog_change_time ON catalog_change (time)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX catalog_change_time`);
    await db.query(`CREATE INDEX feature_type_data_store_idx ON feature_type (data_store_id)`);
    await db.query(`DROP INDEX feature_type_store_name`);
  }
}
