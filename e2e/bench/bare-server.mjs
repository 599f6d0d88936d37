// The baseline of request-path.bench.mjs: a bare node:http server that does what the api must do
// for GET of a data store and nothing else — checks the Basic credentials against a fixed
// header, runs the same catalog query with pg, and sends the same bytes. Run as its own process,
// or as PROCESSES processes on one port (node:cluster, like the api's WORKERS).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { runBaseline, STORE_SQL } from './request-path-baseline.mjs';

const [port, databaseUrl, authorization, bodyFile, processes = '1'] = process.argv.slice(2);

await runBaseline(processes, async () => {
  const body = readFileSync(bodyFile);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const server = http.createServer(async (req, res) => {
    if (req.headers.authorization !== authorization) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="GeoServer Realm"' }).end();
      return;
    }
    const { rows } = await pool.query(STORE_SQL, ['bench', 'store']);
    if (!rows.length) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/xml', 'Content-Length': body.length }).end(body);
  });
  await new Promise((resolve) => server.listen(Number(port), '127.0.0.1', resolve));
});
