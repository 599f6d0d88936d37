export * from './catalog-list';
export * from './data-table';
export * from './list-state';
export * from './list-toolbar';
export * from './pager';
export * from './use-list-state';
export * from './list-filter-select';
