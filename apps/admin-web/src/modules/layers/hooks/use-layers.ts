import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteLayer,
  getFeatureTypeAt,
  getLayer,
  listAvailableTables,
  listLayers,
  queryKeys,
  updateLayer,
  type DataStoreRef,
  type FeatureType,
  type Layer,
  type LayerPatch,
  type LayerRef,
  type RestError,
} from '../../../api';
import { useRestClient } from '../../auth';

/** Every layer (`GET /layers.json`). */
export function useLayerList() {
  const client = useRestClient();
  return useQuery<LayerRef[], RestError>({
    queryKey: queryKeys.layerList(),
    queryFn: ({ signal }) => listLayers(client, signal),
  });
}

/** One layer's record. */
export function useLayer(ref: LayerRef | null) {
  const client = useRestClient();
  return useQuery<Layer, RestError>({
    queryKey: ref ? queryKeys.layer(ref) : [...queryKeys.layers(), 'none'],
    enabled: ref !== null,
    queryFn: ({ signal }) => getLayer(client, ref as LayerRef, signal),
  });
}

/** The feature type behind a layer, by the REST path its `resource` link gives. */
export function useFeatureTypeAt(path: string | null | undefined) {
  const client = useRestClient();
  return useQuery<FeatureType, RestError>({
    queryKey: queryKeys.featureType(path ?? ''),
    enabled: !!path,
    queryFn: ({ signal }) => getFeatureTypeAt(client, path as string, signal),
  });
}

/** A layer with its feature type: what a layer row or page shows. */
export function useLayerDetails(ref: LayerRef | null) {
  const layer = useLayer(ref);
  const featureType = useFeatureTypeAt(layer.data?.resourcePath);
  return { layer, featureType };
}

/** Tables of a store with geometry that are not published yet. */
export function useAvailableTables(store: DataStoreRef | null) {
  const client = useRestClient();
  return useQuery<string[], RestError>({
    queryKey: store ? queryKeys.availableTables(store) : [...queryKeys.featureTypes(), 'none'],
    enabled: store !== null,
    staleTime: 0,
    queryFn: ({ signal }) => listAvailableTables(client, store as DataStoreRef, signal),
  });
}

/** Changes a layer (enabled, styles); the layer's record is refreshed. */
export function useUpdateLayer() {
  const client = useRestClient();
  const queryClient = useQueryClient();
  return useMutation<void, RestError, { ref: LayerRef; patch: LayerPatch }>({
    mutationFn: ({ ref, patch }) => updateLayer(client, ref, patch),
    onMutate: async ({ ref, patch }) => {
      // Enabled flips show at once; the server's answer follows.
      if (patch.enabled === undefined) return;
      await queryClient.cancelQueries({ queryKey: queryKeys.layer(ref) });
      queryClient.setQueryData<Layer>(queryKeys.layer(ref), (layer) => (layer ? { ...layer, enabled: patch.enabled as boolean } : layer));
    },
    // The refresh is not awaited: the switch is usable again as soon as the server has answered.
    onSettled: (_data, _error, { ref }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.layer(ref) });
    },
  });
}

/** Deletes a layer with its feature type; lists are refreshed. */
export function useDeleteLayers() {
  const client = useRestClient();
  const queryClient = useQueryClient();
  return useMutation<void, RestError, LayerRef[]>({
    mutationFn: async (refs) => {
      for (const ref of refs) await deleteLayer(client, ref);
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.layers() }), queryClient.invalidateQueries({ queryKey: queryKeys.featureTypes() })]),
  });
}
