import { Badge, Button, byText, Switch, useClickedValue, type Column, type ListDefaults, type ListSpec } from '../../../ui';
import type { UserRow } from '../hooks/use-security';
import { Choices } from './choices';

export const USER_LIST: ListDefaults = { sort: 'name', sortKeys: ['name'] };

export const USER_SPEC: ListSpec<UserRow> = {
  text: (u) => [u.userName, ...u.roles, ...u.groups].join(' '),
  compare: { name: byText((u) => u.userName) },
};

/** What the rows' controls do; each names the user it acts on. */
export interface UserActions {
  roles: readonly string[];
  groups: readonly string[];
  setEnabled(user: string, enabled: boolean): void;
  setRole(user: string, role: string, held: boolean): void;
  setGroup(user: string, group: string, member: boolean): void;
  setPassword(user: string): void;
  remove(user: string): void;
}

/** The user list's columns: name, enabled switch, roles and groups as checkboxes, password and delete. */
export function userColumns(actions: UserActions): Column<UserRow>[] {
  return [
    { key: 'name', header: 'User', sortable: true, rowHeader: true, cell: (u) => <strong>{u.userName}</strong> },
    {
      key: 'enabled',
      header: 'Enabled',
      cell: (u) => <EnabledSwitch user={u} onChange={(enabled) => actions.setEnabled(u.userName, enabled)} />,
    },
    {
      key: 'roles',
      header: 'Roles',
      cell: (u) => (
        <Choices
          all={actions.roles}
          held={u.roles}
          label={(role) => `Role ${role} for ${u.userName}`}
          onChange={(role, on) => actions.setRole(u.userName, role, on)}
        />
      ),
    },
    {
      key: 'groups',
      header: 'Groups',
      secondary: true,
      cell: (u) => (
        <Choices
          all={actions.groups}
          held={u.groups}
          label={(group) => `Group ${group} for ${u.userName}`}
          onChange={(group, on) => actions.setGroup(u.userName, group, on)}
        />
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      end: true,
      cell: (u) => (
        <span className="security-actions">
          {!u.enabled && <Badge>Disabled</Badge>}
          <Button small variant="ghost" onClick={() => actions.setPassword(u.userName)} aria-label={`Set the password of ${u.userName}`}>
            Set password
          </Button>
          <Button small variant="ghost" onClick={() => actions.remove(u.userName)} aria-label={`Delete user ${u.userName}`}>
            Delete
          </Button>
        </span>
      ),
    },
  ];
}

/** A user's enabled switch: the flipped state shows at once, until the user's row is read again. */
function EnabledSwitch({ user, onChange }: { user: UserRow; onChange: (enabled: boolean) => void }) {
  const [enabled, setEnabled] = useClickedValue(user.enabled, user);
  return (
    <Switch
      label={`User ${user.userName} enabled`}
      labelHidden
      checked={enabled}
      onChange={(e) => {
        setEnabled(e.target.checked);
        onChange(e.target.checked);
      }}
    />
  );
}
