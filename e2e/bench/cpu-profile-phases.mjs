// Reads a V8 .cpuprofile (node --cpu-prof) and sums its samples by phase of a GetMap: each frame
// is put in the phase of its own script when that script belongs to one, else in its nearest
// caller's (so Skia's native calls count in the drawing that made them, zlib in the encoding).
import { readFileSync } from 'node:fs';

/** Phases, first match wins: [name, test of a frame's script URL and function name]. */
export const PHASES = [
  ['socket writes (answers and queries: system calls)', (url, fn) => fn === 'writev' || fn === 'writeBuffer' || fn === 'writeUtf8String'],
  ['PNG encoding', (url) => /wms\/draw\/(png-encoder|encode-image|quantize)|fflate|node:zlib/.test(url)],
  ['render thread hand-off (rows packed, messages)', (url) => /wms\/draw\/render-(pool|job)/.test(url)],
  ['styles (SLD compiled, GeoStyler rules per feature)', (url) => /map-render\/src\/(compile-sld|sld-audit|style-columns)|geostyler|libs\/sld\//.test(url)],
  ['drawing', (url) => /map-render|wms\/draw\/|@napi-rs\/canvas/.test(url)],
  ['decoding (TWKB → GeoJSON)', (url) => /wms\/(twkb|map-features|map-rows)/.test(url)],
  ['pg client (catalog and store reads)', (url) => /node_modules\/(pg|pg-protocol|pg-pool|pg-cursor)\/|datastores\/postgis\//.test(url)],
  [
    'request (HTTP, auth, catalog, params)',
    (url) => /node_modules\/(express|@nestjs|passport|router|typeorm|body-parser)|apps\/api\/src\/|node:_http|node:net/.test(url),
  ],
];

/** Self time per phase, in ms, and the whole sampled busy time (idle left out). */
export function phasesOf(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const OUT = Symbol('left out');
  const OTHER = 'other (V8, event loop)';
  const phaseOf = new Map();
  // Idle time, and the api's start (modules loaded before the first request), are left out.
  const leftOut = ({ functionName, url }) => functionName === '(idle)' || functionName === 'Module._load' || url === 'node:internal/main/run_main_module';
  const resolve = (id) => {
    if (phaseOf.has(id)) return phaseOf.get(id);
    const { callFrame } = byId.get(id);
    const up = parent.has(id) ? resolve(parent.get(id)) : OTHER;
    let phase;
    if (up === OUT || leftOut(callFrame)) phase = OUT;
    else if (callFrame.functionName === '(garbage collector)') phase = 'garbage collection';
    else phase = PHASES.find(([, test]) => test(callFrame.url ?? '', callFrame.functionName))?.[0] ?? up;
    phaseOf.set(id, phase);
    return phase;
  };
  const ms = new Map();
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const phase = resolve(profile.samples[i]);
    if (phase === OUT) continue;
    ms.set(phase, (ms.get(phase) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0) / 1000);
  }
  const busy = [...ms.values()].reduce((a, b) => a + b, 0);
  return { busy, phases: [...ms.entries()].sort((a, b) => b[1] - a[1]) };
}
