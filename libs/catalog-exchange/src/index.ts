export * from './plan';
export * from './zip-limits';
