import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createStyle,
  deleteStyle,
  getLayer,
  getStyleInfo,
  getVersionedStyleSld,
  listLayers,
  listStyles,
  queryKeys,
  saveStyleSld,
  sameStyle,
  type LayerRef,
  type RestError,
  type StyleInfo,
  type StyleRef,
  type Versioned,
} from '../../../api';
import { useRestClient } from '../../auth';
import { useWorkspaces } from '../../workspaces';

/** Global styles and every workspace's styles. */
export function useAllStyles() {
  const client = useRestClient();
  const workspaces = useWorkspaces();
  const sources: Array<string | null> = [null, ...(workspaces.data ?? []).map((w) => w.name)];
  const lists = useQueries({
    queries: sources.map((workspace) => ({
      queryKey: queryKeys.styleList(workspace),
      queryFn: ({ signal }: { signal: AbortSignal }) => listStyles(client, workspace, signal),
    })),
  });
  const pending = workspaces.isPending || lists.some((list) => list.isPending);
  const error = (workspaces.error ?? lists.find((list) => list.error)?.error ?? null) as Error | null;
  return {
    styles: pending && !error ? undefined : lists.flatMap((list) => list.data ?? []),
    workspaces: workspaces.data?.map((w) => w.name),
    error,
    isFetching: workspaces.isFetching || lists.some((list) => list.isFetching),
    refetch: () => {
      void workspaces.refetch();
      lists.forEach((list) => void list.refetch());
    },
  };
}

export function useStyleInfo(ref: StyleRef) {
  const client = useRestClient();
  return useQuery<StyleInfo, RestError>({
    queryKey: queryKeys.styleInfo(ref),
    queryFn: ({ signal }) => getStyleInfo(client, ref, signal),
  });
}

/**
 * The stored SLD with the style's version tag. Not refetched on focus: the editor compares its
 * text with it; a change made elsewhere reaches it through the live events.
 */
export function useStoredSld(ref: StyleRef) {
  const client = useRestClient();
  return useQuery<Versioned<string>, RestError>({
    queryKey: queryKeys.styleSldVersion(ref),
    queryFn: ({ signal }) => getVersionedStyleSld(client, ref, signal),
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

export function useCreateStyle() {
  const client = useRestClient();
  const queryClient = useQueryClient();
  return useMutation<string, RestError, { ref: StyleRef; sld: string }>({
    mutationFn: ({ ref, sld }) => createStyle(client, ref, sld),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.styles() }),
  });
}

export function useSaveStyle() {
  const client = useRestClient();
  const queryClient = useQueryClient();
  return useMutation<void, RestError, { ref: StyleRef; sld: string; version: string | null; ifMatch: string | null }>({
    mutationFn: ({ ref, sld, version, ifMatch }) => saveStyleSld(client, ref, sld, version, ifMatch),
    onSuccess: (_data, { ref, sld }) => {
      queryClient.setQueryData(queryKeys.styleSld(ref), sld);
      // The saved text has a new version tag: read it for the next save.
      void queryClient.invalidateQueries({ queryKey: queryKeys.styleSldVersion(ref) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.styleInfo(ref) });
    },
  });
}

/** Layers that use a style, as default or additional style (read while a delete is confirmed). */
export function useLayersUsingStyle(style: StyleRef | null) {
  const client = useRestClient();
  return useQuery<Array<{ layer: LayerRef; asDefault: boolean }>, RestError>({
    queryKey: [...queryKeys.styles(), 'users', style?.workspace ?? '', style?.name ?? ''],
    enabled: style !== null,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const ref = style as StyleRef;
      const all = await listLayers(client, signal);
      // A workspace style can only be used by that workspace's layers.
      const candidates = ref.workspace ? all.filter((layer) => layer.workspace === ref.workspace) : all;
      const users: Array<{ layer: LayerRef; asDefault: boolean }> = [];
      for (let i = 0; i < candidates.length; i += 8) {
        const layers = await Promise.all(candidates.slice(i, i + 8).map((layer) => getLayer(client, layer, signal)));
        for (const layer of layers) {
          if (sameStyle(layer.defaultStyle, ref)) users.push({ layer, asDefault: true });
          else if (layer.styles.some((s) => sameStyle(s, ref))) users.push({ layer, asDefault: false });
        }
      }
      return users;
    },
  });
}

export function useDeleteStyle() {
  const client = useRestClient();
  const queryClient = useQueryClient();
  return useMutation<void, RestError, StyleRef>({
    mutationFn: (ref) => deleteStyle(client, ref),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.styles() }), queryClient.invalidateQueries({ queryKey: queryKeys.layers() })]),
  });
}
