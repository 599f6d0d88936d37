/**
 * The services and operations a service rule (`service.method`, contract §12) can name: the map
 * and feature read paths the api checks them on, each operation as the rule spells it (rules
 * match in any case). The api types its checks with these and the console lists them in "what
 * can this user see?".
 */
export const SERVICE_OPERATIONS = {
  wms: ['GetCapabilities', 'GetMap', 'GetFeatureInfo', 'GetLegendGraphic'],
  features: ['getLandingPage', 'getConformanceDeclaration', 'getApi', 'getCollections', 'getCollection', 'getQueryables', 'getFeatures', 'getFeature'],
  tiles: [
    'getLandingPage',
    'getConformanceDeclaration',
    'getApi',
    'getCollections',
    'getCollection',
    'getTileMatrixSets',
    'getTileMatrixSet',
    'describeTilesets',
    'describeTileset',
    'getTileJSON',
    'getTile',
  ],
} as const satisfies Record<string, readonly string[]>;

/** A service a service rule can name: `wms`, `features`, `tiles`. */
export type ServiceName = keyof typeof SERVICE_OPERATIONS;

/** An operation of `S` (`GetMap` of `wms`). */
export type ServiceOperation<S extends ServiceName> = (typeof SERVICE_OPERATIONS)[S][number];

/** The services in the order they are listed. */
export const SERVICE_NAMES = Object.keys(SERVICE_OPERATIONS) as ServiceName[];
