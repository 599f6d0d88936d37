import { useState, type FormEvent } from 'react';
import { createRole, deleteRole } from '../../../api';
import { Alert, Badge, Button, Card, ConfirmDialog, PageHeader, Skeleton, Table, TextField } from '../../../ui';
import { useGroups, useRoles, useSecurityWrite, useUsers } from '../hooks/use-security';
import { SecurityTabs } from '../components/security-tabs';
import './security-pages.css';

/** Roles that come with the catalog and cannot be deleted. */
const BUILT_IN = new Set(['ADMIN', 'READER']);

/** The roles: the built-in ADMIN and READER, and custom ones to create and delete; who holds each. */
export function RolesPage() {
  const roles = useRoles();
  const users = useUsers();
  const groups = useGroups();
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<string | null>(null);
  const create = useSecurityWrite(
    (c, role: string) => createRole(c, role),
    (role) => `Role ${role} created.`,
  );
  const remove = useSecurityWrite(
    (c, role: string) => deleteRole(c, role),
    (role) => `Role ${role} deleted.`,
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(name.trim().toUpperCase(), { onSuccess: () => setName('') });
  }

  const holders = (role: string) => (users.data ?? []).filter((u) => u.roles.includes(role)).map((u) => u.userName);
  const givers = (role: string) => (groups.data ?? []).filter((g) => g.roles.includes(role)).map((g) => g.name);

  return (
    <>
      <PageHeader
        title="Roles"
        description="ADMIN passes every rule and READER reads; custom roles get their rights from the security rules. Deleting a role takes it from every user and group."
      />
      <SecurityTabs />
      <div className="security-page">
        <Card title="All roles" flush>
          {roles.error && (
            <Alert tone="error" title="Could not load the roles">
              {roles.error.message}
            </Alert>
          )}
          {!roles.data && !roles.error && <Skeleton />}
          {roles.data && (
            <Table caption="Roles">
              <thead>
                <tr>
                  <th scope="col">Role</th>
                  <th scope="col">Users</th>
                  <th scope="col">Groups</th>
                  <th scope="col" className="security-end">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {roles.data.map((role) => (
                  <tr key={role}>
                    <th scope="row">
                      <strong>{role}</strong> {BUILT_IN.has(role) && <Badge tone="info">built in</Badge>}
                    </th>
                    <td>{holders(role).join(', ') || <span className="table__muted">nobody</span>}</td>
                    <td>{givers(role).join(', ') || <span className="table__muted">none</span>}</td>
                    <td className="security-end">
                      {!BUILT_IN.has(role) && (
                        <Button small variant="ghost" onClick={() => setDeleting(role)} aria-label={`Delete role ${role}`}>
                          Delete
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Card>
        <Card title="Create role">
          <form className="security-form" onSubmit={submit}>
            <TextField
              label="Role name"
              name="role"
              autoComplete="off"
              hint="Upper case: letters, digits and _ (e.g. EDITOR)."
              value={name}
              error={create.error?.message}
              onChange={(e) => setName(e.target.value)}
            />
            <Button type="submit" variant="primary" busy={create.isPending} disabled={!name.trim()}>
              Create role
            </Button>
          </form>
        </Card>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete role ${deleting ?? ''}?`}
        confirmLabel="Delete role"
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => remove.mutate(deleting ?? '', { onSuccess: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      >
        Every user and group that has it loses it: {deleting ? [...holders(deleting), ...givers(deleting)].join(', ') || 'none has it' : ''}.
      </ConfirmDialog>
    </>
  );
}
