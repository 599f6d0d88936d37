import { collectionSegments, recordSegments, type Workspace } from '@geocatalog/catalog-model';
import { listEntries, pathOf } from './catalog-json';
import type { RestClient } from './rest-client';

/** One entry of the workspace list: the name and the link to its full representation. */
export type WorkspaceSummary = Pick<Workspace, 'name'> & {
  /** Absolute URL of the workspace's JSON representation. */
  href: string;
};

/**
 * Reads GeoServer's workspace list: `{"workspaces":{"workspace":[{"name","href"}]}}`, or
 * `{"workspaces":""}` when there is none (GeoServer writes an empty list as an empty string).
 * A lone object instead of an array is accepted too. Anything else is refused.
 */
export function parseWorkspaceList(body: unknown): WorkspaceSummary[] {
  return listEntries(body, 'workspaces', 'workspace', 'workspace').map((entry) => {
    if (typeof entry.name !== 'string') throw new Error('The server sent a workspace without a name.');
    return { name: entry.name, href: typeof entry.href === 'string' ? entry.href : '' };
  });
}

/** `GET /workspaces.json`. */
export async function listWorkspaces(client: RestClient, signal?: AbortSignal): Promise<WorkspaceSummary[]> {
  return parseWorkspaceList(await client.getJson(`${pathOf(collectionSegments('workspace', {}))}.json`, signal));
}

/** `POST /workspaces` with `{"workspace":{"name"}}`; resolves with the created name. */
export async function createWorkspace(client: RestClient, name: string): Promise<string> {
  const created = await client.postJson(pathOf(collectionSegments('workspace', {})), { workspace: { name } });
  return created.trim() || name;
}

/** `DELETE /workspaces/{ws}?recurse=true`: the workspace with its stores, layers and styles. */
export async function deleteWorkspace(client: RestClient, name: string): Promise<void> {
  await client.delete(`${pathOf(recordSegments('workspace', { name }))}?recurse=true`);
}
