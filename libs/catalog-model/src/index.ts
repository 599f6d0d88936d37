export * from './errors';
export * from './names';
export * from './model';
export * from './store-parameters';
export * from './wire';
export * from './resources';
export * from './kinds';
export * from './access';
