/**
 * The migration that makes user names unique whatever their case, on a catalog that already holds
 * case duplicates: an older catalog is made by removing the migration's traces from a fresh one
 * and adding users `admin`/`Admin`, `Bob`/`bob`/`BOB`; the next start runs the migration again.
 * Needs TEST_DATABASE_URL: the embedded catalog cannot be opened by the test.
 */
import { describeWithExternalCatalog, useCatalogUpgrade, withClient } from '../support/api-server';
import { restClient } from '../support/http';

const sql = withClient;

describeWithExternalCatalog('migration: user names unique case-insensitively', () => {
  const catalog = useCatalogUpgrade();

  it('renames every case duplicate but the oldest to {name}-duplicate-{id} and then refuses new ones', async () => {
    const old = await catalog.start();
    await old.stop();
    const url = old.databaseUrl!;
    const ids = await sql(url, async (c) => {
      await c.query(`DROP INDEX app_user_name_key_unique`);
      await c.query(`ALTER TABLE app_user DROP COLUMN name_key`);
      await c.query(`DELETE FROM migrations WHERE name = 'AddUserNameKey1763940000000'`);
      const added: Record<string, number> = {};
      for (const name of ['Admin', 'Bob', 'bob', 'BOB', 'carol']) {
        const rows = await c.query(`INSERT INTO app_user (name, password_hash) VALUES ($1, 'not-a-hash') RETURNING id`, [name]);
        added[name] = rows.rows[0].id;
      }
      return added;
    });

    const upgraded = await catalog.restart();
    const api = restClient(upgraded);
    const list = await api.get('/security/usergroup/users.json');
    expect(list).toHaveStatus(200);
    const names = list
      .json()
      .users.map((u: { userName: string }) => u.userName)
      .sort();
    expect(names).toEqual(['admin', `Admin-duplicate-${ids.Admin}`, 'Bob', `bob-duplicate-${ids.bob}`, `BOB-duplicate-${ids.BOB}`, 'carol'].sort());
    // The admin (the oldest of its names) still signs in; no new case duplicate can be made.
    expect(await api.get('/workspaces.json')).toHaveStatus(200);
    expect(await api.postJson('/security/usergroup/users', { user: { userName: 'BOB', password: 'pw-1' } })).toHaveStatus(409);
    expect(await api.postJson('/security/usergroup/users', { user: { userName: 'Carol', password: 'pw-1' } })).toHaveStatus(409);
    const indexes = await sql(url, (c) => c.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'app_user_name_key_unique'`));
    expect(indexes.rows.map((r) => r.indexdef)).toEqual(['CREATE UNIQUE INDEX app_user_name_key_unique ON public.app_user USING btree (name_key)']);
  }, 120_000);
});
