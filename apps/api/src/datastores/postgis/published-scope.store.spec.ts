// Filters on stores whose database differs from the default (TEST_DATABASE_URL's server, default
// postgres://postgres@127.0.0.1:5432/postgres; two throwaway databases, dropped at the end):
// - PostGIS and unaccent in `public` while the database's search_path is only the store's schema
//   `data`: the feature type's cqlFilter and a client's filter still run, because the table's
//   description carries the extensions' schemas and the compiled SQL names them;
// - a database without unaccent: ACCENTI is refused before any read (the api's 400), the rest runs.
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { CqlError, parseCql } from '@geocatalog/cql';
import { StoreSecrets } from '../store-secrets';
import type { FeatureFilter, FeatureSource } from './feature-sql';
import { PostgisConnector } from './postgis.connector';
import type { StoreConnection } from './postgis.types';
import { clientCondition, publishedScope } from './published-scope';

jest.setTimeout(60_000);

const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const suffix = randomBytes(4).toString('hex');
const withSchema = `gc_scope_${suffix}`;
const plain = `gc_plain_${suffix}`;
const secrets: StoreSecrets = { clearPassword: (value) => value };
const connector = new PostgisConnector(secrets);

const SCHEMA_SQL = `
CREATE EXTENSION postgis;
CREATE EXTENSION unaccent;
CREATE SCHEMA data;
CREATE TABLE data.towns (id int PRIMARY KEY, name text, geog public.geography(Point, 4326), geom public.geometry(Point, 4326));
INSERT INTO data.towns VALUES
  (1, 'Zürich', 'SRID=4326;POINT(8.54 47.37)', 'SRID=4326;POINT(8.54 47.37)'),
  (2, 'Genève', 'SRID=4326;POINT(6.14 46.20)', 'SRID=4326;POINT(6.14 46.20)'),
  (3, 'Paris', 'SRID=4326;POINT(2.35 48.86)', 'SRID=4326;POINT(2.35 48.86)');
`;

function store(storeId: number, database: string, schema?: string): StoreConnection {
  return {
    storeId,
    qualifiedName: `acme:${database}`,
    names: { workspace: 'acme', store: database },
    params: {
      host: serverUrl.hostname,
      port: serverUrl.port || '5432',
      database,
      user: decodeURIComponent(serverUrl.username || 'postgres'),
      passwd: decodeURIComponent(serverUrl.password),
      dbtype: 'postgis',
      ...(schema ? { schema } : {}),
    },
  };
}

const dataStore = store(9201, withSchema, 'data');
const plainStore = store(9202, plain);

async function admin(sql: string, database = serverUrl.pathname.slice(1) || 'postgres'): Promise<void> {
  const u = new URL(serverUrl.toString());
  u.pathname = `/${database}`;
  const c = new Client({ connectionString: u.toString() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${withSchema}`);
  await admin(SCHEMA_SQL, withSchema);
  // Every session of the store searches only its schema: PostGIS's and unaccent's are not on it.
  await admin(`ALTER DATABASE ${withSchema} SET search_path TO data`);
  await admin(`CREATE DATABASE ${plain}`);
  await admin(`CREATE TABLE places (id int PRIMARY KEY, name text); INSERT INTO places VALUES (1, 'Genève'), (2, 'Paris')`, plain);
});

afterAll(async () => {
  await connector.onApplicationShutdown();
  for (const db of [withSchema, plain]) await admin(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
});

/** The ids of the layer's items page: its cqlFilter and the client's CQL2 filter, as the api builds them. */
async function itemIds(s: StoreConnection, table: string, cqlFilter: string | null, filter?: string): Promise<number[]> {
  const info = await connector.describeTable(s, table);
  const attributes = info.attributes.filter((a) => a.name !== info.geometry?.column);
  const scope = publishedScope({ layerId: `acme:${table}`, table: info, attributes, srid: 4326, cqlFilter });
  const source: FeatureSource = { table: info, srid: 4326, published: attributes, restriction: scope.restriction };
  const query: FeatureFilter = filter ? { where: clientCondition(scope, parseCql(filter, 'cql2-text')) } : {};
  const page = await connector.readFeaturePage(s, source, query, { limit: 100, offset: 0 });
  return page.map((f) => (JSON.parse(f) as { id: number }).id);
}

describe('PostGIS and unaccent outside the search_path', () => {
  it("describes where the store's database keeps them", async () => {
    expect((await connector.describeTable(dataStore, 'towns')).extensions).toEqual({ postgis: '"public"', unaccent: '"public"' });
    expect((await connector.describeTable(plainStore, 'places')).extensions).toEqual({ postgis: null, unaccent: null });
  });

  it.each<[string, string | null, string | undefined, number[]]>([
    ['a cqlFilter with a spatial predicate', 'INTERSECTS(geog, POLYGON((5 45, 9 45, 9 48, 5 48, 5 45)))', undefined, [1, 2]],
    ['DWITHIN on the spheroid (geography casts, index prefilter)', null, 'DWITHIN(geog, POINT(6 46), 50000, meters)', [2]],
    ['a client S_INTERSECTS ANDed with a cqlFilter', "name <> 'Zürich'", 'S_INTERSECTS(geog, BBOX(5, 45, 9, 48))', [2]],
    ['ACCENTI with unaccent in another schema', null, "ACCENTI(name) IN (ACCENTI('Geneve'), ACCENTI('Zurich'))", [1, 2]],
  ])('%s', async (_what, cqlFilter, filter, expected) => {
    expect(await itemIds(dataStore, 'towns', cqlFilter, filter)).toEqual(expected);
  });
});

describe('a database without unaccent', () => {
  it('refuses ACCENTI with its position, before any read', async () => {
    const read = itemIds(plainStore, 'places', null, "ACCENTI(name) = 'Geneve'");
    await expect(read).rejects.toThrow(CqlError);
    await expect(read).rejects.toThrow("ACCENTI needs PostgreSQL's unaccent extension, which the store's database does not have (at position 1");
  });

  it('still applies CASEI and the rest', async () => {
    expect(await itemIds(plainStore, 'places', "name LIKE 'Gen%'", "CASEI(name) = CASEI('GENÈVE')")).toEqual([1]);
  });
});
