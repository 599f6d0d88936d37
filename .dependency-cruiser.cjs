/**
 * Module boundaries, checked by dependency-cruiser in `npm test` (libs/catalog-model/src/boundaries.spec.ts,
 * which also shows a deliberate violation in tools/boundaries/fixture refused). The Nx tags
 * in each package.json say the same in words; these rules are what enforces them (no
 * @nx/enforce-module-boundaries exists for this Nx version on the registry).
 */
/** Libraries for Node only (tag platform:node): they may use Node's built-in modules, never a framework. */
const NODE_LIBS = '^libs/(embedded-postgres|geoserver-crypt)/';
/** Paths below apps/api/src that only the wire layer itself uses. */
const REST_INTERNALS =
  '^apps/api/src/rest/(xml-writer|json-writer|rest[.]middleware|rest-response-writer|rest-http-adapter|route-table|input-rule|write[.]guard|unread-body|catalog-exception[.]filter|unmatched[.]controller|rest[.]module)[.]ts$';

/**
 * The console's feature modules (apps/admin-web/src/modules/*) and the ones each builds on
 * (apps/admin-web/README.md: styles → layers → stores → workspaces → history → auth, and
 * catalog-files → workspaces, layergroups → layers; styles → preview → layergroups → layers; layer-preview → layergroups; settings → workspaces; security → auth). A module may import the ones below it,
 * directly or further down, and only through their index.ts; nothing above it.
 */
const CONSOLE_MODULES_BELOW = {
  auth: [],
  history: ['auth'],
  workspaces: ['history'],
  stores: ['workspaces'],
  layers: ['stores'],
  preview: ['layers', 'layergroups'],
  styles: ['layers', 'preview'],
  'catalog-files': ['workspaces'],
  layergroups: ['layers'],
  'layer-preview': ['layers', 'layergroups'],
  settings: ['workspaces'],
  security: ['auth'],
};

/** The console's sources (also as laid out in tools/boundaries/fixture, where violations are shown refused). */
const CONSOLE = '(^|/)apps/admin-web/src/';

/** Every module `name` may import: the ones below it, and theirs, all the way down. */
function modulesBelow(name, seen = new Set()) {
  for (const below of CONSOLE_MODULES_BELOW[name]) if (!seen.has(below)) modulesBelow(below, seen.add(below));
  return [...seen];
}

const CONSOLE_MODULE_RULES = Object.keys(CONSOLE_MODULES_BELOW).map((name) => ({
  name: `console-${name}-imports-below`,
  comment: `Console module ${name} imports only ${modulesBelow(name).join(', ') || 'no other module'}, each through its index.ts (apps/admin-web/README.md).`,
  severity: 'error',
  from: { path: `${CONSOLE}modules/${name}/` },
  to: {
    path: `${CONSOLE}modules/`,
    pathNot: `${CONSOLE}modules/(${[`${name}/`, ...modulesBelow(name).map((m) => `${m}/index[.]ts$`)].join('|')})`,
  },
}));

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
      comment: 'libs/* are shared by the apps (most run in the browser too): no framework, no database driver.',
      severity: 'error',
      from: { path: '(^|/)libs/[^/]+/src/', pathNot: '[.]spec[.]ts$' },
      to: {
        path: '(^|/)node_modules/(@nestjs|typeorm|express|pg|passport|react|react-dom|vite|rxjs|class-transformer)/',
      },
    },
    {
      name: 'libs-browser-safe',
      comment: 'libs/* run in the browser too: no Node built-in modules (specs may use them), but for the platform:node libs.',
      severity: 'error',
      from: { path: '(^|/)libs/[^/]+/src/', pathNot: `[.]spec[.]ts$|${NODE_LIBS}` },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'console-not-api',
      comment: 'The console talks to the api over HTTP only.',
      severity: 'error',
      from: { path: '^apps/admin-web/' },
      to: { path: '^apps/api/' },
    },
    ...CONSOLE_MODULE_RULES,
    {
      name: 'console-preview-lazy',
      comment: 'preview holds OpenLayers and GeoStyler: its index.ts loads the rest of it only with import() (React.lazy), out of the main bundle.',
      severity: 'error',
      from: { path: `${CONSOLE}modules/preview/index[.]ts$` },
      to: { path: `${CONSOLE}modules/preview/`, dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'console-client-below-features',
      comment: 'The typed REST client (src/api) serves every module; it knows no module, page, shell or design piece.',
      severity: 'error',
      from: { path: `${CONSOLE}api/`, pathNot: '[.]spec[.]tsx?$' },
      to: { path: `${CONSOLE}(app|modules|ui)/` },
    },
    {
      name: 'console-ui-below-features',
      comment: 'Design pieces (src/ui) know no data: no REST client, module or shell.',
      severity: 'error',
      from: { path: `${CONSOLE}ui/`, pathNot: '[.]spec[.]tsx?$' },
      to: { path: `${CONSOLE}(api|app|modules)/` },
    },
    {
      name: 'console-modules-below-shell',
      comment: 'The shell (src/app) puts the modules together; a module never imports it.',
      severity: 'error',
      from: { path: `${CONSOLE}modules/`, pathNot: '[.]spec[.]tsx?$' },
      to: { path: `${CONSOLE}app/` },
    },
    {
      name: 'console-not-node-libs',
      comment: 'The console runs in the browser: the platform:node libs are not for it.',
      severity: 'error',
      from: { path: '^apps/admin-web/' },
      to: { path: NODE_LIBS },
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
      from: { path: '^apps/api/src/(catalog|security|about|ogc-features|tiles)/', pathNot: '[.]spec[.]ts$' },
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
        'The geocatalog CLI (apps/cli) speaks HTTP to the api: it shares the plan types and the zip limits through libs/catalog-exchange, imports no app and no framework.',
      severity: 'error',
      from: { path: '^apps/cli/' },
      to: {
        path: '^(apps/(api|admin-web)|e2e)/|(^|/)node_modules/(@nestjs|typeorm|express|pg|passport|rxjs|class-transformer|class-validator)/',
      },
    },
    {
      name: 'apps-not-cli',
      comment: 'The CLI is a client; the running api and the console never load it.',
      severity: 'error',
      from: { path: '^apps/(api|admin-web)/' },
      to: { path: '^apps/cli/' },
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
