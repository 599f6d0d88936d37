// The CQL2 standard's examples (schema/examples in its repository), each in its text and its JSON
// form: both are read, must translate to the same SQL with the same parameters, and are run on a
// PostGIS table that has every property the examples name; the rows each selects are the answers
// worked out by hand from the three rows below. Examples using what is refused by design (array
// predicates, functions other than CASEI/ACCENTI) must be refused with a position in both forms.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createCqlFixture, type CqlFixture } from '../testing/postgis-fixture';
import { compileCql, CqlError, parseCql, type CqlScope } from './index';

jest.setTimeout(60_000);

const DIR = path.join(__dirname, '../testing/ogc-cql2/examples');
const NAMES = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .map((f) => f.replace(/\.txt$/, ''))
  .sort();

const SETUP = `
CREATE TABLE examples (fid int PRIMARY KEY,
  "windSpeed" float8, city text, balance float8, updated date, geometry geometry(Geometry, 4326), name text, depth float8,
  "cityName" text, category int, road_class text, etat_vol text, event_time timestamptz, touchdown timestamptz,
  "liftOff" timestamptz, road geometry(Geometry, 4326), vehicle_height float8, bridge_clearance float8,
  "landsat:scene_id" text, "eo:instrument" text, "landsat:wrs_path" text, "eo:cloud_cover" float8, "landsat:wrs_row" int,
  "landsat:wrs_path_n" int, footprint geometry(Geometry, 4326), "beamMode" text, "swathDirection" text, polarization text,
  floors int, taxes float8, owner text, swimming_pool boolean, material text, built date, starts_at timestamptz,
  ends_at timestamptz, location geometry(Geometry, 4326), "geophys:SURVEY_NAME" text, id text, value float8,
  value_text text, updated_at timestamptz, foo float8, bar float8, x float8);
INSERT INTO examples VALUES
 (1, 3, 'Toronto', 200, '1999-12-31', 'SRID=4326;POINT(36.319836 32.288087)', 'Smith', 120, 'Tokyo', 5, 'Straße', 'débarquer',
  '1969-07-20T20:17:40Z', '1969-07-20T20:17:40Z', '1969-07-21T17:54:00Z', 'SRID=4326;LINESTRING(43.72 -79.30, 43.74 -79.29)', 5, 6,
  'LC82030282019133LGN00', 'OLI_TIRS', '153', 0.1, 28, 203, 'SRID=4326;POINT(43.70 -79.40)', 'ScanSAR Narrow', 'ascending',
  'HH+VV+HV+VH', 6, 400, 'Mike Jones', true, 'brick', '2014-06-01', '2017-06-10T08:00:00Z', '2017-06-11T09:00:00Z',
  'SRID=4326;POINT(-117.95 33.9)', 'Calcutta survey', 'fa7e1920-9107-422d-a3db-c468cbc5d6df', 15, 'a', '2011-01-01T00:00:00Z', 3, 6.1234, 1),
 (2, 5, 'Frankfurt', 100, '1970-01-02', 'SRID=4326;POINT(5 5)', 'Jones', 90, 'Paris', 2, 'ΟΔΟς', 'debarquer',
  '1970-01-01T00:00:00Z', '2000-01-01T00:00:00Z', '2004-01-01T00:00:00Z', 'SRID=4326;POINT(0 0)', 3, 2.5,
  'X', 'MSI', '15X', 0.2, 28, 203, 'SRID=4326;POINT(0 0)', 'Other', 'descending', 'HH', 4, 600, 'mike smith', false, 'wood',
  '2010-01-01', '2005-01-10T00:00:00Z', '2010-02-10T00:00:00Z', 'SRID=4326;POINT(0 0)', 'Other', 'other', 5, 'z', '2013-01-01T00:00:00Z', 4, 0, 2),
 (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
  NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
`;

