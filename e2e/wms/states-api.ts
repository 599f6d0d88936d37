/**
 * The fixture of the WMS specs: an api (on the test PostgreSQL, or the embedded catalog with its
 * sample database) and a PostGIS database holding the US states table, with a store `gis` on it in
 * each workspace and the table published there under each layer name.
 */
import { ApiServer, freePort, startApi } from '../support/api-server';
import { createWorkspace } from '../support/catalog';
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { restClient, RestClient, show } from '../support/http';
import { createSpatialStore, createStatesTable, externalSpatialDb, sampleSpatialDb, SpatialDb } from '../support/postgis';

export interface StatesApi {
  server: ApiServer;
  api: RestClient;
  db: SpatialDb;
}

/** Starts the api (with `env` added) and publishes the states table as `layers` in every one of `workspaces`. */
export async function startStatesApi(workspaces: string[], layers: string[], env: Record<string, string> = {}): Promise<StatesApi> {
  let server: ApiServer;
  let db: SpatialDb;
  if (process.env.TEST_DATABASE_URL) {
    db = await externalSpatialDb(process.env.TEST_DATABASE_URL);
    server = await startApi({ env });
  } else {
    const port = await freePort();
    server = await startApi({ embedded: true, env: { SAMPLE_DB: 'on', SAMPLE_DB_PORT: String(port), ...env }, readyTimeoutMs: 170_000 });
    db = await sampleSpatialDb(port);
  }
  const api = restClient(server);
  await createStatesTable(db, 'states');
  for (const ws of workspaces) {
    await createWorkspace(api, ws);
    await createSpatialStore(api, db, ws, 'gis');
    for (const name of layers) {
      const res = await createFeatureType(api, ws, 'gis', seedFeatureTypeXml(name, 'states', undefined, 'EPSG:4326'));
      if (res.status !== 201) throw new Error(`publish ${ws}:${name}: ${show(res)}`);
    }
  }
  return { server, api, db };
}
