// sqlLiteral/sqlValue write client values into a batch as literals (CatalogDb.writeAtOnce): each hostile
// string must come back from a real PostgreSQL server unchanged, whatever standard_conforming_strings says.
import { Client } from 'pg';
import { sqlLiteral, sqlValue } from './catalog-transaction';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const hostile = [
  "o'brien",
  "'; DROP TABLE workspace; --",
  'back\\slash',
  "\\'; SELECT 1; --",
  "\\\\' OR '1'='1",
  'trailing\\',
  '$$dollar$$ $tag$',
  'ünïcødé ✓ 𝔘',
  '/* comment */ -- line',
  '',
];

describe('sqlLiteral against PostgreSQL', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ connectionString: serverUrl });
    await client.connect();
  });
  afterAll(() => client.end());

  for (const conforming of ['on', 'off']) {
    it(`reads every hostile string back unchanged with standard_conforming_strings=${conforming}`, async () => {
      await client.query(`SET standard_conforming_strings = ${conforming}`);
      await client.query('SET escape_string_warning = off');
      const sql = `SELECT ${hostile.map((value, i) => `${sqlLiteral(value)} AS v${i}`).join(', ')}`;
      const { rows } = await client.query<Record<string, string>>(sql);
      expect(hostile.map((_, i) => rows[0][`v${i}`])).toEqual(hostile);
    });
  }

  it('writes NULL, booleans and finite numbers, and refuses NUL and non-finite numbers', () => {
    expect(sqlValue(null)).toBe('NULL');
    expect(sqlValue(true)).toBe('TRUE');
    expect(sqlValue(12.5)).toBe('12.5');
    expect(() => sqlLiteral('a\0b')).toThrow(/NUL/);
    expect(() => sqlValue(Number.NaN)).toThrow();
  });
});
