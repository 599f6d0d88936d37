import { useMemo } from 'react';
import { Link } from 'react-router-dom';
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
  type Column,
  type ListDefaults,
  type ListSpec,
} from '../../../ui';
import { useRestClient } from '../../auth';
import { layerPagePath, useLayerList } from '../../layers';
import { layerGroupPagePath, useAllLayerGroups } from '../../layergroups';
import { GroupLinks, LayerLinks, serviceBases } from '../components/entry-links';
import { entryWorkspace, mapPath, previewEntries, type PreviewEntry } from '../preview-entries';
import './layer-preview.css';

/** `?workspace=` value for global groups. */
const GLOBAL = '-';

const LIST: ListDefaults = { sort: 'name', sortKeys: ['name', 'workspace', 'kind'], filterKeys: ['workspace', 'kind'] };

const byName = byText<PreviewEntry>((e) => e.ref.name);
const byWorkspace = byText<PreviewEntry>(entryWorkspace);
const byKind = byText<PreviewEntry>((e) => e.kind);

const SPEC: ListSpec<PreviewEntry> = {
  text: (entry) => entry.qualified,
  compare: {
    name: (a, b) => byName(a, b) || byWorkspace(a, b) || byKind(a, b),
    workspace: (a, b) => byWorkspace(a, b) || byName(a, b) || byKind(a, b),
    kind: (a, b) => byKind(a, b) || byName(a, b) || byWorkspace(a, b),
  },
  filters: {
    workspace: (entry, value) => (value === GLOBAL ? entry.ref.workspace === null : entry.ref.workspace === value),
    kind: (entry, value) => entry.kind === value,
  },
};

/**
 * Every layer and layer group with what a client needs to look at it: the map (drawn by the WMS,
 * with a switch to the browser for layers), a PNG, the GeoJSON and the legend. One list of names
 * (two requests per workspace at most); each shown row reads its own box for the PNG link.
 */
export function LayerPreviewPage() {
  const layers = useLayerList();
  const groups = useAllLayerGroups();
  const controls = useListState(LIST);
  const rest = useRestClient();
  const bases = useMemo(() => serviceBases(rest.base), [rest.base]);
  const entries = useMemo(() => (layers.data && groups.groups ? previewEntries(layers.data, groups.groups) : undefined), [layers.data, groups.groups]);
  const workspaces = useMemo(
    () => [...new Set((layers.data ?? []).map((l) => l.workspace)), ...(groups.workspaces ?? [])].filter((w, i, all) => all.indexOf(w) === i).sort(),
    [layers.data, groups.workspaces],
  );
  const error = layers.error ?? groups.error;
  const refetch = () => {
    void layers.refetch();
    groups.refetch();
  };

  const columns = useMemo<Column<PreviewEntry>[]>(
    () => [
      {
        key: 'name',
        header: 'Name',
        sortable: true,
        rowHeader: true,
        cell: (e) => <Link to={e.kind === 'layer' ? layerPagePath(e.ref) : layerGroupPagePath(e.ref)}>{e.ref.name}</Link>,
      },
      { key: 'workspace', header: 'Workspace', sortable: true, cell: (e) => e.ref.workspace ?? <Badge>Global</Badge> },
      { key: 'kind', header: 'Type', sortable: true, cell: (e) => (e.kind === 'layer' ? 'Layer' : <Badge tone="brand">Layer group</Badge>) },
      {
        key: 'map',
        header: 'Map',
        cell: (e) => (
          <LinkButton small variant="ghost" to={mapPath(e)} aria-label={`Open map of ${e.qualified}`}>
            Open map
          </LinkButton>
        ),
      },
      {
        key: 'formats',
        header: 'Formats',
        end: true,
        cell: (e) =>
          e.kind === 'layer' ? (
            <LayerLinks layer={e.ref} qualified={e.qualified} bases={bases} />
          ) : (
            <GroupLinks group={e.ref} qualified={e.qualified} bases={bases} />
          ),
      },
    ],
    [bases],
  );

  return (
    <>
      <PageHeader
        title="Layer preview"
        description="Every layer and layer group: open its map (drawn by the WMS, or in the browser), or get it as a PNG, as GeoJSON, or its legend."
      />
      <Card
        title="Layers and layer groups"
        flush
        aside={
          <>
            {(layers.isFetching || groups.isFetching) && entries && <Spinner size="small" label="Refreshing" />}
            <Button variant="ghost" small onClick={refetch}>
              Refresh
            </Button>
          </>
        }
      >
        <CatalogList
          caption="Layers and layer groups"
          noun="layers and groups"
          columns={columns}
          items={entries}
          error={error}
          onRetry={refetch}
          spec={SPEC}
          controls={controls}
          rowKey={(e) => `${e.kind}:${e.qualified}`}
          filters={
            <>
              <ListFilterSelect
                label="Workspace"
                value={controls.state.filters.workspace}
                onChange={(value) => controls.setFilter('workspace', value)}
                options={[['', 'All'], [GLOBAL, 'Global groups'], ...workspaces.map((name): [string, string] => [name, name])]}
              />
              <ListFilterSelect
                label="Type"
                value={controls.state.filters.kind}
                onChange={(value) => controls.setFilter('kind', value)}
                options={[
                  ['', 'All'],
                  ['layer', 'Layers'],
                  ['group', 'Layer groups'],
                ]}
              />
            </>
          }
          empty={
            <EmptyState title="Nothing published yet" action={<LinkButton to="/stores">Data stores</LinkButton>}>
              Publish a store&apos;s tables as layers to preview them here.
            </EmptyState>
          }
        />
      </Card>
    </>
  );
}