/** Rows each example selects, worked out by hand from the rows above. */
const EXPECTED: Record<string, number[]> = {
  clause6_02a: [1],
  clause6_02c: [1],
  clause6_02d: [1, 2],
  clause6_03: [1, 2],
  clause7_01: [1],
  clause7_02: [1],
  clause7_03a: [1],
  clause7_03b: [1],
  clause7_04: [1, 2],
  clause7_05: [1, 2],
  clause7_07: [1],
  clause7_10: [1],
  clause7_12: [1],
  clause7_13: [1],
  clause7_16: [1, 2, 3],
  clause7_17: [1, 2, 3],
  clause7_19: [2],
  example01: [1],
  example02: [1],
  example03: [1, 2],
  example04: [],
  example05a: [1, 2],
  example05b: [1, 2],
  example06a: [1, 2],
  example06b: [1, 2],
  example07: [1],
  example08: [],
  example09: [1],
  example10: [1],
  example11: [1],
  example12: [1],
  example13: [2],
  example14: [1],
  example15: [1],
  example16: [1],
  example17: [1],
  example18: [1],
  example19: [],
  example20: [1, 2],
  example21: [1],
  example22: [1],
  example23: [1],
  example24: [2],
  example25: [],
  example26: [1, 2],
  example27: [1, 2],
  example28: [1],
  example29: [1],
  example30: [2],
  example31: [2],
  example32: [1],
  example33: [2],
  example34: [1],
  example35: [],
  example36: [1, 2],
  'example36-alt01': [1, 2],
  example37: [1],
  example38: [2],
  'example38-alt01': [2],
  example39: [],
  example40: [2],
  'example40-alt01': [2],
  example41: [3],
  example42: [1, 2],
  'example42-alt01': [1, 2],
  example43: [1],
  'example43-alt01': [1],
  example44: [1, 3],
  'example44-alt01': [1, 3],
  example45: [1, 2],
  example46: [],
  'example46-alt01': [],
  example47: [1, 2],
  example48: [],
  example49: [],
  'example49-alt01': [],
  example50: [],
  example51: [],
  example52: [],
  example53: [1, 2],
  example54: [1],
  'example54-alt01': [1],
  example55: [],
  'example55-alt01': [],
  example56: [1],
  example57: [],
  example58: [],
  example59: [],
  example60: [],
  example61: [2],
  example62: [],
  example63: [],
  example64: [],
  example65: [],
  example66: [],
  example67: [],
  example70: [],
  example71: [],
  example72: [1],
  example73: [],
  example74: [1, 2],
  example75: [],
  example76: [2],
  example77: [2],
  example78: [1],
  example83: [],
  example84: [],
  example85: [],
  'example85-alt01': [],
  example86: [],
};

/** Examples using what is refused by design: functions other than CASEI/ACCENTI, array predicates. */
const REFUSED: Record<string, RegExp> = {
  clause6_01: /Unknown function "avg"/,
  clause6_02b: /Unknown function "avg"/,
  clause7_15: /Array predicates are not supported/,
  clause7_18: /Unknown function "Buffer"/,
  example68: /Unknown function "Foo"/,
  example69: /Unknown function "Bar"/,
  example79: /Array predicates/,
  example80: /Array predicates/,
  example81: /Array predicates/,
  example82: /Array predicates/,
};

let db: CqlFixture;
let scope: CqlScope;

beforeAll(async () => {
  db = await createCqlFixture({ setupSql: SETUP });
  scope = await db.scope('examples');
});
afterAll(() => db?.drop());

/** Where examples disagree on a property's type: example40's "value" is text, example04/06's landsat:wrs_path a number. */
function scopeFor(name: string): CqlScope {
  const columns = new Map(scope.columns);
  if (/^example40/.test(name)) columns.set('value', { sql: '"value_text"', type: 'string' });
  else if (/^example0[46]/.test(name)) columns.set('landsat:wrs_path', { sql: '"landsat:wrs_path_n"', type: 'integer' });
  else return scope;
  return { ...scope, columns };
}

function compile(name: string, text: string, lang: 'cql2-text' | 'cql2-json') {
  const params: unknown[] = [];
  const sql = compileCql(parseCql(text, lang), scopeFor(name), params);
  return { sql, params };
}

describe('the CQL2 standard examples, text and JSON', () => {
  it('has a known answer or a refusal for every example', () => {
    expect(NAMES.filter((n) => !(n in EXPECTED) && !(n in REFUSED))).toEqual([]);
    expect(NAMES.length).toBe(Object.keys(EXPECTED).length + Object.keys(REFUSED).length);
  });

  it.each(Object.keys(EXPECTED))('%s', async (name) => {
    const text = readFileSync(path.join(DIR, `${name}.txt`), 'utf8');
    const fromText = compile(name, text, 'cql2-text');
    expect(await db.ids('examples', fromText.sql, fromText.params)).toEqual(EXPECTED[name]);
    const jsonFile = path.join(DIR, `${name.replace(/-alt01$/, '')}.json`);
    const fromJson = compile(name, readFileSync(jsonFile, 'utf8'), 'cql2-json');
    expect(await db.ids('examples', fromJson.sql, fromJson.params)).toEqual(EXPECTED[name]);
  });

  it.each(Object.keys(REFUSED))('%s is refused in both forms, with a position', (name) => {
    for (const [ext, lang] of [
      ['txt', 'cql2-text'],
      ['json', 'cql2-json'],
    ] as const) {
      const text = readFileSync(path.join(DIR, `${name}.${ext}`), 'utf8');
      let error: unknown;
      try {
        compile(name, text, lang);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(CqlError);
      expect((error as CqlError).message).toMatch(REFUSED[name]);
      expect((error as CqlError).position).toBeGreaterThan(0);
    }
  });
});
