// The styles module's public face. The editor pulls in the SLD validator, so it loads on demand.
import { lazy } from 'react';

export { StylesPage } from './pages/styles-page';
export { styleEditorPath } from './style-paths';

/** The style editor (`/styles/{name}`, `/styles/{ws}/{name}`). */
export const StyleEditorPage = lazy(() => import('./pages/style-editor-page'));
