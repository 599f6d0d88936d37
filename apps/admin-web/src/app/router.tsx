import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RequireSession, SignInPage } from '../modules/auth';
import { ImportExportPage } from '../modules/catalog-files';
import { HistoryPage } from '../modules/history';
import { LayerPage, LayersPage, PublishPage } from '../modules/layers';
import { PreviewPage } from '../modules/preview';
import { NewStorePage, StorePage, StoresPage } from '../modules/stores';
import { StyleEditorPage, StylesPage } from '../modules/styles';
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
      { path: 'stores', element: <StoresPage /> },
      { path: 'stores/new', element: <NewStorePage /> },
      { path: 'stores/:workspace/:store', element: <StorePage /> },
      { path: 'layers', element: <LayersPage /> },
      { path: 'layers/publish', element: <PublishPage /> },
      { path: 'layers/:workspace/:layer', element: <LayerPage /> },
      { path: 'styles', element: <StylesPage /> },
      // One segment: a global style; two: a workspace's style (names never hold a slash).
      { path: 'styles/:style', element: <StyleEditorPage /> },
      { path: 'styles/:workspace/:style', element: <StyleEditorPage /> },
      { path: 'history', element: <HistoryPage /> },
      { path: 'import-export', element: <ImportExportPage /> },
      { path: 'preview', element: <Navigate to="/layers" replace /> },
      { path: 'preview/:layer', element: <PreviewPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The browser router, mounted at the console's base path. */
export function createAppRouter(basename: string) {
  return createBrowserRouter(routes, { basename });
}
