import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { parseLayerName, qualifiedLayerName, queryKeys, updateLayer, type LayerRef } from '../../../api';
import {
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
  type Selection,
} from '../../../ui';
import { useMayWrite, useRestClient } from '../../auth';
import { DeleteLayersDialog } from '../components/delete-layers-dialog';
import { LayerBoxCell, LayerCrsCell, LayerEnabledCell, LayerTitleCell } from '../components/layer-cells';
import { useLayerList } from '../hooks/use-layers';
import { layerPagePath, previewPath } from '../layer-paths';
import './layers-page.css';

const LIST: ListDefaults = { sort: 'name', sortKeys: ['name', 'workspace'], filterKeys: ['workspace'] };

const SPEC: ListSpec<LayerRef> = {
  text: qualifiedLayerName,
  compare: {
    name: (a, b) => byText<LayerRef>((l) => l.name)(a, b) || byText<LayerRef>((l) => l.workspace)(a, b),
    workspace: (a, b) => byText<LayerRef>((l) => l.workspace)(a, b) || byText<LayerRef>((l) => l.name)(a, b),
  },
  filters: { workspace: (layer, value) => layer.workspace === value },
};

/** Every layer, with title, CRS and box; select across pages to enable, disable or delete at once. */
export function LayersPage() {
  const layers = useLayerList();
  const controls = useListState(LIST);
  const workspaceFilter = controls.state.filters.workspace;
  // ADMIN writes everywhere; a workspace administrator in the list of its workspace.
  const canWrite = useMayWrite(workspaceFilter);
  const toast = useToast();
  const client = useRestClient();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<LayerRef[] | null>(null);

  const workspaces = useMemo(() => [...new Set((layers.data ?? []).map((l) => l.workspace))].sort(), [layers.data]);
  // Selection survives paging, sorting and filtering; only layers that still exist count.
  const existing = useMemo(() => new Set((layers.data ?? []).map(qualifiedLayerName)), [layers.data]);
  const selectedRefs = [...selected].filter((key) => existing.has(key)).map(parseLayerName);

  const selection: Selection = {
    selected,
    set: (keys, on) =>
      setSelected((current) => {
        const next = new Set(current);
        keys.forEach((key) => (on ? next.add(key) : next.delete(key)));
        return next;
      }),
    label: (key) => `Select ${key}`,
  };

  const bulkEnable = useMutation({
    mutationFn: async ({ refs, enabled }: { refs: LayerRef[]; enabled: boolean }) => {
      for (const ref of refs) await updateLayer(client, ref, { enabled });
    },
    onSuccess: (_data, { refs, enabled }) => toast.success(`${refs.length === 1 ? '1 layer' : `${refs.length} layers`} ${enabled ? 'enabled' : 'disabled'}.`),
    onError: (error) => toast.error(`Not every layer was changed: ${error.message}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.layers() }),
  });

  const columns = useMemo<Column<LayerRef>[]>(
    () => [
      {
        key: 'name',
        header: 'Name',
        sortable: true,
        rowHeader: true,
        cell: (layer) => <Link to={layerPagePath(layer)}>{layer.name}</Link>,
      },
      { key: 'workspace', header: 'Workspace', sortable: true, cell: (layer) => layer.workspace },
      { key: 'title', header: 'Title', cell: (layer) => <LayerTitleCell layer={layer} /> },
      { key: 'crs', header: 'CRS', cell: (layer) => <LayerCrsCell layer={layer} /> },
      { key: 'box', header: 'Lat/lon box', secondary: true, cell: (layer) => <LayerBoxCell layer={layer} /> },
      { key: 'enabled', header: 'Enabled', cell: (layer) => <LayerEnabledCell layer={layer} /> },
      {
        key: 'actions',
        header: 'Actions',
        end: true,
        cell: (layer) => (
          <span className="layers-page__row-actions">
            <LinkButton small variant="ghost" to={previewPath(layer)} aria-label={`Preview ${qualifiedLayerName(layer)}`}>
              Preview
            </LinkButton>
            {canWrite && (
              <Button small variant="ghost" onClick={() => setDeleting([layer])} aria-label={`Delete layer ${qualifiedLayerName(layer)}`}>
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
      <PageHeader
        title="Layers"
        description="Published tables. Each layer has a title, a CRS, bounding boxes computed from the data, and a default style."
        actions={
          canWrite && (
            <LinkButton variant="primary" to="/layers/publish">
              Publish layers
            </LinkButton>
          )
        }
      />
      <Card
        title="All layers"
        flush
        aside={
          <>
            {layers.isFetching && layers.data && <Spinner size="small" label="Refreshing" />}
            <Button variant="ghost" small onClick={() => void layers.refetch()}>
              Refresh
            </Button>
          </>
        }
      >
        <CatalogList
          caption="Layers"
          noun="layers"
          columns={columns}
          items={layers.data}
          error={layers.error}
          onRetry={() => void layers.refetch()}
          spec={SPEC}
          controls={controls}
          rowKey={qualifiedLayerName}
          selection={canWrite ? selection : undefined}
          filters={
            <ListFilterSelect
              label="Workspace"
              value={workspaceFilter}
              onChange={(value) => controls.setFilter('workspace', value)}
              options={[['', 'All'], ...workspaces.map((name): [string, string] => [name, name])]}
            />
          }
          actions={
            canWrite &&
            selectedRefs.length > 0 && (
              <>
                <span className="layers-page__selected" aria-live="polite">
                  {selectedRefs.length} selected
                </span>
                <Button small busy={bulkEnable.isPending} onClick={() => bulkEnable.mutate({ refs: selectedRefs, enabled: true })}>
                  Enable
                </Button>
                <Button small busy={bulkEnable.isPending} onClick={() => bulkEnable.mutate({ refs: selectedRefs, enabled: false })}>
                  Disable
                </Button>
                <Button small variant="danger" onClick={() => setDeleting(selectedRefs)}>
                  Delete
                </Button>
                <Button small variant="ghost" onClick={() => setSelected(new Set())}>
                  Clear selection
                </Button>
              </>
            )
          }
          empty={
            <EmptyState
              title="No layers yet"
              action={
                canWrite && (
                  <LinkButton variant="primary" to="/layers/publish">
                    Publish tables
                  </LinkButton>
                )
              }
            >
              A layer is a table of a data store, published with a style. Publish tables from a PostGIS store.
            </EmptyState>
          }
        />
      </Card>
      <DeleteLayersDialog
        layers={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(gone) => {
          setDeleting(null);
          setSelected((current) => {
            const next = new Set(current);
            gone.forEach((layer) => next.delete(qualifiedLayerName(layer)));
            return next;
          });
          toast.success(gone.length === 1 ? `Layer ${qualifiedLayerName(gone[0])} deleted.` : `${gone.length} layers deleted.`);
        }}
      />
    </>
  );
}
