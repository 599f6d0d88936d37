import { qualifiedGroupName, type LayerGroupRecord, type LayerGroupRef } from '../../../api';
import { ConfirmDialog, Spinner } from '../../../ui';
import { useDeleteLayerGroup, useGroupsHolding, useLayerGroup } from '../hooks/use-layer-groups';

export interface DeleteLayerGroupDialogProps {
  group: LayerGroupRef | null;
  /** Every group of the catalog, to find those holding this one. */
  all: LayerGroupRef[] | undefined;
  onClose: () => void;
  onDeleted: (group: LayerGroupRef) => void;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * Confirms deleting a group, saying what the delete does: the group goes, its members stay; the
 * groups holding it lose it, and one left with no member is deleted too (contract §10).
 */
export function DeleteLayerGroupDialog({ group, all, onClose, onDeleted }: DeleteLayerGroupDialogProps) {
  const record = useLayerGroup(group);
  const holding = useGroupsHolding(group, all);
  const mutation = useDeleteLayerGroup();
  const name = group ? qualifiedGroupName(group) : '';
  const holders = holding.data ?? [];
  const emptied = holders.filter((h: LayerGroupRecord) => h.members.every((m) => m.type === 'layerGroup' && m.name === name));
  const members = record.data?.members ?? [];
  return (
    <ConfirmDialog
      open={group !== null}
      title={`Delete layer group ${name}?`}
      confirmLabel="Delete layer group"
      busy={mutation.isPending || holding.isPending || record.isPending}
      error={mutation.error?.message ?? holding.error?.message ?? record.error?.message}
      onCancel={() => {
        mutation.reset();
        onClose();
      }}
      onConfirm={() =>
        group &&
        mutation.mutate(
          { ref: group, recurse: holders.length > 0 },
          {
            onSuccess: () => {
              mutation.reset();
              onDeleted(group);
            },
          },
        )
      }
    >
      {holding.isPending || record.isPending ? (
        <p>
          <Spinner size="small" /> Looking for what the delete touches…
        </p>
      ) : (
        <>
          <p>
            The group is deleted from the catalog and from the maps that name it. Its {count(members.filter((m) => m.type === 'layer').length, 'layer')} and{' '}
            {count(members.filter((m) => m.type === 'layerGroup').length, 'group')} stay as they are.
          </p>
          {holders.length > 0 ? (
            <>
              <p>It is taken out of the groups that hold it:</p>
              <ul>
                {holders.map((h) => (
                  <li key={qualifiedGroupName(h)}>
                    {qualifiedGroupName(h)}
                    {emptied.includes(h) ? ' — left empty, so it is deleted too' : ''}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>No other group holds it.</p>
          )}
        </>
      )}
    </ConfirmDialog>
  );
}
