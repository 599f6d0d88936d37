import { propertyAttributes } from './attribute-subset';
import { featureIdKind, FeatureSource, selectFeatureSql, selectFeaturesSql } from './feature-sql';
import type { AttributeInfo, TableInfo } from './postgis.types';

const attr = (name: string, binding: string, primaryKey = false): AttributeInfo => ({
  name,
  binding,
  minOccurs: 0,
  maxOccurs: 1,
  nillable: true,
  ...(primaryKey ? { primaryKey } : {}),
});

function table(overrides: Partial<TableInfo> = {}): TableInfo {
  return {
    schema: 'public',
    table: 'states',
    attributes: [attr('fid', 'java.lang.Integer', true), attr('name', 'java.lang.String'), attr('geom', 'org.locationtech.jts.geom.MultiPolygon')],
    geometry: { column: 'geom', type: 'MULTIPOLYGON', srid: 4326 },
    ...overrides,
  };
}

const pg = '"public"';

describe('featureIdKind', () => {
  it('is the one-column primary key, numeric for integer bindings', () => {
    expect(featureIdKind(table())).toEqual({ kind: 'key', column: 'fid', numeric: true });
    const text = table({ attributes: [attr('code', 'java.lang.String', true), attr('geom', 'org.locationtech.jts.geom.Point')] });
    expect(featureIdKind(text)).toEqual({ kind: 'key', column: 'code', numeric: false });
  });

  it('is the row hash without a key or with a composite key', () => {
    expect(featureIdKind(table({ attributes: [attr('name', 'java.lang.String')] }))).toEqual({ kind: 'hash' });
    const composite = table({ attributes: [attr('a', 'java.lang.Integer', true), attr('b', 'java.lang.Integer', true)] });
    expect(featureIdKind(composite)).toEqual({ kind: 'hash' });
  });
});

describe('propertyAttributes', () => {
  it('is every attribute but the geometry column', () => {
    expect(propertyAttributes(table()).map((a) => a.name)).toEqual(['fid', 'name']);
  });
});

