import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/router';
import { AuthProvider, type Session } from '../modules/auth';
import { writeSession } from '../modules/auth/session-store';

export interface RenderConsoleOptions {
  /** The fetch the console's REST client uses. */
  fetch: typeof globalThis.fetch;
  /** Console path to open, e.g. `/workspaces`. */
  path?: string;
  /** A session already kept for the tab (signed in before the page loaded). */
  session?: Session;
}

/** Renders the whole console (every route) in memory, with the REST API answered by `fetch`. */
export function renderConsole({ fetch, path = '/', session }: RenderConsoleOptions) {
  if (session) writeSession(session);
  const queryClient = createQueryClient();
  // No retries in tests: a failure should show at once.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider restBase="/geoserver/rest" fetch={fetch}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** The session of `admin` / `geoserver`. */
export const ADMIN_SESSION: Session = { userName: 'admin', authorization: 'Basic YWRtaW46Z2Vvc2VydmVy' };
