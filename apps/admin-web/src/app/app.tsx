import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { ServiceLocation } from '../api';
import { AuthProvider } from '../modules/auth';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export interface AppProps {
  /** Where the console and the REST API are mounted. */
  location: ServiceLocation;
  queryClient?: QueryClient;
}

/** The console: server-state cache, session, and the pages. */
export function App({ location, queryClient: givenQueryClient }: AppProps) {
  const [queryClient] = useState(() => givenQueryClient ?? createQueryClient());
  const [router] = useState(() => createAppRouter(location.appBase));
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider restBase={location.restBase}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
