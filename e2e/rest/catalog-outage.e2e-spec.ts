/**
 * The catalog's PostgreSQL goes away and comes back (issue 11, item 7): while it is down requests
 * answer 503 naming it within 10 s (no hang, no 500), `/health/ready` says not ready and
 * `/health/live` still answers; within 15 s of it coming back the same process serves again,
 * with what was written before. A cluster of its own (support/throwaway-postgres.ts).
 */
import { ApiServer, startApi } from '../support/api-server';
import { createWorkspace } from '../support/catalog';
import { request, restClient } from '../support/http';
import { throwawayPostgres, throwawayPostgresAvailable, ThrowawayPostgres } from '../support/throwaway-postgres';

const describeWithServerBinaries = throwawayPostgresAvailable() ? describe : describe.skip;

describeWithServerBinaries('the catalog database stopped and started again', () => {
  let cluster: ThrowawayPostgres;
  let server: ApiServer;

  beforeAll(async () => {
    cluster = await throwawayPostgres();
    server = await startApi({ databaseUrl: cluster.url });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    cluster?.remove();
  }, 60_000);

  it('answers 503 quickly while it is down, and serves again within 15 s of its return', async () => {
    const api = restClient(server);
    const health = (which: string) => request(`${server.baseUrl}/health/${which}`, { auth: null });
    await createWorkspace(api, 'before_outage');
    expect((await health('ready')).status).toBe(200);

    cluster.stop();
    for (const send of [() => api.get('/workspaces.json'), () => api.postXml('/workspaces', '<workspace><name>during</name></workspace>')]) {
      const started = Date.now();
      const res = await send();
      expect([res.status, Date.now() - started < 10_000]).toEqual([503, true]);
      expect(res.text).toMatch(/catalog database/i);
    }
    const ready = await health('ready');
    expect([ready.status, (await health('live')).status]).toEqual([503, 200]);

    cluster.start();
    const back = Date.now();
    let status = 0;
    while (Date.now() - back < 15_000) {
      status = (await api.get('/workspaces/before_outage.json')).status;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    expect((await health('ready')).status).toBe(200);
    expect(await api.postXml('/workspaces', '<workspace><name>after_outage</name></workspace>')).toHaveStatus(201);
  }, 120_000);
});
