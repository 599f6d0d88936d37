// A throwaway PostGIS database for the library's specs, on TEST_DATABASE_URL's server (default the
// local server): OGC's CQL2 test dataset (Natural Earth 1:110m countries, populated places and
// rivers, from the standard's repository) loaded with GDAL's ogr2ogr, and scopes read from the
// tables' own columns, as the api builds them from a feature type.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import type { CqlColumnType, CqlScope } from '../src';

const SERVER = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const GPKG = path.join(__dirname, 'ogc-cql2/ne110m4cql2.gpkg');

const TYPES: Record<string, CqlColumnType> = {
  'character varying': 'string',
  text: 'string',
  character: 'string',
  integer: 'integer',
  bigint: 'integer',
  smallint: 'integer',
  'double precision': 'number',
  real: 'number',
  numeric: 'number',
  boolean: 'boolean',
  date: 'date',
  'timestamp with time zone': 'timestamp',
  'timestamp without time zone': 'timestamp',
  'USER-DEFINED': 'geometry',
};

export interface CqlFixture {
  client: Client;
  /** The published columns of a table (all but `fid`), its geometry column `geom` in EPSG:4326. */
  scope(table: string, extra?: Partial<CqlScope>): Promise<CqlScope>;
  /** `SELECT fid … WHERE <where>`: the matching ids, sorted. */
  ids(table: string, where: string, params: unknown[]): Promise<number[]>;
  drop(): Promise<void>;
}

export async function createCqlFixture(options: { ogc?: boolean; setupSql?: string } = {}): Promise<CqlFixture> {
  const name = `gc_cql_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: SERVER.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER.toString());
  url.pathname = `/${name}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  await client.query('CREATE EXTENSION postgis; CREATE EXTENSION unaccent; SET TIME ZONE UTC');
  if (options.ogc) {
    const pg = `PG:host=${url.hostname} port=${url.port || 5432} user=${decodeURIComponent(url.username) || 'postgres'} dbname=${name}${url.password ? ` password=${decodeURIComponent(url.password)}` : ''}`;
    const run = spawnSync('ogr2ogr', ['-f', 'PostgreSQL', pg, GPKG, '-lco', 'LAUNDER=NO', '-lco', 'GEOMETRY_NAME=geom'], {
      encoding: 'utf8',
      env: { ...process.env, PGTZ: 'UTC' },
    });
    if (run.status !== 0) throw new Error(`ogr2ogr could not load the CQL2 test data (is gdal-bin installed?): ${run.stderr}`);
  }
  if (options.setupSql) await client.query(options.setupSql);
  const quote = (id: string) => `"${id.replace(/"/g, '""')}"`;
  return {
    client,
    async scope(table, extra = {}) {
      const { rows } = await client.query<{ column_name: string; data_type: string }>(
        `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND column_name <> 'fid' ORDER BY ordinal_position`,
        [table],
      );
      const columns = new Map(rows.map((r) => [r.column_name, { sql: quote(r.column_name), type: TYPES[r.data_type] }]));
      return { columns, geometry: { sql: '"geom"', srid: 4326, geographic: true }, unaccent: true, ...extra };
    },
    async ids(table, where, params) {
      const { rows } = await client.query(`SELECT fid FROM ${quote(table)} WHERE ${where} ORDER BY fid`, params);
      return rows.map((r) => r.fid);
    },
    async drop() {
      await client.end();
      const a = new Client({ connectionString: SERVER.toString() });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
