/**
 * Module boundaries, checked by dependency-cruiser in `npm test` (libs/catalog-model/src/boundaries.spec.ts,
 * which also shows a deliberate violation in tools/boundaries/fixture refused). The Nx tags
 * in each package.json say the same in words; these rules are what enforces them (no
 * @nx/enforce-module-boundaries exists for this Nx version on the registry).
 */
/** Paths below apps/api/src that only the wire layer itself uses. */
const REST_INTERNALS =
  '^apps/api/src/rest/(xml-writer|json-writer|rest[.]middleware|rest-response-writer|rest-http-adapter|route-table|input-rule|write[.]interceptor|unread-body|catalog-exception[.]filter|unmatched[.]controller|rest[.]module)[.]ts$';

module.exports = {
  forbidden: [
    {
      name: 'libs-never-import-apps',
      comment: 'Libraries are shared by the api and the console; they cannot depend on either.',
      severity: 'error',
      from: { path: '(^|/)libs/' },
      to: { path: '^(apps|e2e)/' },
    },
    {
      name: 'libs-framework-free',
      comment: 'libs/* run in the browser too: no framework, no database driver, no Node built-in.',
      severity: 'error',
      from: { path: '(^|/)libs/[^/]+/src/', pathNot: '[.]spec[.]ts$' },
      to: {
        path: '(^|/)node_modules/(@nestjs|typeorm|express|pg|passport|react|react-dom|vite|rxjs|class-transformer)/',
      },
    },
    {
      name: 'libs-browser-safe',
      comment: 'libs/* run in the browser too: no Node built-in modules (specs may use them).',
      severity: 'error',
      from: { path: '(^|/)libs/[^/]+/src/', pathNot: '[.]spec[.]ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'console-not-api',
      comment: 'The console talks to the api over HTTP only.',
      severity: 'error',
      from: { path: '^apps/admin-web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'api-not-console-or-e2e',
      severity: 'error',
      from: { path: '^apps/api/' },
      to: { path: '^(apps/admin-web|e2e)/' },
    },
    {
      name: 'e2e-black-box',
      comment: 'e2e specs speak HTTP (and SQL to their own test databases); they import no app or lib code.',
      severity: 'error',
      from: { path: '^e2e/' },
      to: { path: '^(apps|libs)/' },
    },
    {
      name: 'catalog-not-rest-internals',
      comment: 'Catalog code returns representations and throws CatalogError; writing the wire format is the rest layer\u2019s job.',
      severity: 'error',
      // Specs may print what they build, to compare it with GeoServer's bodies.
      from: { path: '^apps/api/src/(catalog|security|about|features|tiles)/', pathNot: '[.]spec[.]ts$' },
      to: { path: REST_INTERNALS },
    },
    {
      name: 'only-datastores-talk-to-stores',
      comment: 'Only datastores/ connects to a data store; database/ and sample-db/ serve the catalog and the sample database.',
      severity: 'error',
      from: { path: '^apps/api/src/', pathNot: '^apps/api/src/(datastores|database|sample-db)/|[.]spec[.]ts$' },
      to: { path: '(^|/)node_modules/pg/' },
    },
    {
      name: 'datastores-not-catalog',
      comment: 'The connector is below the catalog: it gets what it needs injected (StoreSecrets), never imports catalog code.',
      severity: 'error',
      from: { path: '^apps/api/src/datastores/' },
      to: { path: '^apps/api/src/catalog/' },
    },
    {
      name: 'cli-thin-client',
      comment:
        'The geocatalog CLI (apps/api/src/cli) speaks HTTP to the api: it may import the plan types and the zip limits, nothing else of the api, no framework.',
      severity: 'error',
      from: { path: '^apps/api/src/cli/' },
      to: {
        path: '^apps/api/src/|(^|/)node_modules/(@nestjs|typeorm|express|pg|passport|rxjs|class-transformer|class-validator)/',
        pathNot: '^apps/api/src/(cli/|catalog-files/(plan|zip-limits)[.]ts$)',
      },
    },
    {
      name: 'api-not-cli',
      comment: 'The CLI is a client; the running api never loads it.',
      severity: 'error',
      from: { path: '^apps/api/src/', pathNot: '^apps/api/src/cli/' },
      to: { path: '^apps/api/src/cli/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^(apps|libs)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|artifacts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
