import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../app/query-client';
import { AuthProvider, RequireSession } from '../modules/auth';
import { ToastProvider } from '../ui';
import { withFakeSession } from './fake-session';

/**
 * Renders one component (not the whole console) for a signed-in admin, with the service answered
 * by `fetch`: query client (no retries), toasts, auth, a router.
 */
export function renderSignedIn(ui: ReactNode, fetch: typeof globalThis.fetch) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider restBase="/geoserver/rest" fetch={withFakeSession(fetch, { signedIn: { userName: 'admin' } })}>
          <MemoryRouter>
            <RequireSession>{ui}</RequireSession>
          </MemoryRouter>
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}
