import { describe, expect, it } from 'vitest';
import { clearSession, readSession, writeSession } from './session-store';

describe('session store', () => {
  it('keeps the session in sessionStorage until cleared', () => {
    writeSession({ userName: 'admin', authorization: 'Basic x' });
    expect(readSession()).toEqual({ userName: 'admin', authorization: 'Basic x' });
    clearSession();
    expect(readSession()).toBeNull();
  });

  it('treats junk in storage as signed out', () => {
    sessionStorage.setItem('geocatalog.session', '{not json');
    expect(readSession()).toBeNull();
    sessionStorage.setItem('geocatalog.session', '{"userName":1}');
    expect(readSession()).toBeNull();
  });
});
