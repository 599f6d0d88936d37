import { DataStore as DataStoreDeclaration, formProblem } from '@geocatalog/catalog-model';
import type { DataStore, DataStoreInput } from '../../api';

/** What the PostGIS store form holds, as typed. */
export interface StoreFormValues {
  workspace: string;
  name: string;
  description: string;
  host: string;
  port: string;
  database: string;
  schema: string;
  user: string;
  /** Typed password; on edit, empty keeps the stored one. */
  passwd: string;
}

export type StoreField = keyof StoreFormValues;

/** Problems per field, as sentences for the form. */
export type StoreFormErrors = Partial<Record<StoreField, string>>;

/** Fields in form order, for focusing the first invalid one. */
export const STORE_FIELDS: StoreField[] = ['workspace', 'name', 'description', 'host', 'port', 'database', 'schema', 'user', 'passwd'];

/** A new store's starting values: PostgreSQL's usual port and schema. */
export function emptyStoreForm(workspace = ''): StoreFormValues {
  return { workspace, name: '', description: '', host: 'localhost', port: '5432', database: '', schema: 'public', user: 'postgres', passwd: '' };
}

/** The form's values for an existing store; the password stays empty (the server never shows it). */
export function storeFormOf(store: DataStore): StoreFormValues {
  const p = store.connectionParameters;
  return {
    workspace: store.workspace,
    name: store.name,
    description: store.description ?? '',
    host: p.host ?? '',
    port: p.port ?? '',
    database: p.database ?? '',
    schema: p.schema ?? '',
    user: p.user ?? '',
    passwd: '',
  };
}

/**
 * Checks the form before anything is sent. The name rule is catalog-model's, the one the api
 * applies; the port must be a whole number from 1 to 65535.
 */
export function validateStoreForm(values: StoreFormValues, purpose: 'save' | 'test' = 'save'): StoreFormErrors {
  const errors: StoreFormErrors = {};
  if (purpose === 'save') {
    if (!values.workspace) errors.workspace = 'Choose the workspace the store belongs to.';
    if (!values.name) errors.name = 'Enter a name for the data store.';
    else {
      const problem = formProblem(DataStoreDeclaration, { name: values.name });
      if (problem) errors.name = problem;
    }
  }
  if (!values.host.trim()) errors.host = 'Enter the database host.';
  else if (/\s/.test(values.host.trim())) errors.host = 'A host name has no spaces.';
  const port = values.port.trim();
  if (!port) errors.port = 'Enter the port (PostgreSQL usually listens on 5432).';
  else if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535) errors.port = 'The port is a whole number from 1 to 65535.';
  if (!values.database.trim()) errors.database = 'Enter the database name.';
  if (!values.user) errors.user = 'Enter the user to connect as.';
  return errors;
}

/**
 * The store body from the form. On edit an empty password sends back the stored `crypt2:` value,
 * which the server reads as "keep the password".
 */
export function storeInputOf(values: StoreFormValues, storedPassword?: string): DataStoreInput {
  return {
    name: values.name,
    description: values.description,
    parameters: {
      host: values.host,
      port: values.port,
      database: values.database,
      schema: values.schema,
      user: values.user,
      passwd: values.passwd || storedPassword || '',
    },
  };
}

/**
 * Which field a server refusal is about, so the message shows there: 409 (taken) and a message
 * about the name → `name`; a message about the port, host or database → that field.
 */
export function fieldOfServerError(status: number, message: string): StoreField | null {
  const text = message.toLowerCase();
  if (status === 409) return 'name';
  if (status === 400) {
    if (/\bport\b/.test(text)) return 'port';
    if (/\bname\b/.test(text) && !/database|host/.test(text)) return 'name';
  }
  return null;
}
