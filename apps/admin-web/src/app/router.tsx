import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RequireAdmin, RequireSession, RequireWrite, SignInPage } from '../modules/auth';
import { ImportExportPage } from '../modules/catalog-files';
import { HistoryPage } from '../modules/history';
import { LayerGroupPage, LayerGroupsPage } from '../modules/layergroups';
import { LayerPreviewPage } from '../modules/layer-preview';
import { LayerPage, LayersPage, PublishPage } from '../modules/layers';
import { GroupPreviewPage, PreviewPage } from '../modules/preview';
import { GroupsPage, RolesPage, SecurityRulesPage, UsersPage } from '../modules/security';
import { SettingsPage } from '../modules/settings';
import { NewStorePage, StorePage, StoresPage } from '../modules/stores';
import { StyleEditorPage, StylesPage } from '../modules/styles';
import { WorkspacesPage } from '../modules/workspaces';
import { AppShell } from './app-shell';
import { NotFoundPage } from './not-found-page';
import { sectionAt } from './sections';

/** A section's page, behind RequireAdmin when the section is for administrators only. */
function sectionPage(path: string, page: ReactNode): RouteObject {
  const section = sectionAt(path);
  if (!section) throw new Error(`No section at /${path}`);
  return { path, element: section.adminOnly ? <RequireAdmin title={section.label}>{page}</RequireAdmin> : page };
}

/** A page for administrators only that is not a section of its own (the Security tabs). */
function adminPage(path: string, title: string, page: ReactNode): RouteObject {
  return { path, element: <RequireAdmin title={title}>{page}</RequireAdmin> };
}

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
      sectionPage('workspaces', <WorkspacesPage />),
      sectionPage('stores', <StoresPage />),
      {
        path: 'stores/new',
        element: (
          <RequireWrite title="New PostGIS data store">
            <NewStorePage />
          </RequireWrite>
        ),
      },
      { path: 'stores/:workspace/:store', element: <StorePage /> },
      sectionPage('layers', <LayersPage />),
      {
        path: 'layers/publish',
        element: (
          <RequireWrite title="Publish layers">
            <PublishPage />
          </RequireWrite>
        ),
      },
      { path: 'layers/:workspace/:layer', element: <LayerPage /> },
      sectionPage('layergroups', <LayerGroupsPage />),
      {
        path: 'layergroups/new',
        element: (
          <RequireWrite title="New layer group">
            <LayerGroupPage />
          </RequireWrite>
        ),
      },
      // One segment: a global group; two: a workspace's group (names never hold a slash).
      { path: 'layergroups/:group', element: <LayerGroupPage /> },
      { path: 'layergroups/:workspace/:group', element: <LayerGroupPage /> },
      sectionPage('layer-preview', <LayerPreviewPage />),
      sectionPage('styles', <StylesPage />),
      // One segment: a global style; two: a workspace's style (names never hold a slash).
      { path: 'styles/:style', element: <StyleEditorPage /> },
      { path: 'styles/:workspace/:style', element: <StyleEditorPage /> },
      sectionPage('settings', <SettingsPage />),
      sectionPage('history', <HistoryPage />),
      sectionPage('import-export', <ImportExportPage />),
      // Security: the rules, and its Users, Groups and Roles tabs under it (so its menu item stays lit).
      sectionPage('security', <SecurityRulesPage />),
      adminPage('security/users', 'Users', <UsersPage />),
      adminPage('security/groups', 'User groups', <GroupsPage />),
      adminPage('security/roles', 'Roles', <RolesPage />),
      { path: 'users', element: <Navigate to="/security/users" replace /> },
      { path: 'roles', element: <Navigate to="/security/roles" replace /> },
      { path: 'preview', element: <Navigate to="/layer-preview" replace /> },
      { path: 'preview/groups/:group', element: <GroupPreviewPage /> },
      { path: 'preview/:layer', element: <PreviewPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The browser router, mounted at the console's base path. */
export function createAppRouter(basename: string) {
  return createBrowserRouter(routes, { basename });
}
