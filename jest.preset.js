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
    '^@geocatalog/embedded-postgres$': path.join(__dirname, 'libs/embedded-postgres/src/index.ts'),
    '^@geocatalog/geoserver-crypt$': path.join(__dirname, 'libs/geoserver-crypt/src/index.ts'),
    '^@geocatalog/sld$': path.join(__dirname, 'libs/sld/src/index.ts'),
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
};
