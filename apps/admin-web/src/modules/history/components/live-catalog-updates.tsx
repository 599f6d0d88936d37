import { useLiveCatalog } from '../hooks/use-live-catalog';

/** Mounted once in the signed-in shell: follows the catalog's change events (renders nothing). */
export function LiveCatalogUpdates() {
  useLiveCatalog();
  return null;
}
