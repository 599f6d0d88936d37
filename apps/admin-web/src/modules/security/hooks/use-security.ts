import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getCatalogMode,
  groupRoles,
  listGroups,
  listRoles,
  listRules,
  listUsers,
  queryKeys,
  userGroups,
  userRoles,
  type RestClient,
  type RestError,
  type RuleSet,
  type UserSummary,
} from '../../../api';
import { useToast } from '../../../ui';
import { useRestClient } from '../../auth';

/** A user with its own roles and its groups, as the Users and Roles pages show it. */
export interface UserRow extends UserSummary {
  roles: string[];
  groups: string[];
}

const key = (...parts: string[]) => [...queryKeys.security(), ...parts] as const;

/** A user group with the roles it gives its members, as the Groups and Roles pages show it. */
export interface GroupRoles {
  name: string;
  roles: string[];
}

/**
 * Shows a change of one row of a list in the cache before the server answers; the write's answer
 * reads the list again either way, so a refusal puts it back. A reading of the list still under way
 * (after the previous click's write) is cancelled first: it would bring back the row as it was
 * before this click. Both happen in the click itself (a cancel puts the list back as it was when
 * that reading started, synchronously), so the rows the page draws next already hold the change.
 */
function usePatchRow<T>(list: 'users' | 'groups', idOf: (row: T) => string) {
  const queryClient = useQueryClient();
  return (id: string, patch: (row: T) => T) => {
    void queryClient.cancelQueries({ queryKey: key(list) });
    queryClient.setQueryData<T[]>(key(list), (rows) => rows?.map((row) => (idOf(row) === id ? patch(row) : row)));
  };
}

/** {@link usePatchRow} of the user list, by user name. */
export function usePatchUserRow() {
  return usePatchRow<UserRow>('users', (u) => u.userName);
}

/** {@link usePatchRow} of the group list, by group name. */
export function usePatchGroupRow() {
  return usePatchRow<GroupRoles>('groups', (g) => g.name);
}

/** Every user, with its roles and groups (one request per user: user lists are short). */
export function useUsers() {
  const client = useRestClient();
  return useQuery({
    queryKey: key('users'),
    queryFn: async ({ signal }): Promise<UserRow[]> => {
      const users = await listUsers(client, signal);
      return Promise.all(
        users.map(async (u) => ({ ...u, roles: await userRoles(client, u.userName, signal), groups: await userGroups(client, u.userName, signal) })),
      );
    },
  });
}

export function useRoles() {
  const client = useRestClient();
  return useQuery({ queryKey: key('roles'), queryFn: ({ signal }) => listRoles(client, signal) });
}

/** Every user group with the roles it gives its members. */
export function useGroups() {
  const client = useRestClient();
  return useQuery({
    queryKey: key('groups'),
    queryFn: async ({ signal }): Promise<GroupRoles[]> => {
      const groups = await listGroups(client, signal);
      return Promise.all(groups.map(async (name) => ({ name, roles: await groupRoles(client, name, signal) })));
    },
  });
}

export function useRules(set: RuleSet) {
  const client = useRestClient();
  return useQuery({ queryKey: key('rules', set), queryFn: ({ signal }) => listRules(client, set, signal) });
}

export function useCatalogMode() {
  const client = useRestClient();
  return useQuery({ queryKey: key('mode'), queryFn: ({ signal }) => getCatalogMode(client, signal) });
}

/**
 * A security write: on success every security list is read again (a role's delete takes its
 * grants, a rule changes who sees what) and `done` is said in a toast; a refusal is said in one.
 */
export function useSecurityWrite<V>(write: (client: RestClient, vars: V) => Promise<void>, done: (vars: V) => string) {
  const client = useRestClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation<void, RestError, V>({
    mutationFn: (vars) => write(client, vars),
    onSuccess: (_, vars) => {
      toast.success(done(vars));
      void queryClient.invalidateQueries({ queryKey: queryKeys.security() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.self() });
    },
    onError: (error) => {
      toast.error(error.message);
      void queryClient.invalidateQueries({ queryKey: queryKeys.security() });
    },
  });
}
