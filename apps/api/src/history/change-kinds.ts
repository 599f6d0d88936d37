import { RECORD_KINDS, KIND_NAMES, type KindName } from '@geocatalog/catalog-model';

/** Kinds of catalog record the history names (contract §7): the registry's kinds whose table exists. */
export const CHANGE_KINDS: readonly ChangeKind[] = KIND_NAMES;
export type ChangeKind = KindName;

/** What a change did to its record. */
export type ChangeOperation = 'create' | 'update' | 'delete';

/** The table holding each kind's rows (a namespace is its workspace's row), from the registry. */
export const KIND_TABLES = Object.fromEntries(KIND_NAMES.map((kind) => [kind, RECORD_KINDS[kind].table])) as Record<ChangeKind, string>;

/** A record's row as the history keeps it: column names as in the database, as JSON. */
export type RawRow = Record<string, unknown> & { id: number };