describe('selectFeaturesSql', () => {
  const source: FeatureSource = { table: table(), srid: 4326 };

  it('writes each feature as one text in PostgreSQL, ordered by the key, paged by parameters', () => {
    const sql = selectFeaturesSql(pg, source, {}, { limit: 101, offset: 200 });
    expect(sql.text).toBe(
      `SELECT '{"type":"Feature","id":' || to_json(t."fid")::text || ',"geometry":' || COALESCE("public".ST_AsGeoJSON(t."geom", 9), 'null')` +
        ` || ',"properties":' || (SELECT row_to_json(p) FROM (SELECT t."fid", t."name") AS p)::text || '}' AS f` +
        ` FROM "public"."states" AS t ORDER BY t."fid" LIMIT $1 OFFSET $2`,
    );
    expect(sql.params).toEqual([101, 200]);
  });

  it('selects the requested properties only, in the requested order', () => {
    const sql = selectFeaturesSql(pg, source, { properties: ['name'] }, { limit: 1, offset: 0 });
    expect(sql.text).toContain('(SELECT row_to_json(p) FROM (SELECT t."name") AS p)');
    expect(selectFeaturesSql(pg, source, { properties: [] }, { limit: 1, offset: 0 }).text).toContain(`',"properties":' || '{}' || '}'`);
  });

  it('filters lon/lat data by the boxes directly (index-friendly), OR-ing several', () => {
    const sql = selectFeaturesSql(
      pg,
      source,
      {
        boxes: [
          { minx: 170, miny: -10, maxx: 180, maxy: 10 },
          { minx: -180, miny: -10, maxx: -170, maxy: 10 },
        ],
      },
      { limit: 10, offset: 0 },
    );
    expect(sql.text).toContain(
      ` WHERE ("public".ST_Intersects(t."geom", "public".ST_MakeEnvelope($1, $2, $3, $4, 4326)) OR` +
        ` "public".ST_Intersects(t."geom", "public".ST_MakeEnvelope($5, $6, $7, $8, 4326))) ORDER BY`,
    );
    expect(sql.params).toEqual([170, -10, 180, 10, -180, -10, -170, 10, 10, 0]);
  });

  it('selects nothing for an empty list of boxes', () => {
    expect(selectFeaturesSql(pg, source, { boxes: [] }, { limit: 10, offset: 0 }).text).toContain(' WHERE false ORDER BY');
  });

  it('transforms geometries of another CRS to EPSG:4326, and the densified box into the native CRS', () => {
    const utm: FeatureSource = {
      table: table({ table: 'roads', geometry: { column: 'geom', type: 'LINESTRING', srid: 26913 } }),
      srid: 26913,
    };
    const sql = selectFeaturesSql(pg, utm, { boxes: [{ minx: -106, miny: 36, maxx: -104, maxy: 37 }] }, { limit: 10, offset: 0 });
    expect(sql.text).toContain(`"public".ST_AsGeoJSON("public".ST_Transform(t."geom", 4326), 9)`);
    expect(sql.text).toContain(
      `"public".ST_Intersects(t."geom", "public".ST_Transform("public".ST_Segmentize("public".ST_MakeEnvelope($1, $2, $3, $4, 4326), $5::float8), 26913))`,
    );
    expect(sql.params).toEqual([-106, 36, -104, 37, 2 / 16, 10, 0]);
  });

  it('forces the declared CRS on a column of another SRID (FORCE_DECLARED)', () => {
    const loose: FeatureSource = { table: table({ geometry: { column: 'geom', type: 'GEOMETRY', srid: 0 } }), srid: 3857 };
    const sql = selectFeaturesSql(pg, loose, { boxes: [{ minx: 0, miny: 0, maxx: 1, maxy: 1 }] }, { limit: 1, offset: 0 });
    expect(sql.text).toContain(`"public".ST_Transform("public".ST_SetSRID(t."geom", 3857), 4326)`);
    expect(sql.text).toContain(`"public".ST_SetSRID("public".ST_Transform("public".ST_Segmentize(`);
    expect(sql.text).toContain(`, 3857), 0))`);
  });

  it('reads geography as is and compares it with a geography box', () => {
    const places: FeatureSource = { table: table({ geometry: { column: 'geom', type: 'POINT', srid: 4326, geography: true } }), srid: 4326 };
    const sql = selectFeaturesSql(pg, places, { boxes: [{ minx: 0, miny: 0, maxx: 1, maxy: 1 }] }, { limit: 1, offset: 0 });
    expect(sql.text).toContain(`"public".ST_AsGeoJSON(t."geom"::"public".geometry, 9)`);
    expect(sql.text).toContain(`"public".ST_Intersects(t."geom", "public".ST_MakeEnvelope($1, $2, $3, $4, 4326)::"public".geography)`);
  });

  it('identifies and orders rows of a table without a key by the md5 of their text', () => {
    const noKey: FeatureSource = {
      table: table({ attributes: [attr('name', 'java.lang.String'), attr('geom', 'org.locationtech.jts.geom.MultiPolygon')] }),
      srid: 4326,
    };
    const sql = selectFeaturesSql(pg, noKey, {}, { limit: 1, offset: 0 });
    expect(sql.text).toContain(`'{"type":"Feature","id":' || '"' || md5(t::text) || '"' ||`);
    expect(sql.text).toContain('ORDER BY md5(t::text) LIMIT');
  });

  it('writes a text key as a string id', () => {
    const text: FeatureSource = { table: table({ attributes: [attr('code', 'java.lang.String', true), attr('geom', 'x')] }), srid: 4326 };
    expect(selectFeaturesSql(pg, text, {}, { limit: 1, offset: 0 }).text).toContain(`to_json(t."code"::text)::text`);
  });

  it('writes a null geometry for a table without geometry, and cannot match a box', () => {
    const plain: FeatureSource = { table: table({ attributes: [attr('id', 'java.lang.Integer', true)], geometry: null }), srid: 0 };
    const sql = selectFeaturesSql(null, plain, { boxes: [{ minx: 0, miny: 0, maxx: 1, maxy: 1 }] }, { limit: 1, offset: 0 });
    expect(sql.text).toContain(`COALESCE(NULL::text, 'null')`);
    expect(sql.text).toContain(' WHERE false ');
  });

  it('quotes identifiers, whatever they hold', () => {
    const odd: FeatureSource = {
      table: table({ schema: 'my"schema', table: 'a; DROP TABLE x;--', attributes: [attr('we"ird', 'java.lang.String'), attr('geom', 'x')] }),
      srid: 4326,
    };
    const sql = selectFeaturesSql(pg, odd, {}, { limit: 1, offset: 0 });
    expect(sql.text).toContain(`FROM "my""schema"."a; DROP TABLE x;--" AS t`);
    expect(sql.text).toContain(`t."we""ird"`);
  });
});

