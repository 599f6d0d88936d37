import { isPasswordKey, loginPasswordKey } from './store-parameters';

describe('store parameters', () => {
  it('names every key that holds a password, whatever its case', () => {
    for (const key of ['passwd', 'Passwd', 'PASSWD', 'password', 'Password', 'SSL password', 'keystore_passwd']) expect([key, isPasswordKey(key)]).toEqual([key, true]);
    for (const key of ['user', 'host', 'pass', 'passive', 'database']) expect([key, isPasswordKey(key)]).toEqual([key, false]);
  });

  it('logs in with passwd in any case, else password', () => {
    expect(loginPasswordKey({ user: 'u', PASSWD: 'a', password: 'b' })).toBe('PASSWD');
    expect(loginPasswordKey({ user: 'u', Password: 'b' })).toBe('Password');
    expect(loginPasswordKey({ user: 'u' })).toBeUndefined();
  });
});
