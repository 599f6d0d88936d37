import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Card, PageHeader, TextField } from '../../../ui';
import { ChangeHistory } from '../components/change-history';
import './history-page.css';

/** Every change of the catalog, newest first, narrowed by resource path and user (`?resource=&user=`). */
export function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const resource = params.get('resource') ?? '';
  const user = params.get('user') ?? '';
  const [typedResource, setTypedResource] = useState(resource);
  const [typedUser, setTypedUser] = useState(user);
  const [shown, setShown] = useState({ resource, user });
  // The URL changed by a link (a workspace's "History"): the fields follow it.
  if (shown.resource !== resource || shown.user !== user) {
    setShown({ resource, user });
    setTypedResource(resource);
    setTypedUser(user);
  }

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = new URLSearchParams();
    if (typedResource.trim()) next.set('resource', typedResource.trim());
    if (typedUser.trim()) next.set('user', typedUser.trim());
    setParams(next);
  }

  const filtered = resource !== '' || user !== '';
  return (
    <>
      <PageHeader
        title="History"
        description="Every change made to the catalog, by anyone, newest first. Open a change to see the record before and after it, or revert it."
      />
      <div className="history-page">
        <Card title="Filters">
          <form className="history-page__filters" onSubmit={apply} aria-label="Filter the history">
            <TextField
              label="Resource"
              value={typedResource}
              onChange={(event) => setTypedResource(event.target.value)}
              placeholder="/workspaces/acme"
              spellCheck={false}
              autoComplete="off"
              hint="A REST path: the record and everything below it."
            />
            <TextField label="User" value={typedUser} onChange={(event) => setTypedUser(event.target.value)} spellCheck={false} autoComplete="off" />
            <div className="history-page__filter-actions">
              <Button type="submit" variant="primary">
                Apply filters
              </Button>
              {filtered && <Button onClick={() => setParams(new URLSearchParams())}>Clear</Button>}
            </div>
          </form>
        </Card>
        <Card title="Changes" flush>
          <ChangeHistory
            filter={{ resource: resource || undefined, user: user || undefined }}
            caption="Changes"
            emptyText={filtered ? 'No change matches these filters.' : 'Changes appear here as soon as anyone changes the catalog.'}
          />
        </Card>
      </div>
    </>
  );
}
