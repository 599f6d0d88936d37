import { caseInsensitiveNameKey } from '@geocatalog/catalog-model';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * User names become unique whatever their case (`admin`/`Admin`) and normal form: a `name_key`
 * column holds the name folded by `caseInsensitiveNameKey` (computed here, not by SQL `lower()`,
 * whose folding depends on the database's collation) under a unique index. Users that already
 * collide keep their accounts: every one but the oldest is renamed `{name}-duplicate-{id}`.
 */
export class AddUserNameKey1763940000000 implements MigrationInterface {
  name = 'AddUserNameKey1763940000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE app_user ADD COLUMN name_key text`);
    const users: Array<{ id: number; name: string }> = await db.query(`SELECT id, name FROM app_user ORDER BY id`);
    const taken = new Set(users.map((u) => caseInsensitiveNameKey(u.name)));
    const seen = new Set<string>();
    for (const user of users) {
      let name = user.name;
      let key = caseInsensitiveNameKey(name);
      if (seen.has(key)) {
        name = `${user.name}-duplicate-${user.id}`;
        key = caseInsensitiveNameKey(name);
        // A renamed user must not collide with a name that exists already.
        for (let n = 2; taken.has(key); n++) {
          name = `${user.name}-duplicate-${user.id}-${n}`;
          key = caseInsensitiveNameKey(name);
        }
        taken.add(key);
      }
      seen.add(key);
      await db.query(`UPDATE app_user SET name = $1, name_key = $2 WHERE id = $3`, [name, key, user.id]);
    }
    await db.query(`ALTER TABLE app_user ALTER COLUMN name_key SET NOT NULL`);
    await db.query(`CREATE UNIQUE INDEX app_user_name_key_unique ON app_user (name_key)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX app_user_name_key_unique`);
    await db.query(`ALTER TABLE app_user DROP COLUMN name_key`);
  }
}
