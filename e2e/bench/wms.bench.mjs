// Benchmark of WMS GetMap against MapServer 8 (needs TEST_DATABASE_URL, a PostgreSQL server with
// PostGIS, the built api, and Debian's cgi-mapserver and lighttpd: `apt-get install -y
// cgi-mapserver lighttpd`). One PostGIS database holds the 56 US states of us-atlas states-10m
// and a 1,000,000-point table (a 1000 × 1000 grid over lon/lat -10..10); the api (the built dist,
// WORKERS as its default) publishes them with a simple style, and MapServer 8 draws the same
// states table with the same style (grey fill, 1-pixel black outline, AGG, PNG 24-bit) behind
// lighttpd FastCGI (2 mapserv processes, the PostGIS connection kept open: CLOSE_CONNECTION=DEFER).
// Measured in one run:
//   1. GetMap 256×256 image/png of the states at 8 connections (autocannon): each request takes
//      the next of BOXES boxes around the whole states box (EPSG:4326, -125,24,-66,50), panned
//      and zoomed (the same sequence for both servers, so neither answers one box from a cache), BENCH_SECONDS (default 10) a round, BENCH_ROUNDS (default 2)
//      rounds alternating ours (WORKERS as its default, then WORKERS=2: as many processes as
//      MapServer; BENCH_WMS_TWO_WORKERS=0 leaves it out; then one process drawing on its main
//      thread, WMS_RENDER_THREADS=0; BENCH_WMS_NO_THREADS=0 leaves it out) and MapServer's: maps/s, mean and p50,
//      CPU per map, the ratios. Goal ≥ 1.5× MapServer's maps/s, at least ≥ 1.0×.
//   2. GetMap 256×256 of the points at zoom-10 tile boxes (EPSG:3857), one after another: p50 < 100 ms.
//   3. GetFeatureInfo (application/json) of a state, one after another: p50 < 20 ms.
//   4. Peak RSS of the api while 16 states maps render at once (16 connections, 5 s): < 400 MB.
//   5. Where a GetMap's time goes: the api's CPU profiles (node --cpu-prof, main and render threads) of 8-connection states
//      maps summed by phase (cpu-profile-phases.mjs), beside the PostGIS side of the query timed
//      alone (the same SQL through one connection).
// BENCH_ONLY=getmap|points|info|rss|profile runs one part (to iterate on it); BENCH_PROFILE_OUT=file
// keeps the CPU profile; BENCH_BASELINE_MAIN=another build's main.js times GetFeatureInfo of both in turn.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { URLSearchParams } from 'node:url';
import pg from 'pg';
import { phasesOf } from './cpu-profile-phases.mjs';
import { createDatabase, createDataStoreOn, databaseUrl, percentile, query, serverUrl, startApi, treeCpuMs, treeRssMb } from './lib.mjs';

