import { useMemo } from 'react';
import { featuresBaseFor, type RestClient } from '../../../api';
import { useRestClient } from './use-rest-client';

/** A client for the service's OGC API - Features, with the signed-in user's credentials. */
export function useFeaturesClient(): RestClient {
  const client = useRestClient();
  return useMemo(() => client.withBase(featuresBaseFor(client.base)), [client]);
}
