import type { LayerGroupRef } from '../../api';

/** The page of a group: `/layergroups/{name}` for a global group, `/layergroups/{ws}/{name}` for a workspace's. */
export const layerGroupPagePath = (ref: LayerGroupRef): string =>
  `/layergroups/${ref.workspace ? `${encodeURIComponent(ref.workspace)}/` : ''}${encodeURIComponent(ref.name)}`;

/** The page that creates a group (in `workspace`, when given). */
export const newLayerGroupPath = (workspace?: string | null): string => `/layergroups/new${workspace ? `?workspace=${encodeURIComponent(workspace)}` : ''}`;
