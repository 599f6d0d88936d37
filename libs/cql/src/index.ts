export { compileCql } from './compile';
export { CqlError } from './cql-error';
export type * from './cql-node';
export type { CqlColumnType, CqlScope } from './cql-scope';
export { CQL_LANGUAGES, parseCql, type CqlLanguage } from './parse';
export { toCql2Json } from './cql2-json';
