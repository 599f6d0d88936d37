// The data stores module's public face.
export { useAllDataStores } from './hooks/use-data-stores';
export { NewStorePage } from './pages/new-store-page';
export { StorePage } from './pages/store-page';
export { StoresPage } from './pages/stores-page';
export { parseStoreKey, storeKey, storePath } from './store-paths';
