import { useState, type FormEvent } from 'react';
import { deleteRule, writeRule, type RuleMap } from '../../../api';
import { Alert, Button, Card, Table, TextField } from '../../../ui';
import { useSecurityWrite } from '../hooks/use-security';
import { RuleActions } from './rule-actions';

/** The service rules (`/rest/security/acl/services`: `wms.GetMap`, `features.*`, `tiles.*` → roles), added, changed and deleted. */
export function ServiceRules({ rules }: { rules: RuleMap }) {
  const [key, setKey] = useState('');
  const [roles, setRoles] = useState('');
  const save = useSecurityWrite(
    (c, v: { key: string; roles: string; how: 'create' | 'update' }) => writeRule(c, 'services', v.key, v.roles, v.how),
    (v) => `Service rule ${v.key} saved.`,
  );
  const remove = useSecurityWrite(
    (c, k: string) => deleteRule(c, 'services', k),
    (k) => `Service rule ${k} deleted.`,
  );
  const entries = Object.entries(rules).sort(([a], [b]) => a.localeCompare(b));

  function submit(event: FormEvent) {
    event.preventDefault();
    const k = key.trim();
    save.mutate(
      { key: k, roles: roles.trim(), how: k in rules ? 'update' : 'create' },
      {
        onSuccess: () => {
          setKey('');
          setRoles('');
        },
      },
    );
  }

  return (
    <Card title="Service rules" flush>
      {entries.length === 0 ? (
        <p className="security-note">No service rule: every caller the data rules let in may use every service.</p>
      ) : (
        <Table caption="Service rules">
          <thead>
            <tr>
              <th scope="col">Service.method</th>
              <th scope="col">Roles</th>
              <th scope="col" className="security-end">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map(([k, value]) => (
              <tr key={k}>
                <th scope="row">
                  <code>{k}</code>
                </th>
                <td>{value}</td>
                <td className="security-end">
                  <RuleActions
                    what={`service rule ${k}`}
                    onEdit={() => {
                      setKey(k);
                      setRoles(value);
                    }}
                    onDelete={() => remove.mutate(k)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <form className="security-form security-form--row security-card-form" onSubmit={submit} aria-label="Add or change a service rule">
        <TextField label="Service.method" name="serviceKey" hint="wms.GetMap, features.*, tiles.*" value={key} onChange={(e) => setKey(e.target.value)} />
        <TextField label="Roles" name="serviceRoles" hint="comma separated; * everybody" value={roles} onChange={(e) => setRoles(e.target.value)} />
        <Button type="submit" variant="primary" busy={save.isPending} disabled={!key.trim() || !roles.trim()}>
          Save service rule
        </Button>
      </form>
      {save.error && (
        <div className="security-card-form">
          <Alert tone="error">{save.error.message}</Alert>
        </div>
      )}
    </Card>
  );
}
