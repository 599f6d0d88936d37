// Benchmark of vector tiles over HTTP with Basic auth (needs TEST_DATABASE_URL, a PostgreSQL server
// with PostGIS, and the built api): zoom-10 tiles of a 1,000,000-point table (a 1000 × 1000 grid
// over lon/lat -10..10, GiST index, ANALYZE), BENCH_TILES tiles (default 300) spread over the
// ~3,300 tiles the table covers, asked one after another after 20 warm-up tiles. Target: p50 under
// 50 ms. Prints p50/p95/max, the features per tile and the bytes.
import { performance } from 'node:perf_hooks';
import { createDatabase, createDataStoreOn, percentile, query, startApi } from './lib.mjs';

const SIDE = 1000;
const ZOOM = 10;
const count = Number(process.env.BENCH_TILES ?? 300);

/** The zoom-z tile holding (lon, lat). */
function tileOf(z, lon, lat) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return { x: Math.floor(((lon + 180) / 360) * n), y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n) };
}

/** `count` tiles spread evenly over the grid's tiles (a fixed stride through them, row by row). */
function spread(z, count) {
  const a = tileOf(z, -10, 10);
  const b = tileOf(z, 10, -10);
  const all = [];
  for (let y = a.y; y <= b.y; y++) for (let x = a.x; x <= b.x; x++) all.push({ x, y });
  const stride = all.length / count;
  return Array.from({ length: count }, (_, i) => all[Math.floor(i * stride)]);
}

const data = await createDatabase('gc_bench_tiles', { postgis: true });
const catalog = await createDatabase('gc_bench_tiles_catalog');
let api;
try {
  const step = 20 / SIDE;
  await query(
    data.name,
    'CREATE TABLE points (id int PRIMARY KEY, name text NOT NULL, rank int NOT NULL, value float8 NOT NULL, geom geometry(Point, 4326) NOT NULL)',
  );
  await query(
    data.name,
    `INSERT INTO points
     SELECT g, 'p' || g, g % 7, g / 4.0, ST_SetSRID(ST_MakePoint(-10 + (c % ${SIDE}) * ${step} + ${step / 2}, -10 + (c / ${SIDE}) * ${step} + ${step / 2}), 4326)
       FROM (SELECT g, (g::int8 * 999983) % ${SIDE * SIDE} AS c FROM generate_series(1, ${SIDE * SIDE}) AS g) AS s`,
  );
  await query(data.name, 'CREATE INDEX ON points USING gist (geom)');
  await query(data.name, 'ANALYZE points');

  api = await startApi(catalog.url);
  const created = await createDataStoreOn(api, data.name);
  const body = '<featureType><name>points</name><nativeName>points</nativeName><nativeCRS>EPSG:4326</nativeCRS></featureType>';
  await created(await api.send('POST', '/workspaces/bench/datastores/data/featuretypes', body), 'POST featuretype');

  const base = `${api.rest.replace(/\/rest$/, '')}/ogc/tiles/v1/collections/bench:points/tiles/WebMercatorQuad/${ZOOM}`;
  const fetchTile = async ({ x, y }) => {
    const t0 = performance.now();
    const res = await fetch(`${base}/${y}/${x}`, { headers: { authorization: api.auth } });
    const bytes = (await res.arrayBuffer()).byteLength;
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`tile ${ZOOM}/${y}/${x} answered ${res.status}`);
    return { ms, bytes };
  };
  const tiles = spread(ZOOM, count);
  for (const tile of spread(ZOOM, 20)) await fetchTile(tile); // warm-up: pools, JIT, plan cache
  const times = [];
  let bytes = 0;
  for (const tile of tiles) {
    const r = await fetchTile(tile);
    times.push(r.ms);
    bytes += r.bytes;
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const middle = tileOf(ZOOM, 0.5, 0.5);
  const perTile = (
    await query(data.name, `SELECT count(*)::int AS n FROM points WHERE ST_Transform(geom, 3857) && ST_TileEnvelope(${ZOOM}, ${middle.x}, ${middle.y})`)
  ).rows[0].n;
  console.log(`Vector tiles over HTTP (Basic auth, ST_AsMVT), PostgreSQL ${new URL(process.env.TEST_DATABASE_URL).host}, 1,000,000 points:`);
  console.log(
    `GET zoom-${ZOOM} tiles (${count} spread over the table, ~${perTile} points in a full one,  ${Math.round(bytes / count / 1024)} KiB on average): ` +
      `p50 ${p50.toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms — target p50 < 50 ms: ${p50 < 50 ? 'met' : 'NOT MET'}`,
  );
} finally {
  await api?.stop();
  await catalog.drop();
  await data.drop();
}
