/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const libSource = (lib: string): string => fileURLToPath(new URL(`../../libs/${lib}/src/index.ts`, import.meta.url));

// The api serves this build at {CONTEXT_PATH}/web/ (default /geoserver/web/), the REST API at
// {CONTEXT_PATH}/rest and OGC API - Features at {CONTEXT_PATH}/ogc/features/v1; the dev server
// proxies both APIs to a locally running api (API_URL, default http://127.0.0.1:8080).
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:8080';
export default defineConfig({
  base: '/geoserver/web/',
  plugins: [react()],
  resolve: {
    // One alias per lib, as in tsconfig.base.json: the console uses the libs' sources.
    alias: {
      '@geocatalog/catalog-model': libSource('catalog-model'),
      '@geocatalog/cql': libSource('cql'),
      '@geocatalog/map-render': libSource('map-render'),
      '@geocatalog/sld': libSource('sld'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // OpenLayers and the GeoStyler parsers: one named chunk, loaded only by the map views.
          groups: [
            { name: 'map', test: /[\\/]node_modules[\\/](ol|geostyler-[\w-]+|fast-xml-parser|css-font-parser|rbush|quickselect|earcut|color-[\w-]+)[\\/]/ },
          ],
        },
      },
    },
  },
  experimental: {
    // Chunks and assets find each other relative to the importing file, so only index.html
    // names the base: serving under another CONTEXT_PATH means rewriting that one file.
    renderBuiltUrl: () => ({ relative: true }),
  },
  server: {
    proxy: {
      '/geoserver/rest': { target: apiUrl, changeOrigin: false },
      '/geoserver/ogc': { target: apiUrl, changeOrigin: false },
    },
  },
  test: {
    css: false,
    // One worker per core: Vitest's default is one fewer, a single worker on a 2-core machine.
    maxWorkers: availableParallelism(),
    projects: [
      // Components and pages (.tsx) render into jsdom; the rest is logic and runs in plain Node,
      // which starts a file several times faster than a jsdom window.
      // A page spec waits up to 5 s for a lazily loaded page (findBy…): Vitest's own 5 s per test
      // would end it first on a loaded machine, so a test gets 15 s.
      {
        extends: true,
        test: { name: 'dom', environment: 'jsdom', include: ['src/**/*.spec.tsx'], setupFiles: ['src/test/setup.ts'], testTimeout: 15_000 },
      },
      { extends: true, test: { name: 'logic', environment: 'node', include: ['src/**/*.spec.ts'] } },
    ],
  },
});
