// Plans of filtered feature pages against a real PostGIS server (TEST_DATABASE_URL's server, default
// postgres://postgres@127.0.0.1:5432/postgres): the SQL the items page runs — the feature type's
// cqlFilter and a client's filter compiled through the published scope — read with EXPLAIN, so
// that an equality on an indexed column and a spatial predicate on the geometry column are seen to
// use their indexes rather than scan the table. Its own database, dropped at the end.
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { parseCql } from '@geocatalog/cql';
import { StoreSecrets } from '../store-secrets';
import { selectFeaturesSql, type FeatureFilter, type FeatureSource } from './feature-sql';
import { PostgisConnector } from './postgis.connector';
import { clientCondition, publishedScope } from './published-scope';
import type { StoreConnection } from './postgis.types';

jest.setTimeout(120_000);

const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const dbName = `gc_plan_${randomBytes(4).toString('hex')}`;
const secrets: StoreSecrets = { clearPassword: (value) => value };
const ROWS = 200_000;

// 200,000 points on a 500 × 400 grid of 0.01°, 1,000 kinds of 200 rows each.
const SETUP_SQL = `
CREATE EXTENSION postgis;
CREATE TABLE cities (id int PRIMARY KEY, kind text, pop int, geom geometry(Point, 4326));
INSERT INTO cities SELECT g, 'k' || (g % 1000), g % 5000, ST_SetSRID(ST_MakePoint((g % 500) * 0.01, (g / 500) * 0.01), 4326)
  FROM generate_series(0, ${ROWS - 1}) g;
CREATE INDEX cities_kind_idx ON cities (kind);
CREATE INDEX cities_geom_idx ON cities USING gist (geom);
ANALYZE cities;
`;

const connector = new PostgisConnector(secrets);
const store: StoreConnection = {
  storeId: 9100,
  qualifiedName: 'acme:plans',
  names: { workspace: 'acme', store: 'plans' },
  params: {
    host: serverUrl.hostname,
    port: serverUrl.port || '5432',
    database: dbName,
    user: decodeURIComponent(serverUrl.username || 'postgres'),
    passwd: decodeURIComponent(serverUrl.password),
    dbtype: 'postgis',
  },
};

async function connect(database: string): Promise<Client> {
  const u = new URL(serverUrl.toString());
  u.pathname = `/${database}`;
  const c = new Client({ connectionString: u.toString() });
  await c.connect();
  return c;
}

let db: Client;

beforeAll(async () => {
  const admin = await connect(serverUrl.pathname.slice(1) || 'postgres');
  try {
    await admin.query(`CREATE DATABASE ${dbName}`);
  } finally {
    await admin.end();
  }
  db = await connect(dbName);
  await db.query(SETUP_SQL);
});

afterAll(async () => {
  await db?.end();
  await connector.onApplicationShutdown();
  const admin = await connect(serverUrl.pathname.slice(1) || 'postgres');
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
});

/** The items page of the layer restricted by `cqlFilter`, with the client's `filter` (CQL2 text), as the api builds it. */
async function itemsPage(cqlFilter: string | null, filter: string | null): Promise<{ text: string; params: unknown[] }> {
  const table = await connector.describeTable(store, 'cities');
  const attributes = table.attributes.filter((a) => a.name !== 'geom');
  const scope = publishedScope({ layerId: 'acme:cities', table, attributes, srid: 4326, cqlFilter });
  const source: FeatureSource = { table, srid: 4326, published: attributes, restriction: scope.restriction };
  const query: FeatureFilter = filter ? { where: clientCondition(scope, parseCql(filter, 'cql2-text')) } : {};
  return selectFeaturesSql('"public"', source, query, { limit: 101, offset: 0 });
}

/** Every node type and index name of the plan (EXPLAIN, custom plan for these values). */
async function planOf(sql: { text: string; params: unknown[] }): Promise<{ nodes: string[]; indexes: string[]; rows: number }> {
  const { rows } = await db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>({ text: `EXPLAIN (FORMAT JSON) ${sql.text}`, values: sql.params });
  const nodes: string[] = [];
  const indexes: string[] = [];
  const walk = (n: PlanNode) => {
    nodes.push(n['Node Type']);
    if (n['Index Name']) indexes.push(n['Index Name']);
    n.Plans?.forEach(walk);
  };
  walk(rows[0]['QUERY PLAN'][0].Plan);
  const counted = await db.query<{ n: number }>({ text: `SELECT count(*)::int AS n FROM (${sql.text}) q`, values: sql.params });
  return { nodes, indexes, rows: counted.rows[0].n };
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

describe('plans of a filtered items page', () => {
  it("uses the column's index for the feature type's cqlFilter equality, never a scan of the table", async () => {
    const plan = await planOf(await itemsPage("kind = 'k7'", null));
    expect(plan.indexes).toContain('cities_kind_idx');
    expect(plan.nodes).not.toContain('Seq Scan');
    expect(plan.rows).toBe(101);
  });

  it("uses the geometry's index for a client's S_INTERSECTS ANDed with the cqlFilter", async () => {
    const plan = await planOf(await itemsPage('pop >= 0', 'S_INTERSECTS(geom, POLYGON((1 1, 1.2 1, 1.2 1.2, 1 1.2, 1 1)))'));
    expect(plan.indexes).toContain('cities_geom_idx');
    expect(plan.nodes).not.toContain('Seq Scan');
    // 441 grid points in the 0.2° square (edges included): a full page.
    expect(plan.rows).toBe(101);
  });

  it('uses the column index for a client equality on a layer without a cqlFilter', async () => {
    const plan = await planOf(await itemsPage(null, "kind = 'k42' AND pop < 5000"));
    expect(plan.indexes).toContain('cities_kind_idx');
    expect(plan.nodes).not.toContain('Seq Scan');
  });
});
