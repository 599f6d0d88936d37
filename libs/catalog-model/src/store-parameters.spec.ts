import { isPasswordKey, isSystemSchema, loginPasswordKey } from './store-parameters';

describe('store parameters', () => {
  it('names every key that holds a password, whatever its case', () => {
    for (const key of ['passwd', 'Passwd', 'PASSWD', 'password', 'Password', 'SSL password', 'keystore_passwd'])
      expect([key, isPasswordKey(key)]).toEqual([key, true]);
    for (const key of ['user', 'host', 'pass', 'passive', 'database']) expect([key, isPasswordKey(key)]).toEqual([key, false]);
  });

  it('logs in with passwd in any case, else password', () => {
    expect(loginPasswordKey({ user: 'u', PASSWD: 'a', password: 'b' })).toBe('PASSWD');
    expect(loginPasswordKey({ user: 'u', Password: 'b' })).toBe('Password');
    expect(loginPasswordKey({ user: 'u' })).toBeUndefined();
  });

  it("knows PostgreSQL's own schemas", () => {
    for (const s of ['pg_catalog', 'information_schema', 'pg_toast', 'pg_temp_3', 'pg_toast_temp_3']) expect([s, isSystemSchema(s)]).toEqual([s, true]);
    for (const s of ['public', 'gis', 'PG_CATALOG', 'catalog_pg', 'tiger']) expect([s, isSystemSchema(s)]).toEqual([s, false]);
  });
});
