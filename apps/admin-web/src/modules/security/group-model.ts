import type { GroupRoles, UserRow } from './hooks/use-security';

/**
 * The User groups page's model: each group with its members and the roles it gives them, and
 * what deleting one takes from whom, from the lists the server gives (users with their groups,
 * groups with their roles).
 */

/** A row of the group list. */
export interface GroupRow extends GroupRoles {
  members: string[];
}

/** Each group with its members (the users that list it), sorted by name. */
export function groupRows(groups: readonly GroupRoles[], users: readonly UserRow[]): GroupRow[] {
  return groups.map((g) => ({
    ...g,
    members: users
      .filter((u) => u.groups.includes(g.name))
      .map((u) => u.userName)
      .sort(),
  }));
}

/** The roles `user` acts with, each once: its own, and those its groups give (`given`: group → roles), but `leaving`'s. */
export function actingRoles(user: UserRow, given: ReadonlyMap<string, readonly string[]>, leaving?: string): string[] {
  return [...new Set([...user.roles, ...user.groups.filter((g) => g !== leaving).flatMap((g) => given.get(g) ?? [])])];
}

/** What deleting a group does: its members leave it, and each loses the roles it had from this group only. */
export interface GroupDeletion {
  members: string[];
  /** Members that lose roles, with those roles; a member holding them otherwise loses none. */
  losses: Array<{ user: string; roles: string[] }>;
}

/**
 * The consequences of deleting `group`: a member keeps a role it holds itself or through another
 * group; it loses the others this group gave it. The rules naming those roles stay as they are.
 */
export function groupDeletion(group: string, groups: readonly GroupRoles[], users: readonly UserRow[]): GroupDeletion {
  const given = new Map(groups.map((g) => [g.name, g.roles]));
  const members = users.filter((u) => u.groups.includes(group));
  const losses = members.flatMap((u) => {
    const kept = new Set(actingRoles(u, given, group));
    const roles = (given.get(group) ?? []).filter((r) => !kept.has(r));
    return roles.length ? [{ user: u.userName, roles }] : [];
  });
  return { members: members.map((u) => u.userName).sort(), losses };
}
