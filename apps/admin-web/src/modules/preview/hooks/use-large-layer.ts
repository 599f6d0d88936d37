import { useQuery } from '@tanstack/react-query';
import { hasMoreFeaturesThan, queryKeys, type RestError } from '../../../api';
import { useFeaturesClient } from '../../auth';
import { TILES_ABOVE_FEATURES } from '../preview-mode';

/** Whether the layer `ws:layer` has more features than the preview loads as features. */
export function useLargeLayer(collectionId: string) {
  const features = useFeaturesClient();
  return useQuery<boolean, RestError>({
    queryKey: queryKeys.featureCount(collectionId),
    queryFn: ({ signal }) => hasMoreFeaturesThan(features, collectionId, TILES_ABOVE_FEATURES, signal),
    enabled: collectionId !== '',
    retry: false,
  });
}
