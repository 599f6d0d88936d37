export * from './declare';
export * from './node';
export * from './read';
export * from './write';
export * from './form';
export * from './representation';
export * from './date-format';
export * from './jettison';
