import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createLayerGroup,
  deleteLayerGroup,
  getLayerGroup,
  listLayerGroups,
  queryKeys,
  updateLayerGroup,
  type LayerGroupDraft,
  type LayerGroupRecord,
  type LayerGroupRef,
  type RestError,
} from '../../../api';
import { useRestClient } from '../../auth';
import { useWorkspaces } from '../../workspaces';

/** Global groups and every workspace's groups. */
export function useAllLayerGroups() {
  const client = useRestClient();
  const workspaces = useWorkspaces();
  const sources: Array<string | null> = [null, ...(workspaces.data ?? []).map((w) => w.name)];
  const lists = useQueries({
    queries: sources.map((workspace) => ({
      queryKey: queryKeys.layerGroupList(workspace),
      queryFn: ({ signal }: { signal: AbortSignal }) => listLayerGroups(client, workspace, signal),
    })),
  });
  const pending = workspaces.isPending || lists.some((list) => list.isPending);
  const error = (workspaces.error ?? lists.find((list) => list.error)?.error ?? null) as Error | null;
  return {
    groups: pending && !error ? undefined : lists.flatMap((list) => list.data ?? []),
    workspaces: workspaces.data?.map((w) => w.name),
    error,
    isFetching: workspaces.isFetching || lists.some((list) => list.isFetching),
    refetch: () => {
      void workspaces.refetch();
      lists.forEach((list) => void list.refetch());
    },
  };
}

/** One group's record. */
export function useLayerGroup(ref: LayerGroupRef | null) {
  const client = useRestClient();
  return useQuery<LayerGroupRecord, RestError>({
    queryKey: ref ? queryKeys.layerGroup(ref) : [...queryKeys.layerGroups(), 'none'],
    enabled: ref !== null,
    queryFn: ({ signal }) => getLayerGroup(client, ref as LayerGroupRef, signal),
  });
}

/** The groups that hold `group` as a member (read while its delete is confirmed). */
export function useGroupsHolding(group: LayerGroupRef | null, all: LayerGroupRef[] | undefined) {
  const client = useRestClient();
  const name = group ? (group.workspace ? `${group.workspace}:${group.name}` : group.name) : '';
  return useQuery<LayerGroupRecord[], RestError>({
    queryKey: [...queryKeys.layerGroups(), 'holding', group?.workspace ?? '', group?.name ?? ''],
    enabled: group !== null && all !== undefined,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const others = (all ?? []).filter((g) => !(g.name === group?.name && g.workspace === group?.workspace));
      const records = await Promise.all(others.map((g) => getLayerGroup(client, g, signal)));
      return records.filter((r) => r.members.some((m) => m.type === 'layerGroup' && m.name === name));
    },
  });
}

/** Creates a group, or saves an existing one (`existing`). */
export function useSaveLayerGroup(existing: boolean) {
  const client = useRestClient();
  const queryClient = useQueryClient();
  return useMutation<void, RestError, LayerGroupDraft>({
    mutationFn: (draft) => (existing ? updateLayerGroup(client, draft) : createLayerGroup(client, draft)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.layerGroups() }),
  });
}

export function useDeleteLayerGroup() {
  const client = useRestClient();
  const queryClient = useQueryClient();
  return useMutation<void, RestError, { ref: LayerGroupRef; recurse: boolean }>({
    mutationFn: ({ ref, recurse }) => deleteLayerGroup(client, ref, recurse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.layerGroups() }),
  });
}
