import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createDataStore,
  deleteDataStore,
  getVersionedDataStore,
  listDataStores,
  listFeatureTypes,
  queryKeys,
  testDataStoreConnection,
  updateDataStore,
  type ConnectionTestResult,
  type DataStore,
  type DataStoreInput,
  type DataStoreRef,
  type RestError,
  type Versioned,
} from '../../../api';
import { useRestClient } from '../../auth';
import { useWorkspaces } from '../../workspaces';

/** Every data store of every workspace: the workspace list, then one store list per workspace. */
export function useAllDataStores() {
  const client = useRestClient();
  const workspaces = useWorkspaces();
  const names = workspaces.data ?? [];
  const lists = useQueries({
    queries: names.map((workspace) => ({
      queryKey: queryKeys.dataStoreList(workspace.name),
      queryFn: ({ signal }: { signal: AbortSignal }) => listDataStores(client, workspace.name, signal),
    })),
  });
  const pending = workspaces.isPending || lists.some((list) => list.isPending);
  const error = (workspaces.error ?? lists.find((list) => list.error)?.error ?? null) as Error | null;
  const stores: DataStoreRef[] | undefined = pending && !error ? undefined : lists.flatMap((list) => list.data ?? []);
  return {
    stores: workspaces.data ? stores : undefined,
    workspaces: workspaces.data?.map((w) => w.name),
    error,
    isFetching: workspaces.isFetching || lists.some((list) => list.isFetching),
    refetch: () => {
      void workspaces.refetch();
      lists.forEach((list) => void list.refetch());
    },
  };
}

function versionedDataStoreQuery(client: ReturnType<typeof useRestClient>, ref: DataStoreRef | null) {
  return {
    queryKey: ref ? queryKeys.dataStore(ref) : [...queryKeys.dataStores(), 'none'],
    enabled: ref !== null,
    queryFn: ({ signal }: { signal: AbortSignal }) => getVersionedDataStore(client, ref as DataStoreRef, signal),
  };
}

/** One store's record. */
export function useDataStore(ref: DataStoreRef | null) {
  const client = useRestClient();
  return useQuery<Versioned<DataStore>, RestError, DataStore>({ ...versionedDataStoreQuery(client, ref), select: (versioned) => versioned.record });
}

/** One store's record with its version tag and representation, for the edit form. */
export function useVersionedDataStore(ref: DataStoreRef | null) {
  const client = useRestClient();
  return useQuery<Versioned<DataStore>, RestError>(versionedDataStoreQuery(client, ref));
}

/** Names of the store's published feature types (each has a layer of the same name). */
export function useStoreFeatureTypes(ref: DataStoreRef | null) {
  const client = useRestClient();
  return useQuery<string[], RestError>({
    queryKey: ref ? queryKeys.featureTypeList(ref) : [...queryKeys.featureTypes(), 'none'],
    enabled: ref !== null,
    queryFn: ({ signal }) => listFeatureTypes(client, ref as DataStoreRef, signal),
  });
}

export function useCreateDataStore() {
  const client = useRestClient();
  const queryClient = useQueryClient();
  return useMutation<string, RestError, { workspace: string; input: DataStoreInput }>({
    mutationFn: ({ workspace, input }) => createDataStore(client, workspace, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dataStores() }),
  });
}

export function useUpdateDataStore() {
  const client = useRestClient();
  const queryClient = useQueryClient();
  return useMutation<void, RestError, { ref: DataStoreRef; input: DataStoreInput; ifMatch: string | null }>({
    mutationFn: ({ ref, input, ifMatch }) => updateDataStore(client, ref, input, ifMatch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dataStores() }),
  });
}

/** Deletes a store with its feature types and layers; every list is refreshed. */
export function useDeleteDataStore() {
  const client = useRestClient();
  const queryClient = useQueryClient();
  return useMutation<void, RestError, DataStoreRef>({
    mutationFn: (ref) => deleteDataStore(client, ref),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.all }),
  });
}

/** Tests connection parameters on the server; saves nothing. */
export function useTestConnection() {
  const client = useRestClient();
  return useMutation<ConnectionTestResult, RestError, DataStoreInput>({
    mutationFn: (input) => testDataStoreConnection(client, input),
  });
}
