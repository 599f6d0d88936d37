export * from './exchange-files';
export * from './plan';
export * from './zip-limits';
