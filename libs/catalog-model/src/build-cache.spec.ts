// `npm start` runs `npm run build` (Nx) before it serves: on a checkout already built and unchanged
// that is a cache hit for every project (a few seconds, nothing rebuilt), because each build target
// is cached and declares its output directory, and that directory is git-ignored, so a build's own
// output is never part of the next build's inputs. Checked on the project graph Nx itself resolves.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

interface Target {
  cache?: boolean;
  outputs?: string[];
}

function projectGraph(): Record<string, { data: { root: string; targets: Record<string, Target> } }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'nx-graph-'));
  try {
    const file = path.join(dir, 'graph.json');
    const run = spawnSync(path.join(ROOT, 'node_modules/.bin/nx'), ['graph', `--file=${file}`], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    });
    if (run.status !== 0) throw new Error(`nx graph failed: ${run.stderr}`);
    return JSON.parse(readFileSync(file, 'utf8')).graph.nodes;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('build cache (npm start on a built checkout rebuilds nothing)', () => {
  it('npm start builds through Nx', () => {
    const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
    expect(scripts.start).toMatch(/^npm run build && node /);
    expect(scripts.build).toMatch(/^nx run-many -t build\b/);
  });

  it('every build target is cached and declares a git-ignored output directory inside its project', () => {
    const builds = Object.entries(projectGraph())
      .filter(([, node]) => node.data.targets.build)
      .map(([name, node]) => ({ name, root: node.data.root, ...node.data.targets.build }));
    expect(builds.map((b) => b.name).sort()).toEqual([
      '@geocatalog/admin-web',
      '@geocatalog/api',
      '@geocatalog/catalog-exchange',
      '@geocatalog/catalog-model',
      '@geocatalog/cli',
      '@geocatalog/cql',
      '@geocatalog/embedded-postgres',
      '@geocatalog/geoserver-crypt',
      '@geocatalog/map-render',
      '@geocatalog/sld',
    ]);
    for (const build of builds) {
      expect({ project: build.name, cache: build.cache }).toEqual({ project: build.name, cache: true });
      expect(build.outputs?.length).toBeGreaterThan(0);
      for (const output of build.outputs!) {
        expect(output).toMatch(/^\{projectRoot\}\/[^{}]+$/);
        const dir = output.replace('{projectRoot}', build.root);
        const ignored = spawnSync('git', ['check-ignore', '-q', '--no-index', `${dir}/x`], { cwd: ROOT });
        expect({ output: dir, ignored: ignored.status === 0 }).toEqual({ output: dir, ignored: true });
      }
    }
  }, 60_000);
});
