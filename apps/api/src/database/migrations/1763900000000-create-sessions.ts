import { MigrationInterface, QueryRunner } from 'typeorm';

/** Console sessions (hashed cookie tokens), shared by every api process on the catalog database. */
export class CreateSessions1763900000000 implements MigrationInterface {
  name = 'CreateSessions1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE app_session (
        token_hash char(64) PRIMARY KEY,
        user_id integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX app_session_user_idx ON app_session (user_id)`);
    await db.query(`CREATE INDEX app_session_expires_idx ON app_session (expires_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE app_session`);
  }
}
