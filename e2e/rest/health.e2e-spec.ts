/**
 * `{base}/health/live` and `{base}/health/ready`: no credentials, nothing but the status; ready
 * means the catalog database answers. The outage case (PostgreSQL stopped and back) is part of the
 * fault specs.
 */
import { useApiServer } from '../support/catalog';
import { request } from '../support/http';

const ctx = useApiServer();

describe('health', () => {
  it('answers live and ready without credentials, with the status only', async () => {
    const base = ctx.server.restUrl.replace(/\/rest$/, '');
    for (const which of ['live', 'ready']) {
      const res = await request(`${base}/health/${which}`, { auth: null, accept: 'application/json' });
      expect([which, res.status, res.text]).toEqual([which, 200, '{"health":{"status":"UP"}}']);
    }
  });

  it('has nothing to write, and nothing else: POST and unknown paths are 404', async () => {
    const base = ctx.server.restUrl.replace(/\/rest$/, '');
    expect((await request(`${base}/health/live`, { method: 'POST', auth: null })).status).toBe(404);
    expect((await request(`${base}/health/sideways`, { auth: null })).status).toBe(404);
  });
});