const require = createRequire(import.meta.url);
const { feature } = require('topojson-client');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const only = process.env.BENCH_ONLY;
const part = (name) => !only || only === name;
const CONNECTIONS = 8;
const SIZE = 256;
const STATES_BOX = [-125, 24, -66, 50];
const SIDE = 1000;
const FILL = [170, 170, 170];
const hex = (rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

const POLYGON_SLD = `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>bench_fill</Name><UserStyle><Title>bench fill</Title><FeatureTypeStyle><Rule>
    <PolygonSymbolizer>
      <Fill><CssParameter name="fill">${hex(FILL)}</CssParameter></Fill>
      <Stroke><CssParameter name="stroke">#000000</CssParameter><CssParameter name="stroke-width">1</CssParameter></Stroke>
    </PolygonSymbolizer>
  </Rule></FeatureTypeStyle></UserStyle></NamedLayer>
</StyledLayerDescriptor>`;

const POINT_SLD = `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>bench_point</Name><UserStyle><Title>bench point</Title><FeatureTypeStyle><Rule>
    <PointSymbolizer><Graphic><Mark><WellKnownName>square</WellKnownName><Fill><CssParameter name="fill">#FF0000</CssParameter></Fill></Mark><Size>4</Size></Graphic></PointSymbolizer>
  </Rule></FeatureTypeStyle></UserStyle></NamedLayer>
</StyledLayerDescriptor>`;

/**
 * Boxes around the states box, panned by up to ±10% and zoomed from 0.8× to 1.25× of its size
 * (deterministic: both servers get the same ones in the same order).
 */
const BOXES = Array.from({ length: 64 }, (_, i) => {
  const [minx, miny, maxx, maxy] = STATES_BOX;
  const w = maxx - minx;
  const h = maxy - miny;
  const zoom = 0.8 * (1.25 / 0.8) ** (((i * 37) % 64) / 63);
  const cx = (minx + maxx) / 2 + w * 0.1 * Math.sin(i * 1.7);
  const cy = (miny + maxy) / 2 + h * 0.1 * Math.cos(i * 2.3);
  const round = (v) => Number(v.toFixed(6));
  return [cx - (w * zoom) / 2, cy - (h * zoom) / 2, cx + (w * zoom) / 2, cy + (h * zoom) / 2].map(round);
});

/** The 56 features of us-atlas states-10m.json as GeoJSON (as features.bench.mjs loads them). */
function usStates() {
  const topology = require('us-atlas/states-10m.json');
  return feature(topology, topology.objects.states).features.map((f) => ({ id: f.id, name: f.properties.name, geometry: f.geometry }));
}

function freePort() {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const mapQuery = (layers, srs, bbox, extra = {}) =>
  new URLSearchParams({
    SERVICE: 'WMS',
    VERSION: '1.1.1',
    REQUEST: 'GetMap',
    LAYERS: layers,
    STYLES: '',
    SRS: srs,
    BBOX: bbox.join(','),
    WIDTH: String(SIZE),
    HEIGHT: String(SIZE),
    FORMAT: 'image/png',
    ...extra,
  }).toString();

/** The mapfile of the peer: the same table, box and style, AGG, 24-bit PNG, the connection kept open. */
function mapfile(database) {
  const u = new URL(serverUrl);
  const conn = `host=${u.hostname} port=${u.port || 5432} dbname=${database} user=${decodeURIComponent(u.username) || 'postgres'}${u.password ? ` password=${decodeURIComponent(u.password)}` : ''}`;
  return `MAP
  NAME "bench"
  SIZE ${SIZE} ${SIZE}
  EXTENT ${STATES_BOX.join(' ')}
  UNITS DD
  IMAGECOLOR 255 255 255
  PROJECTION "init=epsg:4326" END
  OUTPUTFORMAT
    NAME "png"
    DRIVER AGG/PNG
    MIMETYPE "image/png"
    IMAGEMODE RGB
    EXTENSION "png"
  END
  WEB
    METADATA
      "wms_title" "bench"
      "wms_onlineresource" "http://127.0.0.1/mapserv?"
      "wms_srs" "EPSG:4326 EPSG:3857"
      "wms_enable_request" "*"
    END
  END
  LAYER
    NAME "states"
    TYPE POLYGON
    STATUS ON
    CONNECTIONTYPE POSTGIS
    CONNECTION "${conn}"
    DATA "geom FROM states USING UNIQUE fid USING SRID=4326"
    PROCESSING "CLOSE_CONNECTION=DEFER"
    PROJECTION "init=epsg:4326" END
    METADATA "wms_title" "states" END
    CLASS
      STYLE
        COLOR ${FILL.join(' ')}
        OUTLINECOLOR 0 0 0
        WIDTH 1
      END
    END
  END
END
`;
}

/** Processes whose environment holds MAPSERVER_CONFIG_FILE=`config`: this run's mapserv. */
function ownBackends(config) {
  const mine = `MAPSERVER_CONFIG_FILE=${config}`;
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(mine);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** lighttpd with mapserv as FastCGI (2 processes) on a free port, in `dir`; resolves once it answers. */
async function startMapServer(dir, database) {
  const port = await freePort();
  writeFileSync(path.join(dir, 'bench.map'), mapfile(database));
  writeFileSync(path.join(dir, 'mapserver.conf'), `CONFIG\n  ENV\n    MS_MAPFILE "${path.join(dir, 'bench.map')}"\n  END\nEND\n`);
  writeFileSync(
    path.join(dir, 'lighttpd.conf'),
    `server.document-root = "${dir}"
server.bind = "127.0.0.1"
server.port = ${port}
server.errorlog = "${path.join(dir, 'lighttpd.log')}"
server.pid-file = "${path.join(dir, 'lighttpd.pid')}"
server.modules += ("mod_fastcgi")
fastcgi.server = ("/mapserv" => ((
  "socket" => "${path.join(dir, 'mapserv.sock')}",
  "bin-path" => "/usr/lib/cgi-bin/mapserv",
  "max-procs" => 2,
  "bin-environment" => ("MAPSERVER_CONFIG_FILE" => "${path.join(dir, 'mapserver.conf')}", "MS_MAPFILE" => "${path.join(dir, 'bench.map')}"),
  "check-local" => "disable"
)))
`,
  );
  // Its errors go to lighttpd.log: the mapserv processes it spawns would hold an inherited pipe open.
  const child = spawn('lighttpd', ['-D', '-f', path.join(dir, 'lighttpd.conf')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/mapserv`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}?SERVICE=WMS&REQUEST=GetCapabilities`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 100) throw new Error('lighttpd + mapserv did not start (see lighttpd.log)');
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    // lighttpd leaves its FastCGI processes running when it stops: those of this run (their
    // environment names this run's config file) are ended by their ids.
    for (const pid of ownBackends(path.join(dir, 'mapserver.conf'))) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  return { url, pid: child.pid, stop };
}

/** GET `url`; throws unless it answers a PNG. */
async function png(url, headers, what) {
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || res.headers.get('content-type') !== 'image/png' || body.readUInt32BE(0) !== 0x89504e47) {
    throw new Error(`${what} did not answer a PNG: ${res.status} ${res.headers.get('content-type')} ${body.toString('utf8', 0, 300)}`);
  }
  return body;
}

/**
 * Maps/s, mean and p50 of GET `url` at `connections`; throws on errors or non-2xx answers. With
 * `paths`, each request takes the next of them in turn (all connections share the turn).
 */
async function load(url, headers, duration, connections = CONNECTIONS, paths = undefined) {
  let next = 0;
  const requests = paths ? [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }] : undefined;
  const r = await autocannon({ url, connections, duration, headers, requests });
  if (r.errors || r.non2xx || r.timeouts) throw new Error(`GET ${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx answers`);
  return { rate: r.requests.total / r.duration, seconds: r.duration, mean: r.latency.mean, p50: r.latency.p50 };
}

/** Times `fn` `runs` times one after another (after 10 warm-up calls); sorted ms. */
async function sequential(runs, fn) {
  for (let i = 0; i < 10; i++) await fn(i);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

/** The zoom-z tile holding (lon, lat) and its EPSG:3857 box. */
function tileOf(z, lon, lat) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return { x: Math.floor(((lon + 180) / 360) * n), y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n) };
}
function tileBox(z, { x, y }) {
  const size = (2 * Math.PI * 6378137) / 2 ** z;
  const minx = -Math.PI * 6378137 + x * size;
  const maxy = Math.PI * 6378137 - y * size;
  return [minx, maxy - size, minx + size, maxy];
}

const ms = (v) => `${v.toFixed(1)} ms`;
const verdict = (ok) => (ok ? 'met' : 'NOT MET');

const data = await createDatabase('gc_bench_wms', { postgis: true });
const catalog = await createDatabase('gc_bench_wms_catalog');
const dir = mkdtempSync(path.join(tmpdir(), 'gc-bench-wms-'));
let api;
let api2;
let api0;
let peer;
try {
  await query(
    data.name,
    'CREATE TABLE states (fid serial PRIMARY KEY, state_fips text NOT NULL UNIQUE, name text NOT NULL, geom geometry(MultiPolygon, 4326) NOT NULL)',
  );
  await query(
    data.name,
    `INSERT INTO states (state_fips, name, geom)
     SELECT s.fips, s.name, s.geom
       FROM (SELECT f->>'id' AS fips, f->>'name' AS name,
                    ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON((f->'geometry')::text), 4326)), 3)) AS geom
               FROM jsonb_array_elements($1::jsonb) AS f) AS s
      ORDER BY s.fips`,
    [JSON.stringify(usStates())],
  );
  await query(data.name, 'CREATE INDEX ON states USING gist (geom)');
  await query(data.name, 'ANALYZE states');
  const vertices = (await query(data.name, 'SELECT sum(ST_NPoints(geom))::int AS n FROM states')).rows[0].n;
  const step = 20 / SIDE;
  await query(data.name, 'CREATE TABLE points (id int PRIMARY KEY, name text NOT NULL, rank int NOT NULL, geom geometry(Point, 4326) NOT NULL)');
  await query(
    data.name,
    `INSERT INTO points
     SELECT g, 'p' || g, g % 7, ST_SetSRID(ST_MakePoint(-10 + (c % ${SIDE}) * ${step} + ${step / 2}, -10 + (c / ${SIDE}) * ${step} + ${step / 2}), 4326)
       FROM (SELECT g, (g::int8 * 999983) % ${SIDE * SIDE} AS c FROM generate_series(1, ${SIDE * SIDE}) AS g) AS s`,
  );
  await query(data.name, 'CREATE INDEX ON points USING gist (geom)');
  await query(data.name, 'ANALYZE points');

  api = await startApi(catalog.url, { workers: 'default' });
  const created = await createDataStoreOn(api, data.name);
  for (const [name, sld] of [
    ['bench_fill', POLYGON_SLD],
    ['bench_point', POINT_SLD],
  ]) {
    await created(
      await api.send('POST', '/workspaces/bench/styles', `<style><name>${name}</name><filename>${name}.sld</filename></style>`),
      `POST style ${name}`,
    );
    const put = await api.send('PUT', `/workspaces/bench/styles/${name}`, sld, 'application/vnd.ogc.sld+xml');
    if (put.status !== 200) throw new Error(`PUT style ${name} answered ${put.status}: ${await put.text()}`);
  }
  for (const [table, style] of [
    ['states', 'bench_fill'],
    ['points', 'bench_point'],
  ]) {
    const ft = `<featureType><name>${table}</name><nativeName>${table}</nativeName><nativeCRS>EPSG:4326</nativeCRS><srs>EPSG:4326</srs></featureType>`;
    await created(await api.send('POST', '/workspaces/bench/datastores/data/featuretypes', ft), `POST featuretype ${table}`);
    const put = await api.send('PUT', `/layers/bench:${table}`, `<layer><defaultStyle><name>${style}</name></defaultStyle></layer>`);
    if (put.status !== 200) throw new Error(`PUT layer ${table} answered ${put.status}: ${await put.text()}`);
  }
  const wms = `${api.rest.replace(/\/rest$/, '')}/wms`;
  const headers = { authorization: api.auth };
  const ours = `${wms}?${mapQuery('bench:states', 'EPSG:4326', STATES_BOX)}`;
  const oursPng = await png(ours, headers, 'the api');
  const workers = process.env.WORKERS || 'default';

  console.log(`WMS GetMap against MapServer 8, PostgreSQL ${new URL(serverUrl).host}, load average ${loadavg()[0].toFixed(1)} at the start:`);

  if (part('getmap')) {
    peer = await startMapServer(dir, data.name);
    const theirs = `${peer.url}?${mapQuery('states', 'EPSG:4326', STATES_BOX)}`;
    const pathsOf = (url, layer) => BOXES.map((box) => `${new URL(url).pathname}?${mapQuery(layer, 'EPSG:4326', box)}`);
    const theirsPng = await png(theirs, {}, 'MapServer');
    // The api again with as many processes as MapServer has (WORKERS=2), beside the default one.
    api2 = process.env.BENCH_WMS_TWO_WORKERS === '0' ? undefined : await startApi(catalog.url, { workers: 2 });
    const ours2 = api2 && `${api2.rest.replace(/\/rest$/, '')}/wms?${mapQuery('bench:states', 'EPSG:4326', STATES_BOX)}`;
    // And one process drawing on its main thread (WMS_RENDER_THREADS=0): what the render threads bring.
    if (process.env.BENCH_WMS_NO_THREADS !== '0') {
      const saved = process.env.WMS_RENDER_THREADS;
      process.env.WMS_RENDER_THREADS = '0';
      api0 = await startApi(catalog.url, { workers: 1 });
      if (saved === undefined) delete process.env.WMS_RENDER_THREADS;
      else process.env.WMS_RENDER_THREADS = saved;
    }
    const ours0 = api0 && `${api0.rest.replace(/\/rest$/, '')}/wms?${mapQuery('bench:states', 'EPSG:4326', STATES_BOX)}`;
    const contenders = [
      { label: `api (WORKERS ${workers})`, url: ours, paths: pathsOf(ours, 'bench:states'), headers, pid: api.pid, bytes: oursPng.length, runs: [] },
      ...(api2
        ? [
            {
              label: 'api (WORKERS 2)',
              url: ours2,
              paths: pathsOf(ours2, 'bench:states'),
              headers: { authorization: api2.auth },
              pid: api2.pid,
              bytes: (await png(ours2, { authorization: api2.auth }, 'the api (2 workers)')).length,
              runs: [],
            },
          ]
        : []),
      ...(api0
        ? [
            {
              label: 'api (WORKERS 1, WMS_RENDER_THREADS 0)',
              url: ours0,
              paths: pathsOf(ours0, 'bench:states'),
              headers: { authorization: api0.auth },
              pid: api0.pid,
              bytes: (await png(ours0, { authorization: api0.auth }, 'the api (no render threads)')).length,
              runs: [],
            },
          ]
        : []),
      {
        label: 'MapServer 8.0 (lighttpd FastCGI, 2 mapserv, AGG, CLOSE_CONNECTION=DEFER)',
        url: theirs,
        paths: pathsOf(theirs, 'states'),
        headers: {},
        pid: peer.pid,
        bytes: theirsPng.length,
        runs: [],
      },
    ];
    for (const c of contenders) await load(c.url, c.headers, 2, CONNECTIONS, c.paths);
    for (let i = 0; i < rounds; i++) {
      for (const c of i % 2 ? [...contenders].reverse() : contenders) {
        const cpu0 = treeCpuMs(c.pid);
        const r = await load(c.url, c.headers, seconds, CONNECTIONS, c.paths);
        c.runs.push({ ...r, cpu: (treeCpuMs(c.pid) - cpu0) / (r.rate * r.seconds) });
      }
    }
    const mean = (xs, k) => xs.reduce((s, x) => s + x[k], 0) / xs.length;
    const list = (xs) => xs.map((x) => x.rate.toFixed(0)).join(', ');
    console.log(
      `GetMap ${SIZE}×${SIZE} image/png, the 56 US states (${vertices.toLocaleString('en')} vertices) in EPSG:4326, ${BOXES.length} boxes in turn around ${STATES_BOX.join(',')} (panned ±10%, zoomed 0.8–1.25×), ` +
        `${CONNECTIONS} connections, ${seconds} s × ${rounds} rounds alternated, load average ${loadavg()[0].toFixed(1)} at the end ` +
        `(CPU per map: the server's processes, PostgreSQL's not counted):`,
    );
    for (const c of contenders) {
      console.log(
        `  ${c.label}: ${list(c.runs)} maps/s (mean ${mean(c.runs, 'rate').toFixed(0)}), latency mean ${ms(mean(c.runs, 'mean'))}, p50 ${ms(mean(c.runs, 'p50'))}, ` +
          `CPU ${ms(mean(c.runs, 'cpu'))} per map; ${c.bytes} bytes`,
      );
    }
    const peerRate = mean(contenders[contenders.length - 1].runs, 'rate');
    for (const c of contenders.slice(0, -1)) {
      const ratio = mean(c.runs, 'rate') / peerRate;
      console.log(`  ratio ${c.label}/MapServer: ${ratio.toFixed(2)} — goal >= 1.5: ${verdict(ratio >= 1.5)}; at least >= 1.0: ${verdict(ratio >= 1.0)}`);
    }
    await api2?.stop();
    api2 = undefined;
    await api0?.stop();
    api0 = undefined;
    await peer.stop();
    peer = undefined;
  }

  if (part('points')) {
    const z = 10;
    const a = tileOf(z, -10, 10);
    const b = tileOf(z, 10, -10);
    const tiles = [];
    for (let y = a.y; y <= b.y; y++) for (let x = a.x; x <= b.x; x++) tiles.push({ x, y });
    const runs = 100;
    const stride = tiles.length / runs;
    let bytes = 0;
    const times = await sequential(runs, async (i) => {
      const box = tileBox(z, tiles[Math.floor(i * stride) % tiles.length]);
      bytes += (await png(`${wms}?${mapQuery('bench:points', 'EPSG:3857', box)}`, headers, 'the api (points)')).length;
    });
    const p50 = percentile(times, 50);
    console.log(
      `GetMap ${SIZE}×${SIZE} image/png of a 1,000,000-point table at zoom-10 tile boxes (EPSG:3857, ~330 points each, ${Math.round(bytes / (runs + 10) / 1024)} KiB on average), ${runs} boxes one after another: ` +
        `p50 ${ms(p50)}, p95 ${ms(percentile(times, 95))}, max ${ms(times[times.length - 1])} — target p50 < 100 ms: ${verdict(p50 < 100)}`,
    );
  }

  if (part('info')) {
    const info = new URLSearchParams({
      SERVICE: 'WMS',
      VERSION: '1.1.1',
      REQUEST: 'GetFeatureInfo',
      LAYERS: 'bench:states',
      QUERY_LAYERS: 'bench:states',
      STYLES: '',
      SRS: 'EPSG:4326',
      BBOX: STATES_BOX.join(','),
      WIDTH: String(SIZE),
      HEIGHT: String(SIZE),
      FORMAT: 'image/png',
      INFO_FORMAT: 'application/json',
      X: '0',
      Y: '0',
    });
    // Pixels over Colorado, Kansas, Iowa, Pennsylvania in turn.
    const pixels = [
      [69, 108],
      [99, 118],
      [118, 98],
      [160, 97],
    ];
    const infoOf = async (target, auth, i) => {
      const [x, y] = pixels[i % pixels.length];
      const q = new URLSearchParams(info);
      q.set('X', String(x));
      q.set('Y', String(y));
      const res = await fetch(`${target}?${q}`, { headers: { authorization: auth } });
      const doc = await res.json();
      if (res.status !== 200 || doc.features?.length !== 1) throw new Error(`GetFeatureInfo at ${x},${y}: ${res.status} ${JSON.stringify(doc).slice(0, 300)}`);
    };
    // BENCH_BASELINE_MAIN: another build's main.js (e.g. a copy of the dist before a change), started
    // beside this one on the same catalog; the two are asked in turn, so both see the same load.
    const baselineMain = process.env.BENCH_BASELINE_MAIN;
    let base;
    if (baselineMain) {
      const own = process.env.BENCH_API_MAIN;
      process.env.BENCH_API_MAIN = baselineMain;
      try {
        base = await startApi(catalog.url, { workers: 1 });
      } finally {
        if (own === undefined) delete process.env.BENCH_API_MAIN;
        else process.env.BENCH_API_MAIN = own;
      }
    }
    const runs = baselineMain ? 200 : 100;
    const times = [];
    const baseTimes = [];
    try {
      const contenders = [
        { target: wms, auth: api.auth, times },
        ...(base ? [{ target: `${base.rest.replace(/\/rest$/, '')}/wms`, auth: base.auth, times: baseTimes }] : []),
      ];
      for (let i = 0; i < runs + 10; i++) {
        for (const c of i % 2 ? [...contenders].reverse() : contenders) {
          const t0 = performance.now();
          await infoOf(c.target, c.auth, i);
          if (i >= 10) c.times.push(performance.now() - t0);
        }
      }
    } finally {
      await base?.stop();
    }
    times.sort((a, b) => a - b);
    baseTimes.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    console.log(
      `GetFeatureInfo application/json of one state, ${runs} pixels one after another: p50 ${ms(p50)}, p95 ${ms(percentile(times, 95))} — target p50 < 20 ms: ${verdict(p50 < 20)}`,
    );
    if (base) {
      const b50 = percentile(baseTimes, 50);
      console.log(
        `  baseline ${baselineMain}, asked in turn: p50 ${ms(b50)}, p95 ${ms(percentile(baseTimes, 95))}; p50 ratio this/baseline ${(p50 / b50).toFixed(2)}`,
      );
    }
  }

  if (part('rss')) {
    let peak = treeRssMb(api.pid);
    const before = peak;
    const timer = setInterval(() => (peak = Math.max(peak, treeRssMb(api.pid))), 10);
    const r = await load(ours, headers, 5, 16);
    clearInterval(timer);
    console.log(
      `Peak RSS of the api while 16 states maps render at once (16 connections, 5 s, ${r.rate.toFixed(0)} maps/s): ${peak.toFixed(0)} MB ` +
        `(${before.toFixed(0)} MB before) — target < 400 MB: ${verdict(peak < 400)}`,
    );
  }

  await api.stop();
  api = undefined;

  if (part('profile')) {
    const profDir = path.join(dir, 'prof');
    process.env.BENCH_API_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${profDir}`;
    // One process, its render threads as the default says (WMS_RENDER_THREADS): each thread writes its own profile.
    api = await startApi(catalog.url, { workers: 1 });
    const authed = { authorization: api.auth };
    const url = `${api.rest.replace(/\/rest$/, '')}/wms?${mapQuery('bench:states', 'EPSG:4326', STATES_BOX)}`;
    const paths = BOXES.map((box) => `${new URL(url).pathname}?${mapQuery('bench:states', 'EPSG:4326', box)}`);
    await load(url, authed, 2, CONNECTIONS, paths);
    const r = await load(url, authed, seconds, CONNECTIONS, paths);
    const maps = Math.round(r.rate * seconds) + Math.round(r.rate * 2);
    await api.stop();
    api = undefined;
    // CPU.<date>.<time>.<pid>.<thread id>.<n>.cpuprofile: thread 0 is the main thread, the others render threads.
    const files = readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile'));
    const isMain = (f) => f.split('.')[4] === '0';
    const mainFile = files.find(isMain);
    if (process.env.BENCH_PROFILE_OUT) copyFileSync(path.join(profDir, mainFile), process.env.BENCH_PROFILE_OUT);
    const summed = (list) => {
      const total = new Map();
      let busy = 0;
      for (const f of list) {
        const one = phasesOf(path.join(profDir, f));
        busy += one.busy;
        for (const [phase, t] of one.phases) total.set(phase, (total.get(phase) ?? 0) + t);
      }
      return { busy, phases: [...total.entries()].sort((a, b) => b[1] - a[1]) };
    };
    const threads = [
      ['main thread', summed([mainFile])],
      [`render threads (${files.length - 1})`, summed(files.filter((f) => !isMain(f)))],
    ].filter(([, t]) => t.busy > 0);
    // The PostGIS side of the query, alone: the same SQL as the api's (map-sql.ts) through one kept connection.
    const client = new pg.Client({ connectionString: databaseUrl(data.name) });
    await client.connect();
    const pixel = (STATES_BOX[2] - STATES_BOX[0]) / SIZE;
    const decimals = Math.max(-7, Math.min(7, Math.ceil(-Math.log10(pixel / 10))));
    const sql = `SELECT ST_AsTWKB(ST_Simplify(t.geom, $5::float8, true), $6::int) AS g, NULL::text AS p FROM states AS t WHERE t.geom && ST_MakeEnvelope($1, $2, $3, $4, 4326)`;
    const dbTimes = await sequential(50, () => client.query(sql, [...STATES_BOX, pixel / 2, decimals]));
    const unsimplified = sql.replace('ST_Simplify(t.geom, $5::float8, true)', 't.geom').replace('$6::int', '$5::int');
    const plainTimes = await sequential(50, () => client.query(unsimplified, [...STATES_BOX, decimals]));
    const rawTimes = await sequential(50, () =>
      client.query('SELECT ST_AsBinary(t.geom) FROM states AS t WHERE t.geom && ST_MakeEnvelope($1, $2, $3, $4, 4326)', STATES_BOX),
    );
    await client.end();
    console.log(
      `Where a GetMap of the states goes: per map by thread and phase (one api process under --cpu-prof, ${CONNECTIONS} connections, ~${maps} maps; ` +
        `wall-clock samples, so on a loaded machine they include waits for a core):`,
    );
    for (const [name, { busy, phases }] of threads) {
      console.log(`  ${name}:`);
      for (const [phase, t] of phases) console.log(`    ${phase.padEnd(50)} ${(t / maps).toFixed(2)} ms  (${((100 * t) / busy).toFixed(0)}%)`);
      console.log(`    ${`total, ${name}`.padEnd(50)} ${(busy / maps).toFixed(2)} ms`);
    }
    const db50 = percentile(dbTimes, 50);
    const plain50 = percentile(plainTimes, 50);
    console.log(
      `  PostGIS side of the query, alone (same SQL, one connection): p50 ${ms(db50)} simplified to half a pixel as TWKB ` +
        `(query ${ms(plain50)} without ST_Simplify, so simplification ${ms(db50 - plain50)}); p50 ${ms(percentile(rawTimes, 50))} for the raw WKB MapServer reads`,
    );
  }
} finally {
  await api?.stop();
  await api2?.stop();
  await api0?.stop();
  await peer?.stop();
  rmSync(dir, { recursive: true, force: true });
  await catalog.drop();
  await data.drop();
}
