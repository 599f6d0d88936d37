import { describe, expect, it } from 'vitest';
import { workspaceNameProblem } from './workspace-name';

describe('workspaceNameProblem', () => {
  it.each(['acme', '_private', 'été_地图', 'a.b-c_1'])('accepts %s', (name) => {
    expect(workspaceNameProblem(name)).toBeNull();
  });

  it('asks for a name when empty', () => {
    expect(workspaceNameProblem('')).toBe('Enter a name for the workspace.');
  });

  // The api's answers to POST /rest/workspaces with these names (e2e/rest/errors.e2e-spec.ts sends them).
  it.each([
    ['1abc', "Invalid workspace name '1abc': it must start with a letter or '_' and contain only letters, digits, '_', '-' and '.'"],
    ['a..b', "Invalid workspace name 'a..b': it must not contain '..'"],
    ['ｆｕｌｌ', "Invalid workspace name 'ｆｕｌｌ': it contains compatibility characters (full-width forms, ligatures, superscripts); write 'full' instead"],
    ['default', "Invalid workspace name 'default': it is a reserved word"],
  ])('refuses %j in the api’s words', (name, message) => {
    expect(workspaceNameProblem(name)).toBe(message);
  });
});
