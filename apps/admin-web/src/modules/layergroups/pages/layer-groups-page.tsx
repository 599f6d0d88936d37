import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { qualifiedGroupName, type LayerGroupRef } from '../../../api';
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
  Spinner,
  useListState,
  useToast,
  type Column,
  type ListDefaults,
  type ListSpec,
} from '../../../ui';
import { useMayWrite } from '../../auth';
import { DeleteLayerGroupDialog } from '../components/delete-layer-group-dialog';
import { layerGroupPagePath, newLayerGroupPath } from '../group-paths';
import { useAllLayerGroups } from '../hooks/use-layer-groups';
import './layer-groups.css';

/** `?workspace=` value for global groups. */
const GLOBAL = '-';

const LIST: ListDefaults = { sort: 'name', sortKeys: ['name', 'workspace'], filterKeys: ['workspace'] };

const SPEC: ListSpec<LayerGroupRef> = {
  text: qualifiedGroupName,
  compare: {
    name: (a, b) => byText<LayerGroupRef>((g) => g.name)(a, b) || byText<LayerGroupRef>((g) => g.workspace ?? '')(a, b),
    workspace: (a, b) => byText<LayerGroupRef>((g) => g.workspace ?? '')(a, b) || byText<LayerGroupRef>((g) => g.name)(a, b),
  },
  filters: { workspace: (group, value) => (value === GLOBAL ? group.workspace === null : group.workspace === value) },
};

/** Every layer group, global and per workspace; create, edit, delete with what the delete does. */
export function LayerGroupsPage() {
  const { groups, workspaces, error, isFetching, refetch } = useAllLayerGroups();
  const controls = useListState(LIST);
  const filter = controls.state.filters.workspace;
  // ADMIN writes everywhere; a workspace administrator in the list of its workspace.
  const canWrite = useMayWrite(filter);
  const toast = useToast();
  const [deleting, setDeleting] = useState<LayerGroupRef | null>(null);

  const columns = useMemo<Column<LayerGroupRef>[]>(
    () => [
      { key: 'name', header: 'Name', sortable: true, rowHeader: true, cell: (g) => <Link to={layerGroupPagePath(g)}>{g.name}</Link> },
      { key: 'workspace', header: 'Workspace', sortable: true, cell: (g) => (g.workspace ? g.workspace : <Badge>Global</Badge>) },
      {
        key: 'actions',
        header: 'Actions',
        end: true,
        cell: (g) => (
          <span className="layer-groups__row-actions">
            <LinkButton small variant="ghost" to={layerGroupPagePath(g)} aria-label={`${canWrite ? 'Edit' : 'Open'} layer group ${qualifiedGroupName(g)}`}>
              {canWrite ? 'Edit' : 'Open'}
            </LinkButton>
            {canWrite && (
              <Button small variant="ghost" onClick={() => setDeleting(g)} aria-label={`Delete layer group ${qualifiedGroupName(g)}`}>
                Delete
              </Button>
            )}
          </span>
        ),
      },
    ],
    [canWrite],
  );

  const newGroup = canWrite && (
    <LinkButton variant="primary" to={newLayerGroupPath(filter && filter !== GLOBAL ? filter : null)}>
      New layer group
    </LinkButton>
  );
  return (
    <>
      <PageHeader
        title="Layer groups"
        description="Layers and other groups published together under one name, each drawn with its own style."
        actions={newGroup || undefined}
      />
      <Card
        title="All layer groups"
        flush
        aside={
          <>
            {isFetching && groups && <Spinner size="small" label="Refreshing" />}
            <Button variant="ghost" small onClick={refetch}>
              Refresh
            </Button>
          </>
        }
      >
        <CatalogList
          caption="Layer groups"
          noun="layer groups"
          columns={columns}
          items={groups}
          error={error}
          onRetry={refetch}
          spec={SPEC}
          controls={controls}
          rowKey={qualifiedGroupName}
          filters={
            <ListFilterSelect
              label="Workspace"
              value={filter}
              onChange={(value) => controls.setFilter('workspace', value)}
              options={[['', 'All'], [GLOBAL, 'Global only'], ...(workspaces ?? []).map((name): [string, string] => [name, name])]}
            />
          }
          empty={
            <EmptyState title="No layer groups yet" action={newGroup}>
              A group publishes several layers as one map layer.
            </EmptyState>
          }
        />
      </Card>
      <DeleteLayerGroupDialog
        group={deleting}
        all={groups}
        onClose={() => setDeleting(null)}
        onDeleted={(g) => {
          setDeleting(null);
          toast.success(`Layer group ${qualifiedGroupName(g)} deleted.`);
        }}
      />
    </>
  );
}
