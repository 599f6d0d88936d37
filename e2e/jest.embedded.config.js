// The embedded-catalog pass: the specs whose subject is the catalog, run again with the catalog on
// embedded PGlite (E2E_CATALOG=embedded, set per spec file by support/embedded-pass.ts) while
// TEST_DATABASE_URL's server still holds the PostGIS tables they publish. Left out: what needs the
// catalog on PostgreSQL (migrations; `describeWithExternalCatalog` parts skip themselves), the
// security specs the catalog changes nothing for (README, "Run"), among them the rules matrix (the
// rules' storage is `security-rules`; the matrix's cells are decisions of the api), and the parts of
// a spec declared with `describeCatalogNeutral` (caps, limits and timers kept in memory).
const base = require('./jest.config.js');

module.exports = {
  ...base,
  displayName: 'e2e-embedded',
  testMatch: [
    '<rootDir>/rest/security-*.e2e-spec.ts',
    '<rootDir>/rest/etag*.e2e-spec.ts',
    '<rootDir>/rest/dry-run*.e2e-spec.ts',
    '<rootDir>/rest/history*.e2e-spec.ts',
    '<rootDir>/rest/events*.e2e-spec.ts',
    '<rootDir>/catalog-files/import*.e2e-spec.ts',
  ],
  testPathIgnorePatterns: [
    '/node_modules/',
    'migration',
    'security-(embedded|bodies|headers|held|rules-matrix|store-(probes|passwords|password-guesses|reach))\\.',
  ],
  setupFiles: ['<rootDir>/support/embedded-pass.ts'],
};
