export * from './credentials';
export * from './query-keys';
export * from './rest-client';
export * from './rest-error';
export * from './service-location';
export * from './workspaces';
