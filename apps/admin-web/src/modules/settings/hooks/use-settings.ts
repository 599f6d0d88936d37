import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteWorkspaceWmsSettings, getSettings, putSettings, queryKeys, type RestError, type SettingsTarget, type SettingValues } from '../../../api';
import { useRestClient } from '../../auth';

/** One kind of settings with its ETag; null for a workspace without WMS settings of its own. */
export function useSettings(target: SettingsTarget) {
  const client = useRestClient();
  return useQuery({
    queryKey: queryKeys.settingsOf(target),
    queryFn: ({ signal }) => getSettings(client, target, signal),
  });
}

/** What to do once a write is answered (told even when the form has been remounted by then). */
export interface WriteOutcome {
  onSuccess: () => void;
  onError: (error: RestError) => void;
}

/**
 * Saves settings read with `etag` (412 when they changed since); then they are read again, which
 * remounts the form with the stored values: `outcome` is told here, not through `mutate`'s own
 * callbacks, which an unmounted form would never hear.
 */
export function useSaveSettings(target: SettingsTarget, outcome: WriteOutcome) {
  const client = useRestClient();
  const queryClient = useQueryClient();
  return useMutation<void, RestError, { values: SettingValues; etag: string | null }>({
    mutationFn: ({ values, etag }) => putSettings(client, target, values, etag),
    ...outcome,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.settings() }),
  });
}

/** Deletes a workspace's own WMS settings (it uses the global ones again). */
export function useDeleteWorkspaceWmsSettings(workspace: string, outcome: WriteOutcome) {
  const client = useRestClient();
  const queryClient = useQueryClient();
  return useMutation<void, RestError, void>({
    mutationFn: () => deleteWorkspaceWmsSettings(client, workspace),
    ...outcome,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.settings() }),
  });
}