describe('selectFeatureSql', () => {
  it('looks a feature up by its key with an untyped parameter', () => {
    const sql = selectFeatureSql(pg, { table: table(), srid: 4326 }, {}, '42');
    expect(sql?.text).toMatch(/ FROM "public"\."states" AS t WHERE t\."fid" = \$1 LIMIT 1$/);
    expect(sql?.params).toEqual(['42']);
  });

  it('looks a feature of a table without a key up by its hash; an id that is no hash names nothing', () => {
    const noKey: FeatureSource = { table: table({ attributes: [attr('name', 'java.lang.String')] }), srid: 4326 };
    expect(selectFeatureSql(pg, noKey, {}, '0123456789abcdef0123456789abcdef')?.text).toMatch(/WHERE md5\(t::text\) = \$1 LIMIT 1$/);
    expect(selectFeatureSql(pg, noKey, {}, '42')).toBeNull();
  });
});

describe('what the feature type restricts and the client adds', () => {
  const restricted: FeatureSource = {
    table: table(),
    srid: 4326,
    restriction: (params) => {
      params.push('Texas');
      return `t."name" = $${params.length}`;
    },
  };

  it('ANDs the cqlFilter, the box test and the client filter in one WHERE, values numbered in order', () => {
    const where = (params: unknown[]) => {
      params.push(3);
      return `t."fid" > $${params.length}`;
    };
    const sql = selectFeaturesSql(pg, restricted, { boxes: [{ minx: 0, miny: 0, maxx: 1, maxy: 1 }], where }, { limit: 10, offset: 0 });
    expect(sql.text).toContain(
      ' WHERE ("public".ST_Intersects(t."geom", "public".ST_MakeEnvelope($1, $2, $3, $4, 4326))) AND (t."name" = $5) AND (t."fid" > $6) ORDER BY t."fid" LIMIT $7 OFFSET $8',
    );
    expect(sql.params).toEqual([0, 0, 1, 1, 'Texas', 3, 10, 0]);
  });

  it('keeps a single feature outside the cqlFilter out', () => {
    const sql = selectFeatureSql(pg, restricted, {}, '7')!;
    expect(sql.text).toMatch(/ WHERE t\."fid" = \$1 AND \(t\."name" = \$2\) LIMIT 1$/);
    expect(sql.params).toEqual(['7', 'Texas']);
  });

  it('sorts by the sortby keys, then by the id so that pages are stable', () => {
    const sql = selectFeaturesSql(pg, { table: table(), srid: 4326 }, { sortBy: [{ column: 'name', descending: true }] }, { limit: 10, offset: 20 });
    expect(sql.text).toMatch(/ ORDER BY t\."name" DESC, t\."fid" LIMIT \$1 OFFSET \$2$/);
  });
});
