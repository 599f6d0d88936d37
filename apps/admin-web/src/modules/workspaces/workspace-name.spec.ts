import { nameProblem } from '@geocatalog/catalog-model';
import { describe, expect, it } from 'vitest';
import { workspaceNameProblem } from './workspace-name';

describe('workspaceNameProblem', () => {
  it.each(['acme', '_private', 'été_地图', 'a.b-c_1'])('accepts %s', (name) => {
    expect(workspaceNameProblem(name)).toBeNull();
  });

  it('asks for a name when empty', () => {
    expect(workspaceNameProblem('')).toBe('Enter a name for the workspace.');
  });

  it.each(['1abc', 'a b', 'a/b', 'a:b', 'a..b', '🙂'])("explains %j with catalog-model's rule", (name) => {
    expect(workspaceNameProblem(name)).toBe(`Not a valid workspace name: ${nameProblem(name)}.`);
  });

  it('refuses the reserved name default', () => {
    expect(workspaceNameProblem('default')).toMatch(/reserved/);
  });
});
