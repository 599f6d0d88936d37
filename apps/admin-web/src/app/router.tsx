import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RequireSession, SignInPage } from '../modules/auth';
import { WorkspacesPage } from '../modules/workspaces';
import { AppShell } from './app-shell';
import { NotFoundPage } from './not-found-page';

/** Every page of the console; paths are relative to the console's base (`/geoserver/web`). */
export const routes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage /> },
  {
    element: (
      <RequireSession>
        <AppShell />
      </RequireSession>
    ),
    children: [
      { index: true, element: <Navigate to="/workspaces" replace /> },
      { path: 'workspaces', element: <WorkspacesPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The browser router, mounted at the console's base path. */
export function createAppRouter(basename: string) {
  return createBrowserRouter(routes, { basename });
}
