import type { RestClient } from '../../../api';
import { useAuth } from './use-auth';

/** The REST client of the signed-in user; only for pages behind `<RequireSession>`. */
export function useRestClient(): RestClient {
  const { client } = useAuth();
  if (!client) throw new Error('useRestClient needs a signed-in user (render it inside <RequireSession>).');
  return client;
}
