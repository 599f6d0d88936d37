import { useQuery } from '@tanstack/react-query';
import { getStyleSld, queryKeys, type RestError, type StyleRef } from '../../../api';
import { useRestClient } from '../../auth';

/** The stored SLD document of a style. */
export function useStyleSld(ref: StyleRef | null) {
  const client = useRestClient();
  return useQuery<string, RestError>({
    queryKey: ref ? queryKeys.styleSld(ref) : [...queryKeys.styles(), 'sld', 'none'],
    enabled: ref !== null,
    queryFn: ({ signal }) => getStyleSld(client, ref as StyleRef, signal),
  });
}
