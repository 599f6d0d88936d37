import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { isRestError, LAYER_GROUP_MODES, qualifiedGroupName, qualifiedLayerName, type LayerGroupDraft, type LayerGroupMode } from '../../../api';
import { Alert, Button, Card, EmptyState, LinkButton, PageHeader, SelectField, Skeleton, TextField, useToast } from '../../../ui';
import { useMayWrite, useMayWriteSomewhere } from '../../auth';
import { useLayerList } from '../../layers';
import { DeleteLayerGroupDialog } from '../components/delete-layer-group-dialog';
import { MemberList } from '../components/member-list';
import { layerGroupPagePath } from '../group-paths';
import { useAllLayerGroups, useLayerGroup, useSaveLayerGroup } from '../hooks/use-layer-groups';
import './layer-groups.css';

const MODE_LABELS: Record<LayerGroupMode, string> = {
  SINGLE: 'Single: one map layer',
  OPAQUE_CONTAINER: 'Opaque container: one layer, members hidden',
  NAMED: 'Named tree: the group and its members',
  CONTAINER: 'Container tree: members only',
  EO: 'Earth observation',
};

const EMPTY: LayerGroupDraft = { workspace: null, name: '', mode: 'SINGLE', title: '', abstractTxt: '', members: [] };

/** A new group (`/layergroups/new`) or an existing one (`/layergroups/{name}`, `/layergroups/{ws}/{name}`): fields and ordered members. */
export function LayerGroupPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const isNew = params.group === undefined;
  const ref = isNew ? null : { workspace: params.workspace ?? null, name: params.group ?? '' };
  const record = useLayerGroup(ref);
  // A new group: anyone who may write somewhere (the server keeps a workspace administrator to its workspaces).
  const writesHere = useMayWrite(ref?.workspace ?? null);
  const writesSomewhere = useMayWriteSomewhere();
  const canWrite = isNew ? writesSomewhere : writesHere;
  const toast = useToast();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<LayerGroupDraft>({ ...EMPTY, workspace: search.get('workspace') || null });
  const [deleting, setDeleting] = useState(false);
  const save = useSaveLayerGroup(!isNew);
  const layers = useLayerList();
  const { groups, workspaces } = useAllLayerGroups();

  useEffect(() => {
    if (record.data) setDraft(record.data);
  }, [record.data]);

  const title = isNew ? 'New layer group' : qualifiedGroupName(ref!);
  const header = (
    <PageHeader
      title={title}
      breadcrumbs={[{ label: 'Layer groups', to: '/layergroups' }]}
      actions={
        !isNew &&
        canWrite &&
        record.data && (
          <Button variant="danger" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        )
      }
    />
  );
  if (!isNew && record.isPending) {
    return (
      <>
        {header}
        <Card title="Layer group">
          <div aria-busy="true">
            <Skeleton width="40%" />
            <Skeleton width="60%" />
          </div>
        </Card>
      </>
    );
  }
  if (!isNew && record.error) {
    const notFound = isRestError(record.error, 404);
    const message = record.error.message;
    return (
      <>
        {header}
        {notFound ? (
          <Card title="Not found">
            <EmptyState title={`There is no layer group ${title}`} action={<LinkButton to="/layergroups">All layer groups</LinkButton>}>
              It may have been deleted, or the link is wrong.
            </EmptyState>
          </Card>
        ) : (
          <Alert tone="error" title="Could not load the layer group" actions={<Button onClick={() => void record.refetch()}>Retry</Button>}>
            {message}
          </Alert>
        )}
      </>
    );
  }

  const editable = canWrite;
  const set = (patch: Partial<LayerGroupDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const self = isNew ? null : qualifiedGroupName(draft);
  // A workspace group holds that workspace's layers; a global group any layer. Groups: global ones and the workspace's.
  const choices = {
    layers: (layers.data ?? []).filter((l) => !draft.workspace || l.workspace === draft.workspace).map(qualifiedLayerName),
    groups: (groups ?? [])
      .filter((g) => g.workspace === null || g.workspace === draft.workspace)
      .map(qualifiedGroupName)
      .filter((name) => name !== self),
  };
  const missing = !draft.name.trim() ? 'Give the group a name.' : draft.members.length === 0 ? 'Add at least one member.' : null;
  const submit = () =>
    save.mutate(draft, {
      onSuccess: () => {
        toast.success(`Layer group ${qualifiedGroupName(draft)} ${isNew ? 'created' : 'saved'}.`);
        if (isNew) navigate(layerGroupPagePath(draft));
      },
    });

  return (
    <>
      {header}
      <form
        className="layer-group-page"
        onSubmit={(event) => {
          event.preventDefault();
          if (!missing) submit();
        }}
      >
        <Card title="Layer group">
          <div className="layer-group-page__fields">
            <TextField label="Name" value={draft.name} readOnly={!isNew} required onChange={(e) => set({ name: e.target.value })} />
            <SelectField
              label="Workspace"
              value={draft.workspace ?? ''}
              disabled={!isNew || !editable}
              onChange={(e) => set({ workspace: e.target.value || null, members: [] })}
            >
              <option value="">None (a global group)</option>
              {(workspaces ?? []).map((ws) => (
                <option key={ws} value={ws}>
                  {ws}
                </option>
              ))}
            </SelectField>
            <SelectField label="Mode" value={draft.mode} disabled={!editable} onChange={(e) => set({ mode: e.target.value as LayerGroupMode })}>
              {LAYER_GROUP_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {MODE_LABELS[mode]}
                </option>
              ))}
            </SelectField>
            <TextField label="Title" value={draft.title} readOnly={!editable} onChange={(e) => set({ title: e.target.value })} />
            <TextField label="Abstract" value={draft.abstractTxt} readOnly={!editable} onChange={(e) => set({ abstractTxt: e.target.value })} />
          </div>
        </Card>
        <Card title="Members">
          <MemberList members={draft.members} choices={choices} onChange={editable ? (members) => set({ members }) : null} />
        </Card>
        {editable && (
          <div className="layer-group-page__actions">
            {save.error && (
              <Alert tone="error" title="Not saved">
                {save.error.message}
              </Alert>
            )}
            {missing && <p className="layer-group-page__missing">{missing}</p>}
            <Button type="submit" variant="primary" busy={save.isPending} disabled={!!missing}>
              {isNew ? 'Create layer group' : 'Save changes'}
            </Button>
            <LinkButton variant="ghost" to="/layergroups">
              Cancel
            </LinkButton>
          </div>
        )}
      </form>
      {ref && (
        <DeleteLayerGroupDialog
          group={deleting ? ref : null}
          all={groups}
          onClose={() => setDeleting(false)}
          onDeleted={(g) => {
            setDeleting(false);
            toast.success(`Layer group ${qualifiedGroupName(g)} deleted.`);
            navigate('/layergroups');
          }}
        />
      )}
    </>
  );
}
