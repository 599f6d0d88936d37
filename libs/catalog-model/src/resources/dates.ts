import type { WireOptions } from '../wire/declare';

/** `dateCreated`: written as GeoServer does, never read from a body, set by the database. */
export const DATE_CREATED: WireOptions = { kind: 'date', column: { name: 'date_created', type: 'timestamptz', default: 'now()' } };

/** `dateModified`: written as GeoServer does, never read from a body; null until the first change. */
export const DATE_MODIFIED: WireOptions = { kind: 'date', column: { name: 'date_modified', type: 'timestamptz', nullable: true } };
