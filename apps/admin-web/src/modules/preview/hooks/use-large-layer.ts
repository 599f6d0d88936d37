import { useQuery } from '@tanstack/react-query';
import { getFeatureCount, queryKeys, type RestError } from '../../../api';
import { useFeaturesClient } from '../../auth';

/** How many features the layer `ws:layer` has (null when the server did not count in time). */
export function useFeatureCount(collectionId: string) {
  const features = useFeaturesClient();
  return useQuery<number | null, RestError>({
    queryKey: queryKeys.featureCount(collectionId),
    queryFn: ({ signal }) => getFeatureCount(features, collectionId, signal),
    enabled: collectionId !== '',
    retry: false,
  });
}
