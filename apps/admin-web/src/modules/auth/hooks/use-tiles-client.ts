import { useMemo } from 'react';
import { tilesBaseFor, type RestClient } from '../../../api';
import { useRestClient } from './use-rest-client';

/** A client for the service's vector tiles, with the signed-in user's session. */
export function useTilesClient(): RestClient {
  const client = useRestClient();
  return useMemo(() => client.withBase(tilesBaseFor(client.base)), [client]);
}
