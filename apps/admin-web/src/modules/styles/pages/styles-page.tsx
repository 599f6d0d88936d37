import { Suspense, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { qualifiedStyleName, type StyleRef } from '../../../api';
import {
  Badge,
  Button,
  byText,
  Card,
  CatalogList,
  EmptyState,
  LinkButton,
  ListFilterSelect,
  PageHeader,
  Skeleton,
  Spinner,
  useListState,
  useToast,
  type Column,
  type ListDefaults,
  type ListSpec,
} from '../../../ui';
import { useMayWrite } from '../../auth';
import { StyleLegendThumbnail } from '../../preview';
import { CreateStyleForm } from '../components/create-style-form';
import { DeleteStyleDialog } from '../components/delete-style-dialog';
import { StyleUsersCell } from '../components/style-users-cell';
import { useAllStyles } from '../hooks/use-styles';
import { styleEditorPath } from '../style-paths';
import './styles-page.css';

/** `?workspace=` value for global styles. */
const GLOBAL = '-';

const LIST: ListDefaults = { sort: 'name', sortKeys: ['name', 'workspace'], filterKeys: ['workspace'] };

const SPEC: ListSpec<StyleRef> = {
  text: qualifiedStyleName,
  compare: {
    name: (a, b) => byText<StyleRef>((s) => s.name)(a, b) || byText<StyleRef>((s) => s.workspace ?? '')(a, b),
    workspace: (a, b) => byText<StyleRef>((s) => s.workspace ?? '')(a, b) || byText<StyleRef>((s) => s.name)(a, b),
  },
  filters: { workspace: (style, value) => (value === GLOBAL ? style.workspace === null : style.workspace === value) },
};

/** Every style, global and per workspace; create one from a template; delete with what uses it named. */
export function StylesPage() {
  const { styles, workspaces, error, isFetching, refetch } = useAllStyles();
  const controls = useListState(LIST);
  const filter = controls.state.filters.workspace;
  // ADMIN writes everywhere; a workspace administrator in the list of its workspace.
  const canWrite = useMayWrite(filter);
  const toast = useToast();
  const nameInputRef = useRef<HTMLInputElement>(null);
  const [deleting, setDeleting] = useState<StyleRef | null>(null);

  const columns = useMemo<Column<StyleRef>[]>(
    () => [
      {
        key: 'name',
        header: 'Name',
        sortable: true,
        rowHeader: true,
        cell: (style) => <Link to={styleEditorPath(style)}>{style.name}</Link>,
      },
      {
        key: 'workspace',
        header: 'Workspace',
        sortable: true,
        cell: (style) => (style.workspace ? style.workspace : <Badge>Global</Badge>),
      },
      {
        key: 'legend',
        header: 'Legend',
        cell: (style) => (
          <Suspense fallback={<Skeleton width="48px" />}>
            <StyleLegendThumbnail style={style} />
          </Suspense>
        ),
      },
      { key: 'users', header: 'Used by', secondary: true, cell: (style) => <StyleUsersCell style={style} /> },
      {
        key: 'actions',
        header: 'Actions',
        end: true,
        cell: (style) => (
          <span className="styles-page__row-actions">
            <LinkButton small variant="ghost" to={styleEditorPath(style)} aria-label={`${canWrite ? 'Edit' : 'Open'} style ${qualifiedStyleName(style)}`}>
              {canWrite ? 'Edit' : 'Open'}
            </LinkButton>
            {canWrite && (
              <Button small variant="ghost" onClick={() => setDeleting(style)} aria-label={`Delete style ${qualifiedStyleName(style)}`}>
                Delete
              </Button>
            )}
          </span>
        ),
      },
    ],
    [canWrite],
  );

  return (
    <>
      <PageHeader title="Styles" description="SLD documents that say how layers are drawn. Edit them with live validation and a preview of unsaved changes." />
      <div className={canWrite ? 'styles-page' : 'styles-page styles-page--reader'}>
        <Card
          title="All styles"
          flush
          aside={
            <>
              {isFetching && styles && <Spinner size="small" label="Refreshing" />}
              <Button variant="ghost" small onClick={refetch}>
                Refresh
              </Button>
            </>
          }
        >
          <CatalogList
            caption="Styles"
            noun="styles"
            columns={columns}
            items={styles}
            error={error}
            onRetry={refetch}
            spec={SPEC}
            controls={controls}
            rowKey={qualifiedStyleName}
            filters={
              <ListFilterSelect
                label="Workspace"
                value={filter}
                onChange={(value) => controls.setFilter('workspace', value)}
                options={[['', 'All'], [GLOBAL, 'Global only'], ...(workspaces ?? []).map((name): [string, string] => [name, name])]}
              />
            }
            empty={
              <EmptyState
                title="No styles yet"
                action={
                  canWrite && (
                    <Button variant="primary" onClick={() => nameInputRef.current?.focus()}>
                      Create a style
                    </Button>
                  )
                }
              >
                Styles say how layers are drawn.
              </EmptyState>
            }
          />
        </Card>
        {canWrite && (
          <Card title="Create style" className="styles-page__create">
            <CreateStyleForm workspaces={workspaces ?? []} workspace={filter && filter !== GLOBAL ? filter : ''} nameInputRef={nameInputRef} />
          </Card>
        )}
      </div>
      <DeleteStyleDialog
        style={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(style) => {
          setDeleting(null);
          toast.success(`Style ${qualifiedStyleName(style)} deleted.`);
        }}
      />
    </>
  );
}
