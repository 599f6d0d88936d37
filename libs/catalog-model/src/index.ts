export * from './errors';
export * from './names';
export * from './model';
