import { Badge, Button, byText, type Column, type ListDefaults, type ListSpec } from '../../../ui';

/** Roles that come with the catalog and cannot be deleted. */
export const BUILT_IN_ROLES: ReadonlySet<string> = new Set(['ADMIN', 'READER']);

/** A role with who holds it: users directly, groups for their members. */
export interface RoleRow {
  name: string;
  users: string[];
  groups: string[];
}

export const ROLE_LIST: ListDefaults = { sort: 'name', sortKeys: ['name'] };

export const ROLE_SPEC: ListSpec<RoleRow> = {
  text: (r) => [r.name, ...r.users, ...r.groups].join(' '),
  compare: { name: byText((r) => r.name) },
};

const names = (list: readonly string[], none: string) => list.join(', ') || <span className="table__muted">{none}</span>;

/** The role list's columns: name (built in or not), its users and groups, and Delete for a custom role. */
export function roleColumns(remove: (role: string) => void): Column<RoleRow>[] {
  return [
    {
      key: 'name',
      header: 'Role',
      sortable: true,
      rowHeader: true,
      cell: (r) => (
        <>
          <strong>{r.name}</strong> {BUILT_IN_ROLES.has(r.name) && <Badge tone="info">built in</Badge>}
        </>
      ),
    },
    { key: 'users', header: 'Users', cell: (r) => names(r.users, 'nobody') },
    { key: 'groups', header: 'Groups', secondary: true, cell: (r) => names(r.groups, 'none') },
    {
      key: 'actions',
      header: 'Actions',
      end: true,
      cell: (r) =>
        !BUILT_IN_ROLES.has(r.name) && (
          <Button small variant="ghost" onClick={() => remove(r.name)} aria-label={`Delete role ${r.name}`}>
            Delete
          </Button>
        ),
    },
  ];
}
