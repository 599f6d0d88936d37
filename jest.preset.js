// Shared Jest setup: SWC compiles TypeScript (with Nest's decorator metadata),
// and the path aliases of tsconfig.base.json resolve to the libs' sources.
const path = require('node:path');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@geocatalog/catalog-exchange$': path.join(__dirname, 'libs/catalog-exchange/src/index.ts'),
    '^@geocatalog/catalog-model$': path.join(__dirname, 'libs/catalog-model/src/index.ts'),
    '^@geocatalog/cql$': path.join(__dirname, 'libs/cql/src/index.ts'),
    '^@geocatalog/embedded-postgres$': path.join(__dirname, 'libs/embedded-postgres/src/index.ts'),
    '^@geocatalog/geoserver-crypt$': path.join(__dirname, 'libs/geoserver-crypt/src/index.ts'),
    '^@geocatalog/map-render$': path.join(__dirname, 'libs/map-render/src/index.ts'),
    '^@geocatalog/sld$': path.join(__dirname, 'libs/sld/src/index.ts'),
  },
  // OpenLayers and the GeoStyler parsers (libs/map-render) ship ES modules only: SWC compiles them
  // to CommonJS for Jest like our own sources; every other package is loaded as it is.
  transformIgnorePatterns: [
    '/node_modules/(?!(ol|geostyler-[\\w-]+|fast-xml-parser|strnum|css-font-parser|color-[\\w-]+|rbush|quickselect|earcut|pbf|geotiff|zarrita|quick-lru|@petamoriken|numcodecs|reference-spec-reader|unzipit|uzip-module|lerc|web-worker|xml-utils|@zarrita)/)',
  ],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
};
