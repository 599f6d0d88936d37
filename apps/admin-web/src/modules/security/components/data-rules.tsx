import { useState, type FormEvent } from 'react';
import type { AccessMode } from '@geocatalog/catalog-model';
import { deleteRule, writeRule, type RuleMap } from '../../../api';
import { Alert, Button, Card, SelectField, Table, TextField } from '../../../ui';
import { useSecurityWrite } from '../hooks/use-security';
import { RuleActions } from './rule-actions';
import { ACCESS_MODE_LABELS, ACCESS_MODES, ruleKey, ruleProblem, ruleRows, type RuleRow } from '../security-model';

interface Draft {
  workspace: string;
  layer: string;
  mode: AccessMode;
  roles: string;
}

const EMPTY: Draft = { workspace: '', layer: '', mode: 'r', roles: '' };

/** What a row's target is, in words. */
function targetLabel(row: RuleRow): string {
  if (row.workspace === '*') return 'Every workspace (root rule)';
  if (row.workspace === null) return `Global layer group ${row.layer}`;
  return row.layer === '*' ? `Workspace ${row.workspace}` : `Layer ${row.workspace}:${row.layer}`;
}

/**
 * The data rules (`/rest/security/acl/layers`) as one row per workspace or layer with the roles
 * that may read, write and administer it; a form to add or change one rule (POST when it is new,
 * PUT when it exists), and Delete per rule.
 */
export function DataRules({ rules }: { rules: RuleMap }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSecurityWrite(
    (c, v: { key: string; roles: string; how: 'create' | 'update' }) => writeRule(c, 'layers', v.key, v.roles, v.how),
    (v) => `Rule ${v.key} saved.`,
  );
  const remove = useSecurityWrite(
    (c, key: string) => deleteRule(c, 'layers', key),
    (key) => `Rule ${key} deleted.`,
  );
  const rows = ruleRows(rules);

  function submit(event: FormEvent) {
    event.preventDefault();
    const key = ruleKey(draft.workspace, draft.layer, draft.mode);
    const why = ruleProblem(key, draft.roles);
    setProblem(why);
    if (why) return;
    save.mutate({ key, roles: draft.roles.trim(), how: key in rules ? 'update' : 'create' }, { onSuccess: () => setDraft(EMPTY) });
  }

  function edit(row: RuleRow, mode: AccessMode) {
    setProblem(null);
    setDraft({ workspace: row.workspace ?? '', layer: row.layer, mode, roles: row.roles[mode] ?? '' });
  }

  return (
    <Card title="Data rules" flush>
      {rows.length === 0 ? (
        <p className="security-note">No data rule: every signed-in user reads everything, only ADMIN writes (the defaults).</p>
      ) : (
        <Table caption="Data rules">
          <thead>
            <tr>
              <th scope="col">Workspace / layer</th>
              {ACCESS_MODES.map((mode) => (
                <th scope="col" key={mode}>
                  {ACCESS_MODE_LABELS[mode]} ({mode})
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.target}>
                <th scope="row">
                  <code>{row.target}</code>
                  <div className="table__muted">{targetLabel(row)}</div>
                </th>
                {ACCESS_MODES.map((mode) => {
                  const roles = row.roles[mode];
                  const key = `${row.target}.${mode}`;
                  return (
                    <td key={mode}>
                      {roles === undefined ? (
                        <span className="table__muted">inherited</span>
                      ) : (
                        <RuleActions what={`rule ${key}`} onEdit={() => edit(row, mode)} onDelete={() => remove.mutate(key)}>
                          <span>{roles}</span>
                        </RuleActions>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <form className="security-form security-form--row security-card-form" onSubmit={submit} aria-label="Add or change a data rule">
        <TextField
          label="Workspace"
          name="ruleWorkspace"
          hint="* for every workspace"
          value={draft.workspace}
          onChange={(e) => setDraft({ ...draft, workspace: e.target.value })}
        />
        <TextField
          label="Layer or group"
          name="ruleLayer"
          hint="empty or * for the whole workspace"
          value={draft.layer}
          onChange={(e) => setDraft({ ...draft, layer: e.target.value })}
        />
        <SelectField label="Access" name="ruleMode" value={draft.mode} onChange={(e) => setDraft({ ...draft, mode: e.target.value as AccessMode })}>
          {ACCESS_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {ACCESS_MODE_LABELS[mode]} ({mode})
            </option>
          ))}
        </SelectField>
        <TextField
          label="Roles"
          name="ruleRoles"
          hint="comma separated; * everybody, ANONYMOUS no credentials"
          value={draft.roles}
          onChange={(e) => setDraft({ ...draft, roles: e.target.value })}
        />
        <Button type="submit" variant="primary" busy={save.isPending}>
          Save rule
        </Button>
      </form>
      {(problem ?? save.error) && (
        <div className="security-card-form">
          <Alert tone="error">{problem ?? save.error?.message}</Alert>
        </div>
      )}
    </Card>
  );
}
