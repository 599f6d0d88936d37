import { describe, expect, it } from 'vitest';
import { actingRoles, groupDeletion, groupRows } from './group-model';

const user = (userName: string, roles: string[], groups: string[]) => ({ userName, enabled: true, roles, groups });
const USERS = [user('ed', [], ['editors']), user('bo', ['EDITOR'], ['editors', 'mappers']), user('al', [], ['mappers']), user('cy', [], [])];
const GROUPS = [
  { name: 'editors', roles: ['EDITOR', 'MAPPER'] },
  { name: 'mappers', roles: ['MAPPER'] },
  { name: 'empty', roles: ['EDITOR'] },
];

describe('user groups', () => {
  it('lists each group with its members, from the users’ groups', () => {
    expect(groupRows(GROUPS, USERS).map((g) => [g.name, g.members, g.roles])).toEqual([
      ['editors', ['bo', 'ed'], ['EDITOR', 'MAPPER']],
      ['mappers', ['al', 'bo'], ['MAPPER']],
      ['empty', [], ['EDITOR']],
    ]);
  });

  it('gives a member its own roles and its groups’, each once', () => {
    const given = new Map(GROUPS.map((g) => [g.name, g.roles]));
    expect(actingRoles(USERS[1], given)).toEqual(['EDITOR', 'MAPPER']);
    expect(actingRoles(USERS[0], given, 'editors')).toEqual([]);
    expect(actingRoles(USERS[3], given)).toEqual([]);
  });

  it('says which member loses which role when a group goes: not a role it holds itself or through another group', () => {
    expect(groupDeletion('editors', GROUPS, USERS)).toEqual({ members: ['bo', 'ed'], losses: [{ user: 'ed', roles: ['EDITOR', 'MAPPER'] }] });
    expect(groupDeletion('mappers', GROUPS, USERS)).toEqual({ members: ['al', 'bo'], losses: [{ user: 'al', roles: ['MAPPER'] }] });
    expect(groupDeletion('empty', GROUPS, USERS)).toEqual({ members: [], losses: [] });
  });
});
