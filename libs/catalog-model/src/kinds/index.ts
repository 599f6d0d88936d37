export * from './record-kinds';
export * from './record-paths';
