// The history module's public face: the History page, a record's history section, live updates
// and the conflict dialog of edit forms. It depends on auth only, so every other module may use it.
export { ConflictDialog } from './components/conflict-dialog';
export { FieldDiff } from './components/field-diff';
export { LineDiffView } from './components/line-diff-view';
export { LiveCatalogUpdates } from './components/live-catalog-updates';
export { RecordHistory } from './components/record-history';
export { useEditConflict, type EditConflict } from './hooks/use-edit-conflict';
export { HistoryPage } from './pages/history-page';
export { historyPagePath, historyResource } from './resource-paths';
