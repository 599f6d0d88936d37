import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { countFeatures, queryKeys, updateFeatureTypeFilter, type RestError } from '../../../api';
import { useFeaturesClient, useRestClient } from '../../auth';

/**
 * How many features of the layer `ws:layer` pass `filter` ('' for none) and its own cqlFilter:
 * the server's numberMatched, or the cheap probe count of `countFeatures`. Off for ''.
 */
export function useFeatureMatches(collectionId: string, filter: string, enabled = true) {
  const features = useFeaturesClient();
  return useQuery<number, RestError>({
    queryKey: queryKeys.featureMatches(collectionId, filter.trim()),
    queryFn: ({ signal }) => countFeatures(features, collectionId, filter.trim() || null, signal),
    enabled: enabled && collectionId !== '',
    placeholderData: keepPreviousData,
  });
}

/** Saves a feature type's cqlFilter; its record and every count and page of the layer's features are refreshed. */
export function useUpdateFeatureTypeFilter(collectionId: string) {
  const client = useRestClient();
  const queryClient = useQueryClient();
  return useMutation<void, RestError, { path: string; cqlFilter: string }>({
    mutationFn: ({ path, cqlFilter }) => updateFeatureTypeFilter(client, path, cqlFilter),
    onSettled: (_data, _error, { path }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.featureType(path) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.collection(collectionId) }),
      ]),
  });
}
