import { describe, expect, it } from 'vitest';
import { emptyStoreForm, fieldOfServerError, storeFormOf, storeInputOf, validateStoreForm } from './store-form-model';

const valid = { ...emptyStoreForm('acme'), name: 'sample', database: 'gis', passwd: 'pw' };

describe('validateStoreForm', () => {
  it('accepts a complete form', () => {
    expect(validateStoreForm(valid)).toEqual({});
  });

  it('asks for workspace, name, database, and checks the name with the catalog rule', () => {
    expect(validateStoreForm({ ...valid, workspace: '', name: '', database: ' ' })).toEqual({
      workspace: 'Choose the workspace the store belongs to.',
      name: 'Enter a name for the data store.',
      database: 'Enter the database name.',
    });
    expect(validateStoreForm({ ...valid, name: 'a b' }).name).toBe(
      "Invalid data store name 'a b': it must start with a letter or '_' and contain only letters, digits, '_', '-' and '.'",
    );
  });

  it.each(['0', '65536', '54x', '-1', '5.4'])('refuses the port %s', (port) => {
    expect(validateStoreForm({ ...valid, port }).port).toBe('The port is a whole number from 1 to 65535.');
  });

  it('does not need a name or workspace to test a connection', () => {
    expect(validateStoreForm({ ...valid, name: '', workspace: '' }, 'test')).toEqual({});
  });
});

describe('storeInputOf', () => {
  it('keeps the stored password when none is typed on edit', () => {
    expect(storeInputOf({ ...valid, passwd: '' }, 'crypt2:abc').parameters.passwd).toBe('crypt2:abc');
    expect(storeInputOf({ ...valid, passwd: 'new' }, 'crypt2:abc').parameters.passwd).toBe('new');
  });

  it('reads an existing store into the form without its password', () => {
    const values = storeFormOf({
      workspace: 'acme',
      name: 'sample',
      description: 'd',
      type: 'PostGIS',
      enabled: true,
      connectionParameters: { host: 'db', port: '5433', database: 'gis', user: 'u', passwd: 'crypt2:x', dbtype: 'postgis' },
    });
    expect(values).toEqual({
      workspace: 'acme',
      name: 'sample',
      description: 'd',
      host: 'db',
      port: '5433',
      database: 'gis',
      schema: '',
      user: 'u',
      passwd: '',
    });
  });
});

describe('fieldOfServerError', () => {
  it('puts a taken name and a bad port at their fields', () => {
    expect(fieldOfServerError(409, "Store 'x' already exists in workspace 'acme'")).toBe('name');
    expect(fieldOfServerError(400, "Invalid port 'abc'")).toBe('port');
    expect(fieldOfServerError(502, 'connection refused')).toBeNull();
  });
});
