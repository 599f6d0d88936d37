/**
 * The history migrations of issue 21 on a catalog written by the older code: a deleted user's
 * change that kept its password hash, and a reverted update recorded as a `create` with no
 * `before` (reverting it deleted the record). The older catalog is made by writing those rows into
 * a fresh one and removing the migrations' traces; the next start runs them again. Needs
 * TEST_DATABASE_URL: the embedded catalog cannot be opened by the test.
 */
import { describeWithExternalCatalog, useCatalogUpgrade, withClient } from '../support/api-server';
import { createUser, createWorkspace } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { restClient } from '../support/http';

const sql = withClient;
const HASHES = `SELECT count(*)::int AS n FROM catalog_change WHERE raw_before ? 'password_hash' OR raw_after ? 'password_hash'`;

describeWithExternalCatalog('migration: no user hash in the history, reverted updates recorded as updates', () => {
  const catalog = useCatalogUpgrade();

  it('drops kept hashes, repairs the changes, and reverting the repaired one restores the later state', async () => {
    const old = await catalog.start();
    const api = restClient(old);
    const url = old.databaseUrl!;
    // Today a deleted user's change keeps no hash.
    const user = uniqueName('hrevmig');
    await createUser(api, user, 'pw-Deleted-1');
    expect(await api.delete(`/security/usergroup/user/${user}`)).toHaveStatus(200);
    expect((await sql(url, (c) => c.query(HASHES))).rows[0].n).toBe(0);

    const ws = uniqueName('hrevmig');
    await createWorkspace(api, ws);
    expect(await api.putJson(`/workspaces/${ws}`, { workspace: { isolated: true } })).toHaveStatus(200);
    const update = (await api.get(`/changes.json?resource=/workspaces/${ws}&limit=1`)).json().changes.change[0];
    expect(await api.post(`/changes/${update.seq}/revert`)).toHaveStatus(200);
    const reverted = (await api.get(`/changes.json?resource=/workspaces/${ws}&limit=1`)).json().changes.change[0];
    expect(reverted).toMatchObject({ operation: 'update', kind: 'workspace' });
    await old.stop();

    // The rows as the older code wrote them.
    await sql(url, async (c) => {
      await c.query(`UPDATE catalog_change SET operation = 'create', raw_before = NULL WHERE request = $1`, [reverted.request]);
      const hash = `scrypt$16384$8$1$c2FsdA==$${Buffer.alloc(32, 7).toString('base64')}`;
      const kept = await c.query(
        `UPDATE catalog_change SET raw_before = raw_before || jsonb_build_object('password_hash', $1::text) WHERE kind = 'user' AND operation = 'delete' AND resource = $2`,
        [hash, `/security/usergroup/user/${user}`],
      );
      expect(kept.rowCount).toBe(1);
      await c.query(`DELETE FROM migrations WHERE name IN ('DropHistoryUserHashes1764320000000', 'RepairRevertedUpdates1764330000000')`);
    });

    const upgraded = await catalog.restart();
    const again = restClient(upgraded);
    expect((await sql(url, (c) => c.query(HASHES))).rows[0].n).toBe(0);
    const repaired = (await again.get(`/changes/${reverted.seq}.json`)).json().change;
    expect(repaired).toMatchObject({ operation: 'update', before: { workspace: { isolated: true } }, after: { workspace: { isolated: false } } });
    // Reverting the repaired revert is the redo: the workspace is isolated again, not deleted.
    expect(await again.post(`/changes/${reverted.seq}/revert`)).toHaveStatus(200);
    expect((await again.get(`/workspaces/${ws}.json`)).json().workspace.isolated).toBe(true);
  }, 120_000);
});
