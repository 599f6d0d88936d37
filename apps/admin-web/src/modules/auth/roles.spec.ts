import { describe, expect, it } from 'vitest';
import { isAdmin, mayWrite } from './roles';

describe('what roles let the console offer', () => {
  it('lets ADMIN write and open the administrators’ pages', () => {
    expect(mayWrite(['ADMIN'])).toBe(true);
    expect(mayWrite(['READER', 'ADMIN'])).toBe(true);
    expect(isAdmin(['ADMIN'])).toBe(true);
  });

  it('lets READER, custom roles, no role and roles not known yet only read', () => {
    for (const roles of [['READER'], ['ROLE_EDITORS'], [], undefined, ['admin']]) {
      expect({ roles, write: mayWrite(roles) }).toEqual({ roles, write: false });
      expect({ roles, admin: isAdmin(roles) }).toEqual({ roles, admin: false });
    }
  });
});
