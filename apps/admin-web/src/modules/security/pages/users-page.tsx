import { useMemo, useState, type FormEvent } from 'react';
import { createUser, deleteUser, setGroupMember, setUserRole, updateUser } from '../../../api';
import { Button, Card, CatalogList, ConfirmDialog, EmptyState, ModalDialog, PageHeader, Switch, TextField, useListState } from '../../../ui';
import { USER_LIST, USER_SPEC, userColumns } from '../components/user-columns';
import { useGroups, usePatchUserRow, useRoles, useSecurityWrite, useUsers } from '../hooks/use-security';
import { SecurityTabs } from '../components/security-tabs';
import './security-pages.css';

/** The users (contract §6): create, enable or disable, set a password, give roles and groups, delete. */
export function UsersPage() {
  const users = useUsers();
  const roles = useRoles();
  const groups = useGroups();
  const controls = useListState(USER_LIST);
  const patch = usePatchUserRow();
  const [passwordFor, setPasswordFor] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const enable = useSecurityWrite(
    (c, v: { user: string; enabled: boolean }) => updateUser(c, v.user, { enabled: v.enabled }),
    (v) => `User ${v.user} ${v.enabled ? 'enabled' : 'disabled'}.`,
  );
  const role = useSecurityWrite(
    (c, v: { user: string; role: string; held: boolean }) => setUserRole(c, v.role, v.user, v.held),
    (v) => (v.held ? `${v.user} now has the role ${v.role}.` : `${v.user} no longer has the role ${v.role}.`),
  );
  const group = useSecurityWrite(
    (c, v: { user: string; group: string; member: boolean }) => setGroupMember(c, v.user, v.group, v.member),
    (v) => (v.member ? `${v.user} joined the group ${v.group}.` : `${v.user} left the group ${v.group}.`),
  );
  const remove = useSecurityWrite(
    (c, user: string) => deleteUser(c, user),
    (user) => `User ${user} deleted.`,
  );

  const columns = useMemo(
    () =>
      userColumns({
        roles: roles.data ?? [],
        groups: (groups.data ?? []).map((g) => g.name),
        setEnabled: (user, enabled) => {
          patch(user, (row) => ({ ...row, enabled }));
          enable.mutate({ user, enabled });
        },
        setRole: (user, r, held) => {
          patch(user, (row) => ({ ...row, roles: held ? [...row.roles, r] : row.roles.filter((x) => x !== r) }));
          role.mutate({ user, role: r, held });
        },
        setGroup: (user, g, member) => {
          patch(user, (row) => ({ ...row, groups: member ? [...row.groups, g] : row.groups.filter((x) => x !== g) }));
          group.mutate({ user, group: g, member });
        },
        setPassword: setPasswordFor,
        remove: setDeleting,
      }),
    // The mutations' `mutate` are stable; the choices change with the lists.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [roles.data, groups.data],
  );

  return (
    <>
      <PageHeader
        title="Users"
        description="Who may sign in, and with which roles. Passwords are never shown; the last enabled administrator cannot be disabled or lose ADMIN."
      />
      <SecurityTabs />
      <div className="security-page">
        <Card title="All users" flush>
          <CatalogList
            caption="Users"
            noun="users"
            columns={columns}
            items={users.data}
            error={users.error}
            onRetry={() => void users.refetch()}
            spec={USER_SPEC}
            controls={controls}
            rowKey={(u) => u.userName}
            empty={<EmptyState title="No users">Create the first one below.</EmptyState>}
          />
        </Card>
        <Card title="Create user">
          <CreateUserForm />
        </Card>
      </div>
      <PasswordDialog user={passwordFor} onClose={() => setPasswordFor(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete user ${deleting ?? ''}?`}
        confirmLabel="Delete user"
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => remove.mutate(deleting ?? '', { onSuccess: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      >
        The user can no longer sign in; its roles and group memberships go with it.
      </ConfirmDialog>
    </>
  );
}

function CreateUserForm() {
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [enabled, setEnabled] = useState(true);
  const create = useSecurityWrite(
    (c, v: { userName: string; password: string; enabled: boolean }) => createUser(c, v.userName, v.password, v.enabled),
    (v) => `User ${v.userName} created.`,
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { userName: userName.trim(), password, enabled },
      {
        onSuccess: () => {
          setUserName('');
          setPassword('');
        },
      },
    );
  }

  return (
    <form className="security-form" onSubmit={submit}>
      <TextField label="User name" name="userName" autoComplete="off" required value={userName} onChange={(e) => setUserName(e.target.value)} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Switch label="Enabled" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
      {create.error && <p className="security-form__error">{create.error.message}</p>}
      <Button type="submit" variant="primary" busy={create.isPending} disabled={!userName.trim() || !password}>
        Create user
      </Button>
    </form>
  );
}

function PasswordDialog({ user, onClose }: { user: string | null; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const save = useSecurityWrite(
    (c, v: { user: string; password: string }) => updateUser(c, v.user, { password: v.password }),
    (v) => `Password of ${v.user} changed.`,
  );
  const close = () => {
    setPassword('');
    save.reset();
    onClose();
  };
  return (
    <ModalDialog
      open={user !== null}
      title={`Set the password of ${user ?? ''}`}
      busy={save.isPending}
      onCancel={close}
      actions={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button
            variant="primary"
            busy={save.isPending}
            disabled={!password}
            onClick={() => save.mutate({ user: user ?? '', password }, { onSuccess: close })}
          >
            Set password
          </Button>
        </>
      }
    >
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        error={save.error?.message}
        onChange={(e) => setPassword(e.target.value)}
      />
    </ModalDialog>
  );
}
