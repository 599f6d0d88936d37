import { useEffect, useState } from 'react';
import { setCatalogMode, type CatalogModeName } from '../../../api';
import { Alert, Button, Card, PageHeader, SelectField, Skeleton } from '../../../ui';
import { DataRules } from '../components/data-rules';
import { ServiceRules } from '../components/service-rules';
import { UserSight } from '../components/user-sight';
import { useCatalogMode, useGroups, useRules, useSecurityWrite, useUsers } from '../hooks/use-security';
import { SecurityTabs } from '../components/security-tabs';
import './security-pages.css';

const MODES: Record<CatalogModeName, string> = {
  HIDE: 'HIDE: what a user may not read does not exist for it (404)',
  CHALLENGE: 'CHALLENGE: it exists, and asks for credentials (401/403)',
  MIXED: 'MIXED: left out of lists, challenged when asked for directly',
};

/** Who sees what (contract §12): the catalog mode, the data rules, the service rules, and what a chosen user can see. */
export function SecurityRulesPage() {
  const data = useRules('layers');
  const services = useRules('services');
  const mode = useCatalogMode();
  const users = useUsers();
  const groups = useGroups();
  const error = data.error ?? services.error ?? mode.error ?? users.error ?? groups.error;
  const groupRoles = new Map((groups.data ?? []).map((g) => [g.name, g.roles]));

  return (
    <>
      <PageHeader
        title="Security rules"
        description="Who may read (r), write data (w) and administer (a) each workspace and layer. The most specific rule wins; among a user's roles the most permissive; ADMIN passes every rule."
      />
      <SecurityTabs />
      <div className="security-page">
        {error && (
          <Alert tone="error" title="Could not load the security rules">
            {error.message}
          </Alert>
        )}
        {mode.data && <CatalogModeCard current={mode.data} />}
        {data.data ? <DataRules rules={data.data} /> : !error && <Skeleton />}
        {services.data && <ServiceRules rules={services.data} />}
        {data.data && services.data && mode.data && users.data && groups.data && (
          <UserSight users={users.data} groupRoles={groupRoles} rules={data.data} services={services.data} mode={mode.data} />
        )}
      </div>
    </>
  );
}

function CatalogModeCard({ current }: { current: CatalogModeName }) {
  const [chosen, setChosen] = useState(current);
  useEffect(() => setChosen(current), [current]);
  const save = useSecurityWrite(
    (c, m: CatalogModeName) => setCatalogMode(c, m),
    (m) => `Catalog mode set to ${m}.`,
  );
  return (
    <Card title="Catalog mode">
      <form
        className="security-form security-form--row"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(chosen);
        }}
      >
        <SelectField
          label="How a record a user may not read answers"
          name="catalogMode"
          value={chosen}
          onChange={(e) => setChosen(e.target.value as CatalogModeName)}
        >
          {(Object.keys(MODES) as CatalogModeName[]).map((m) => (
            <option key={m} value={m}>
              {MODES[m]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="primary" busy={save.isPending} disabled={chosen === current}>
          Save mode
        </Button>
      </form>
    </Card>
  );
}
