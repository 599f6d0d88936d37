// The preview module's public face. Everything here pulls in OpenLayers and the GeoStyler
// parsers, so it is only ever loaded on demand (lazy), keeping them out of the main bundle.
import { lazy } from 'react';

/** The layer preview page (`/preview/{ws}:{layer}`; `?mode=client` draws in the browser). */
export const PreviewPage = lazy(() => import('./pages/preview-page'));

/** A layer group's preview (`/preview/groups/{group}`), drawn by the WMS. */
export const GroupPreviewPage = lazy(() => import('./pages/group-preview-page'));

/** A layer drawn with an unsaved SLD text (the style editor's preview). */
export const StylePreview = lazy(() => import('./components/style-preview'));

/** A style's legend icons, drawn from its SLD by libs/map-render (the styles list's thumbnails). */
export const StyleLegendThumbnail = lazy(() => import('./components/style-legend-thumbnail'));
