import { Button, byText, type Column, type ListDefaults, type ListSpec } from '../../../ui';
import type { GroupRow } from '../group-model';
import { Choices } from './choices';

export const GROUP_LIST: ListDefaults = { sort: 'name', sortKeys: ['name'] };

export const GROUP_SPEC: ListSpec<GroupRow> = {
  text: (g) => [g.name, ...g.members, ...g.roles].join(' '),
  compare: { name: byText((g) => g.name) },
};

/** What the rows' controls do; each names the group it acts on. */
export interface GroupActions {
  users: readonly string[];
  /** The roles a group may give (not ADMIN, which the server gives to users only). */
  roles: readonly string[];
  setMember(group: string, user: string, member: boolean): void;
  setRole(group: string, role: string, held: boolean): void;
  remove(group: string): void;
}

/** The group list's columns: name, members and roles as checkboxes, delete. */
export function groupColumns(actions: GroupActions): Column<GroupRow>[] {
  return [
    { key: 'name', header: 'Group', sortable: true, rowHeader: true, cell: (g) => <strong>{g.name}</strong> },
    {
      key: 'members',
      header: 'Members',
      cell: (g) => (
        <Choices
          all={actions.users}
          held={g.members}
          label={(user) => `User ${user} in group ${g.name}`}
          onChange={(user, on) => actions.setMember(g.name, user, on)}
        />
      ),
    },
    {
      key: 'roles',
      header: 'Roles it gives',
      cell: (g) => (
        <Choices
          all={actions.roles}
          held={g.roles}
          label={(role) => `Role ${role} for group ${g.name}`}
          onChange={(role, on) => actions.setRole(g.name, role, on)}
        />
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      end: true,
      cell: (g) => (
        <Button small variant="ghost" onClick={() => actions.remove(g.name)} aria-label={`Delete group ${g.name}`}>
          Delete
        </Button>
      ),
    },
  ];
}
