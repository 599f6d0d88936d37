import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/router';
import { AuthProvider, type Session } from '../modules/auth';
import { withFakeSession, type FakeSessionState } from './fake-session';

export interface RenderConsoleOptions {
  /** The fetch the console's REST client uses. */
  fetch: typeof globalThis.fetch;
  /** Console path to open, e.g. `/workspaces`. */
  path?: string;
  /** Who the browser's session cookie signs in when the page loads (signed in before). */
  session?: Session;
  /** The roles of that session; `ADMIN` when not given. */
  roles?: string[];
}

/**
 * Renders the whole console (every route) in memory, with the REST API answered by `fetch` and
 * the sign-in endpoint by a fake cookie session (`sessionState` says who is signed in).
 */
export function renderConsole({ fetch, path = '/', session, roles }: RenderConsoleOptions) {
  const sessionState: FakeSessionState = { signedIn: session ?? null, roles };
  const queryClient = createQueryClient();
  // No retries in tests: a failure should show at once.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider restBase="/geoserver/rest" fetch={withFakeSession(fetch, sessionState)}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, sessionState };
}

/** The session of `admin`. */
export const ADMIN_SESSION: Session = { userName: 'admin' };
