import { describe, expect, it } from 'vitest';
import { parseRuleMap, parseSelf, parseUserList, stringsOf } from './security';

describe('the security endpoints’ JSON', () => {
  it('reads users, never inventing a password, an empty list as none', () => {
    expect(
      parseUserList({
        users: [
          { userName: 'ed', enabled: true },
          { userName: 'bo', enabled: false },
        ],
      }),
    ).toEqual([
      { userName: 'ed', enabled: true },
      { userName: 'bo', enabled: false },
    ]);
    expect(parseUserList({ users: '' })).toEqual([]);
    expect(() => parseUserList({ users: [{ enabled: true }] })).toThrow('without a name');
  });

  it('reads lists bare, wrapped, alone or empty', () => {
    expect(stringsOf(['A', 'B'])).toEqual(['A', 'B']);
    expect(stringsOf({ role: ['A'] }, 'role')).toEqual(['A']);
    expect(stringsOf({ role: 'A' }, 'role')).toEqual(['A']);
    expect(stringsOf('')).toEqual([]);
    expect(() => stringsOf({ other: 1 })).toThrow('malformed list');
  });

  it('reads the rule map and who the caller is', () => {
    expect(parseRuleMap({ 'topp.*.r': 'A,B', bad: 1 })).toEqual({ 'topp.*.r': 'A,B' });
    expect(parseSelf({ self: { userName: 'ed', roles: { role: ['EDITOR'] }, administers: { workspace: ['topp'] } } })).toEqual({
      userName: 'ed',
      roles: ['EDITOR'],
      administers: ['topp'],
    });
    expect(parseSelf({ self: { userName: 'r', roles: { role: ['READER'] }, administers: '' } }).administers).toEqual([]);
    expect(() => parseSelf({})).toThrow('who you are');
  });
});
