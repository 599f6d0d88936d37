// GeoServer's data security decision (contract §12), shared by the api (its one decision point) and
// the console (what a chosen user may see): pure, no I/O.
export * from './access-decision';
export * from './rule-keys';
export * from './service-operations';
