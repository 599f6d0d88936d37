import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { CatalogMode } from '@geocatalog/catalog-model';
import { listLayers, listWorkspaces, queryKeys, type RuleMap } from '../../../api';
import { Alert, Card, SelectField, Skeleton, Table } from '../../../ui';
import { useRestClient } from '../../auth';
import type { UserRow } from '../hooks/use-security';
import { actingRoles } from '../group-model';
import { decisionOfLists, whatUserCalls, whatUserSees, type ServiceRow } from '../security-model';

/** Yes or no, in words and in colour. */
function Grant({ yes }: { yes: boolean }) {
  return <span className={yes ? 'security-grant--yes' : 'security-grant--no'}>{yes ? 'yes' : 'no'}</span>;
}

/**
 * "What can this user see?": for a chosen user, every workspace and layer with whether it may
 * read, write and administer it, and every service operation with whether it may call it.
 * Decided in the browser by the api's own decision code (`decisionOf`, shared through
 * `@geocatalog/catalog-model`) from the data rules, the service rules, the catalog mode, and the
 * user's roles with its groups' (`groupRoles`).
 */
export function UserSight({
  users,
  groupRoles,
  rules,
  services,
  mode,
}: {
  users: readonly UserRow[];
  groupRoles: ReadonlyMap<string, readonly string[]>;
  rules: RuleMap;
  services: RuleMap;
  mode: CatalogMode;
}) {
  const client = useRestClient();
  const [chosen, setChosen] = useState('');
  const workspaces = useQuery({ queryKey: queryKeys.workspaces(), queryFn: ({ signal }) => listWorkspaces(client, signal) });
  const layers = useQuery({ queryKey: queryKeys.layerList(), queryFn: ({ signal }) => listLayers(client, signal) });
  const user = users.find((u) => u.userName === chosen);
  const roles = user ? actingRoles(user, groupRoles) : [];
  const error = workspaces.error ?? layers.error;
  const decision = useMemo(() => decisionOfLists(rules, services, mode), [rules, services, mode]);

  return (
    <Card title="What can this user see?" flush>
      <div className="security-card-form security-sight-user">
        <SelectField label="User" name="sightUser" value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">Choose a user…</option>
          {users.map((u) => (
            <option key={u.userName} value={u.userName}>
              {u.userName}
            </option>
          ))}
        </SelectField>
      </div>
      {error && <Alert tone="error">{error.message}</Alert>}
      {user && (!workspaces.data || !layers.data) && !error && <Skeleton />}
      {user && workspaces.data && layers.data && (
        <>
          <p className="security-note" role="status">
            {user.userName} acts with {roles.length ? roles.join(', ') : 'no role'}
            {!user.enabled && ' (disabled: it cannot sign in at all)'}
            {roles.includes('ADMIN') && ': ADMIN passes every rule'}.
          </p>
          <h3 className="security-subheading">Workspaces and layers</h3>
          <Table caption={`What ${user.userName} can see`}>
            <thead>
              <tr>
                <th scope="col">Workspace / layer</th>
                <th scope="col">Read</th>
                <th scope="col">Write data</th>
                <th scope="col">Administer</th>
              </tr>
            </thead>
            <tbody>
              {whatUserSees(
                decision,
                roles,
                workspaces.data.map((w) => w.name),
                layers.data,
              ).map((row) => (
                <tr key={`${row.workspace}:${row.layer ?? ''}`}>
                  <th scope="row">
                    {row.layer === null ? <strong>{row.workspace}</strong> : <span className="security-indent">{`${row.workspace}:${row.layer}`}</span>}
                  </th>
                  <td>
                    <Grant yes={row.read} />
                  </td>
                  <td>
                    <Grant yes={row.write} />
                  </td>
                  <td>
                    <Grant yes={row.administer} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <ServiceSight user={user.userName} rows={whatUserCalls(decision, roles)} />
        </>
      )}
    </Card>
  );
}

/** The operations a user may call per service (the service rules), and those it may not. */
function ServiceSight({ user, rows }: { user: string; rows: readonly ServiceRow[] }) {
  const list = (operations: readonly string[]) => (operations.length ? operations.join(', ') : <span className="table__muted">none</span>);
  return (
    <>
      <h3 className="security-subheading">Services (the service rules)</h3>
      <Table caption={`Which services ${user} may call`}>
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col">May call</th>
            <th scope="col">May not call</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.service}>
              <th scope="row">{row.service}</th>
              <td>{list(row.allowed)}</td>
              <td className={row.refused.length ? 'security-refused' : undefined}>{list(row.refused)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
