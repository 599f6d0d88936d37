import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { DataStoreRef } from '../../../api';
import {
  Alert,
  applyListState,
  Button,
  Card,
  compareText,
  EmptyState,
  ErrorIcon,
  LinkButton,
  ListToolbar,
  PageHeader,
  Pager,
  SelectField,
  Skeleton,
  Spinner,
  SuccessIcon,
  useListState,
  useToast,
  type ListDefaults,
  type ListSpec,
} from '../../../ui';
import { parseStoreKey, storeKey, storePath, useAllDataStores } from '../../stores';
import { useAvailableTables } from '../hooks/use-layers';
import { usePublishRun, type PublishStatus } from '../hooks/use-publish';
import { layerPagePath, previewPath } from '../layer-paths';
import './publish-page.css';

const LIST: ListDefaults = { sort: 'name', sortKeys: ['name'] };
const SPEC: ListSpec<string> = { text: (table) => table, compare: { name: compareText } };

/**
 * Publishes several tables of a store at once: pick the store (`?store=ws:store`), tick the
 * tables with geometry that are not published yet, give titles if you like, publish. Each table
 * shows its own progress; bounding boxes are computed by the server.
 */
export function PublishPage() {
  const [params, setParams] = useSearchParams();
  const store = parseStoreKey(params.get('store'));
  const stores = useAllDataStores();
  const tables = useAvailableTables(store);
  const publish = usePublishRun();
  const toast = useToast();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const listId = useId();
  const key = store ? storeKey(store) : '';

  const controls = useListState(LIST);
  const results = Object.entries(publish.statuses);
  const available = tables.data ?? [];
  // The table list filters, sorts and pages like every list (state in the URL, next to ?store=).
  const view = applyListState(available, controls.state, SPEC);
  const matching = controls.state.q ? applyListState(available, { ...controls.state, page: 1, size: available.length || 1 }, SPEC).rows : available;
  const allChosen = matching.length > 0 && matching.every((t) => chosen.has(t));

  function chooseStore(value: string) {
    setChosen(new Set());
    setTitles({});
    setError(null);
    publish.reset();
    setParams(value ? { store: value } : {});
  }

  function toggle(table: string, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(table);
      else next.delete(table);
      return next;
    });
  }

  // Never rejects: a table that fails is a status of the run (usePublishRun), not an error.
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!store || publish.running) return;
    const items = [...available]
      .sort(compareText)
      .filter((t) => chosen.has(t))
      .map((table) => ({ table, title: titles[table] }));
    if (items.length === 0) {
      setError('Tick at least one table to publish.');
      return;
    }
    setError(null);
    const outcome = await publish.run(store, items);
    setChosen(new Set());
    if (outcome.failed === 0) toast.success(`Published ${outcome.done === 1 ? '1 layer' : `${outcome.done} layers`} from ${key}.`);
    else toast.error(`${outcome.failed} of ${items.length} tables were not published; see the list.`);
  }

  const storeOptions = useMemo(() => (stores.stores ?? []).map(storeKey).sort(), [stores.stores]);

  return (
    <>
      <PageHeader
        title="Publish layers"
        breadcrumbs={[{ label: 'Layers', to: '/layers' }]}
        description="Choose a data store, tick the tables to publish, and publish them together. Titles default to the table names."
      />
      <div className="publish-page">
        <Card title="From data store">
          {stores.stores === undefined && !stores.error ? (
            <Skeleton width="50%" />
          ) : stores.error ? (
            <Alert tone="error">{stores.error.message}</Alert>
          ) : storeOptions.length === 0 ? (
            <EmptyState
              title="No data stores yet"
              action={
                <LinkButton variant="primary" to="/stores/new">
                  Add a PostGIS store
                </LinkButton>
              }
            >
              Tables are published from a data store.
            </EmptyState>
          ) : (
            <SelectField label="Data store" value={key} onChange={(event) => chooseStore(event.target.value)}>
              <option value="">Choose a data store…</option>
              {storeOptions.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </SelectField>
          )}
        </Card>

        {store && (
          <Card title={`Tables of ${key}`} aside={store && <Link to={storePath(store)}>Store details</Link>}>
            {tables.isPending ? (
              <div aria-busy="true" className="publish-page__loading">
                <p className="visually-hidden" role="status">
                  Loading the tables…
                </p>
                <Skeleton width="40%" />
                <Skeleton width="55%" />
              </div>
            ) : tables.error ? (
              <Alert tone="error" title="Could not list the tables" actions={<Button onClick={() => void tables.refetch()}>Retry</Button>}>
                {tables.error.message}
              </Alert>
            ) : (
              <form onSubmit={(event) => void submit(event)} noValidate className="publish-page__form">
                {available.length === 0 ? (
                  <EmptyState title="Every table with geometry is published">
                    There is nothing left to publish in this store. New tables show here as soon as they exist in the database.
                  </EmptyState>
                ) : (
                  <fieldset className="publish-page__tables" aria-describedby={error ? `${listId}-error` : undefined}>
                    <legend className="publish-page__legend">
                      <label className="publish-page__all">
                        <input
                          type="checkbox"
                          checked={allChosen}
                          onChange={(event) =>
                            setChosen((current) => {
                              const next = new Set(current);
                              matching.forEach((t) => (event.target.checked ? next.add(t) : next.delete(t)));
                              return next;
                            })
                          }
                        />
                        {controls.state.q
                          ? `Tables matching “${controls.state.q}” (${matching.length} of ${available.length})`
                          : `Tables with geometry, not published yet (${available.length})`}
                      </label>
                    </legend>
                    {available.length > 10 && (
                      <div className="publish-page__toolbar">
                        <ListToolbar label="Filter tables" value={controls.state.q} onChange={controls.setQuery}>
                          <Button
                            small
                            variant="ghost"
                            onClick={() => controls.toggleSort('name')}
                            aria-label={`Sort by name, ${controls.state.dir === 'asc' ? 'Z to A' : 'A to Z'}`}
                          >
                            {controls.state.dir === 'asc' ? 'A → Z' : 'Z → A'}
                          </Button>
                        </ListToolbar>
                      </div>
                    )}
                    <ul className="publish-page__list">
                      {view.rows.map((table) => (
                        <li key={table} className="publish-page__row">
                          <label className="publish-page__table">
                            <input type="checkbox" checked={chosen.has(table)} onChange={(event) => toggle(table, event.target.checked)} />
                            <code>{table}</code>
                          </label>
                          {chosen.has(table) && (
                            <input
                              className="field__input publish-page__title"
                              aria-label={`Title of ${table}`}
                              placeholder={`Title (default: ${table})`}
                              value={titles[table] ?? ''}
                              onChange={(event) => setTitles((current) => ({ ...current, [table]: event.target.value }))}
                            />
                          )}
                        </li>
                      ))}
                    </ul>
                    {view.pageCount > 1 && (
                      <Pager
                        page={view.page}
                        pageCount={view.pageCount}
                        offset={view.offset}
                        shown={view.rows.length}
                        total={view.total}
                        size={controls.state.size}
                        noun="tables"
                        onPage={controls.setPage}
                        onSize={controls.setSize}
                      />
                    )}
                    {chosen.size > 0 && <p className="publish-page__chosen">{chosen.size} chosen</p>}
                  </fieldset>
                )}
                {error && (
                  <p className="field__error" id={`${listId}-error`}>
                    <ErrorIcon size={15} /> {error}
                  </p>
                )}
                {available.length > 0 && (
                  <div className="publish-page__actions">
                    <Button type="submit" variant="primary" busy={publish.running}>
                      {publish.running ? 'Publishing…' : chosen.size > 1 ? `Publish ${chosen.size} tables` : 'Publish'}
                    </Button>
                    {publish.running && (
                      <Button variant="ghost" onClick={publish.cancel}>
                        Stop after this table
                      </Button>
                    )}
                  </div>
                )}
              </form>
            )}
          </Card>
        )}

        {results.length > 0 && (
          <Card title="Publishing" className="publish-page__results">
            <ul className="publish-page__progress" aria-live="polite">
              {results.map(([table, status]) => (
                <li key={table}>
                  <StatusLine table={table} status={status} store={store} />
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
    </>
  );
}

function StatusLine({ table, status, store }: { table: string; status: PublishStatus; store: DataStoreRef | null }) {
  switch (status.state) {
    case 'waiting':
      return <span className="publish-page__status table__muted">{table}: waiting</span>;
    case 'publishing':
      return (
        <span className="publish-page__status">
          <Spinner size="small" /> {table}: publishing…
        </span>
      );
    case 'failed':
      return (
        <span className="publish-page__status publish-page__status--failed">
          <ErrorIcon size={16} /> {table}: {status.reason}
        </span>
      );
    case 'done': {
      const ref = { workspace: store?.workspace ?? '', name: status.layer };
      return (
        <span className="publish-page__status publish-page__status--done">
          <SuccessIcon size={16} /> Published {ref.workspace}:{ref.name}
          <Link to={layerPagePath(ref)}>Layer</Link>
          <Link to={previewPath(ref)}>Preview</Link>
        </span>
      );
    }
  }
}
