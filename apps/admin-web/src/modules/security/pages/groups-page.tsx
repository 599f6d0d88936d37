import { useMemo, useState, type FormEvent } from 'react';
import { createGroup, deleteGroup, setGroupMember, setGroupRole } from '../../../api';
import { Button, Card, CatalogList, ConfirmDialog, EmptyState, PageHeader, TextField, useListState } from '../../../ui';
import { GROUP_LIST, GROUP_SPEC, groupColumns } from '../components/group-columns';
import { SecurityTabs } from '../components/security-tabs';
import { groupDeletion, groupRows } from '../group-model';
import { useGroups, usePatchGroupRow, usePatchUserRow, useRoles, useSecurityWrite, useUsers } from '../hooks/use-security';
import './security-pages.css';

/** The role a group may not give: the server gives ADMIN to users only (409). */
const USERS_ONLY = 'ADMIN';

/** The user groups (contract §12): create, delete, put users in and out, give and take roles. */
export function GroupsPage() {
  const groups = useGroups();
  const users = useUsers();
  const roles = useRoles();
  const controls = useListState(GROUP_LIST);
  const patchUser = usePatchUserRow();
  const patchGroup = usePatchGroupRow();
  const [deleting, setDeleting] = useState<string | null>(null);

  const member = useSecurityWrite(
    (c, v: { group: string; user: string; member: boolean }) => setGroupMember(c, v.user, v.group, v.member),
    (v) => (v.member ? `${v.user} joined the group ${v.group}.` : `${v.user} left the group ${v.group}.`),
  );
  const role = useSecurityWrite(
    (c, v: { group: string; role: string; held: boolean }) => setGroupRole(c, v.role, v.group, v.held),
    (v) => (v.held ? `The group ${v.group} now gives the role ${v.role}.` : `The group ${v.group} no longer gives the role ${v.role}.`),
  );
  const remove = useSecurityWrite(
    (c, group: string) => deleteGroup(c, group),
    (group) => `Group ${group} deleted.`,
  );

  const columns = useMemo(
    () =>
      groupColumns({
        users: (users.data ?? []).map((u) => u.userName),
        roles: (roles.data ?? []).filter((r) => r !== USERS_ONLY),
        setMember: (group, user, on) => {
          patchUser(user, (row) => ({ ...row, groups: on ? [...row.groups, group] : row.groups.filter((g) => g !== group) }));
          member.mutate({ group, user, member: on });
        },
        setRole: (group, r, held) => {
          patchGroup(group, (row) => ({ ...row, roles: held ? [...row.roles, r] : row.roles.filter((x) => x !== r) }));
          role.mutate({ group, role: r, held });
        },
        remove: setDeleting,
      }),
    // The mutations' `mutate` are stable; the choices change with the lists.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [users.data, roles.data],
  );
  const rows = groups.data && users.data ? groupRows(groups.data, users.data) : undefined;

  return (
    <>
      <PageHeader
        title="User groups"
        description="A group gives its roles to every member: a member acts with its own roles and its groups'. ADMIN is given to users only."
      />
      <SecurityTabs />
      <div className="security-page">
        <Card title="All groups" flush>
          <CatalogList
            caption="User groups"
            noun="groups"
            columns={columns}
            items={rows}
            error={groups.error ?? users.error}
            onRetry={() => void Promise.all([groups.refetch(), users.refetch()])}
            spec={GROUP_SPEC}
            controls={controls}
            rowKey={(g) => g.name}
            empty={<EmptyState title="No user groups">Create the first one below.</EmptyState>}
          />
        </Card>
        <Card title="Create group">
          <CreateGroupForm />
        </Card>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete group ${deleting ?? ''}?`}
        confirmLabel="Delete group"
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => remove.mutate(deleting ?? '', { onSuccess: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      >
        {deleting && <DeletionConsequences group={deleting} />}
      </ConfirmDialog>
    </>
  );
}

/** What deleting `group` does, member by member (group-model.ts). */
function DeletionConsequences({ group }: { group: string }) {
  const groups = useGroups();
  const users = useUsers();
  const { members, losses } = groupDeletion(group, groups.data ?? [], users.data ?? []);
  if (members.length === 0) return <p>It has no members: nobody loses a role.</p>;
  return (
    <>
      <p>Its members leave it: {members.join(', ')}. They keep their own roles and their other groups'.</p>
      {losses.length === 0 ? (
        <p>No member loses a role: each holds the group's roles otherwise.</p>
      ) : (
        <ul>
          {losses.map((loss) => (
            <li key={loss.user}>
              {loss.user} loses {loss.roles.join(', ')}
            </li>
          ))}
        </ul>
      )}
      <p>The rules naming these roles stay as they are.</p>
    </>
  );
}

function CreateGroupForm() {
  const [name, setName] = useState('');
  const create = useSecurityWrite(
    (c, group: string) => createGroup(c, group),
    (group) => `Group ${group} created.`,
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(name.trim(), { onSuccess: () => setName('') });
  }

  return (
    <form className="security-form" onSubmit={submit}>
      <TextField label="Group name" name="group" autoComplete="off" value={name} error={create.error?.message} onChange={(e) => setName(e.target.value)} />
      <Button type="submit" variant="primary" busy={create.isPending} disabled={!name.trim()}>
        Create group
      </Button>
    </form>
  );
}
