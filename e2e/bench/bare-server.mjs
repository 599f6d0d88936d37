// The baseline of request-path.bench.mjs: a bare node:http server that does what the api must do
// for GET of a data store and nothing else — checks the Basic credentials against a fixed
// header, runs the same catalog query with pg, and sends the same bytes. Run as its own process,
// or as PROCESSES processes on one port (node:cluster, like the api's WORKERS).
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';

const [port, databaseUrl, authorization, bodyFile, processes = '1'] = process.argv.slice(2);

if (cluster.isPrimary && Number(processes) > 1) {
  let listening = 0;
  for (let i = 0; i < Number(processes); i++) {
    cluster.fork().on('listening', () => {
      if (++listening === Number(processes)) process.send?.('listening');
    });
  }
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
} else {
  const body = readFileSync(bodyFile);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const SQL = `SELECT s.id, s.name, s.description, s.type, s.enabled, s.connection_parameters, s.version, w.name AS workspace, w.version AS workspace_version
    FROM data_store s JOIN workspace w ON w.id = s.workspace_id WHERE w.name = $1 AND s.name = $2`;
  http
    .createServer(async (req, res) => {
      if (req.headers.authorization !== authorization) {
        res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="GeoServer Realm"' }).end();
        return;
      }
      const { rows } = await pool.query(SQL, ['bench', 'store']);
      if (!rows.length) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/xml', 'Content-Length': body.length }).end(body);
    })
    .listen(Number(port), '127.0.0.1', () => process.send?.('listening'));
}
