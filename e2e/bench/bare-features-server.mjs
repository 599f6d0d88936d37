// The baseline of the features bench's throughput figure: a bare node:http server that does what
// the api must do for `GET …/items?limit=100` of the points table and nothing else — checks the
// Basic credentials against a fixed header, runs one SELECT that has PostgreSQL write each
// feature's GeoJSON (as the api's SQL does), and sends the FeatureCollection. Run as its own process.
import http from 'node:http';
import pg from 'pg';

const [port, databaseUrl, authorization] = process.argv.slice(2);
// The api's stream pool holds 4 connections per store: the same here.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const SQL = `SELECT '{"type":"Feature","id":' || to_json(t.id)::text || ',"geometry":' || COALESCE(ST_AsGeoJSON(t.geom, 9), 'null')
  || ',"properties":' || (SELECT row_to_json(p) FROM (SELECT t.id, t.name, t.value) AS p)::text || '}' AS f
  FROM public.points AS t ORDER BY t.id LIMIT $1 OFFSET $2`;

http
  .createServer(async (req, res) => {
    if (req.headers.authorization !== authorization) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="geocatalog"' }).end();
      return;
    }
    const url = new URL(req.url, 'http://localhost');
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const { rows } = await pool.query({ text: SQL, values: [limit + 1, 0], rowMode: 'array' });
    const features = rows.slice(0, limit).map((r) => r[0]);
    const next = rows.length > limit ? `,"links":[{"rel":"next","href":"${url.pathname}?limit=${limit}&offset=${limit}"}]` : '';
    res
      .writeHead(200, { 'Content-Type': 'application/geo+json' })
      .end(
        `{"type":"FeatureCollection","features":[${features.join(',')}],"numberReturned":${features.length},"timeStamp":"${new Date().toISOString()}"${next}}`,
      );
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('listening'));
