import { MigrationInterface, QueryRunner } from 'typeorm';
import { catalogCurrentSql, catalogResourceSql } from '../../history/history-functions';

/**
 * The history's kind → table (`catalog_current`) and each change's REST path (`catalog_resource`)
 * were written by hand in PL/pgSQL; they are now generated from the record-kind registry
 * (`libs/catalog-model/src/kinds`), so a path is spelled once. They answer as before for every
 * kind: a change keeps the path it was made under, a cascaded delete gets its path inside
 * PostgreSQL, and PGlite runs the same functions.
 *
 * A kind whose table a later migration creates (layer groups) joins `KindName` in the registry,
 * and that migration, after creating its table and trigger, runs these two generators again
 * (CREATE OR REPLACE): the functions then know the new kind, and nothing else changes. Until
 * then a row of an unknown kind fails its commit loudly (PL/pgSQL's CASE has no ELSE), rather than
 * being recorded without a path. A fresh database runs this migration with the registry of its
 * day; the functions only ever read a kind's table when a row of that kind is recorded.
 */
export class DeriveHistoryPaths1764500000000 implements MigrationInterface {
  name = 'DeriveHistoryPaths1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(catalogCurrentSql());
    await db.query(catalogResourceSql());
  }

  async down(): Promise<void> {
    // The hand-written functions this replaced answered the same for every kind: nothing to undo.
  }
}
