// The catalog-files module's public face: import and export of GeoServer data directories.
export { ImportExportPage } from './pages/import-export-page';
