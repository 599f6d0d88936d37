// Black-box e2e specs: each file starts its own api process (see support/api-server.ts).
module.exports = {
  ...require('../jest.preset.js'),
  rootDir: __dirname,
  displayName: 'e2e',
  testMatch: ['<rootDir>/**/*.e2e-spec.ts'],
  setupFilesAfterEnv: ['<rootDir>/support/matchers.ts'],
  testTimeout: 30_000,
  slowTestThreshold: 20,
};
