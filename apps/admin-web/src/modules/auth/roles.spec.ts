import { describe, expect, it } from 'vitest';
import { isAdmin, mayWrite, mayWriteSomewhere } from './roles';

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

describe('what a workspace administrator may change', () => {
  it('writes inside the workspaces it administers, and nowhere else', () => {
    expect(mayWrite(['EDITOR'], 'topp', ['topp'])).toBe(true);
    expect(mayWrite(['EDITOR'], 'sf', ['topp'])).toBe(false);
    expect(mayWrite(['EDITOR'], null, ['topp'])).toBe(false);
    expect(mayWrite(['EDITOR'], undefined, ['topp'])).toBe(false);
    expect(mayWrite(['ADMIN'], 'sf', [])).toBe(true);
  });

  it('may write somewhere when it administers one workspace or is ADMIN', () => {
    expect(mayWriteSomewhere(['EDITOR'], ['topp'])).toBe(true);
    expect(mayWriteSomewhere(['READER'], [])).toBe(false);
    expect(mayWriteSomewhere(['READER'], undefined)).toBe(false);
    expect(mayWriteSomewhere(['ADMIN'], [])).toBe(true);
  });
});
