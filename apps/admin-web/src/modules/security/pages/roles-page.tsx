import { useMemo, useState, type FormEvent } from 'react';
import { createRole, deleteRole } from '../../../api';
import { Button, Card, CatalogList, ConfirmDialog, EmptyState, PageHeader, TextField, useListState } from '../../../ui';
import { ROLE_LIST, ROLE_SPEC, roleColumns, type RoleRow } from '../components/role-columns';
import { useGroups, useRoles, useSecurityWrite, useUsers } from '../hooks/use-security';
import { SecurityTabs } from '../components/security-tabs';
import './security-pages.css';

/** The roles: the built-in ADMIN and READER, and custom ones to create and delete; who holds each. */
export function RolesPage() {
  const roles = useRoles();
  const users = useUsers();
  const groups = useGroups();
  const controls = useListState(ROLE_LIST);
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
  const columns = useMemo(() => roleColumns(setDeleting), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(name.trim().toUpperCase(), { onSuccess: () => setName('') });
  }

  const rows = roles.data?.map((role): RoleRow => ({
    name: role,
    users: (users.data ?? []).filter((u) => u.roles.includes(role)).map((u) => u.userName),
    groups: (groups.data ?? []).filter((g) => g.roles.includes(role)).map((g) => g.name),
  }));
  const losing = rows?.find((r) => r.name === deleting);

  return (
    <>
      <PageHeader
        title="Roles"
        description="ADMIN passes every rule and READER reads; custom roles get their rights from the security rules. Deleting a role takes it from every user and group."
      />
      <SecurityTabs />
      <div className="security-page">
        <Card title="All roles" flush>
          <CatalogList
            caption="Roles"
            noun="roles"
            columns={columns}
            items={rows}
            error={roles.error}
            onRetry={() => void roles.refetch()}
            spec={ROLE_SPEC}
            controls={controls}
            rowKey={(r) => r.name}
            empty={<EmptyState title="No roles">Create the first one below.</EmptyState>}
          />
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
        Every user and group that has it loses it: {losing ? [...losing.users, ...losing.groups].join(', ') || 'none has it' : ''}.
      </ConfirmDialog>
    </>
  );
}
