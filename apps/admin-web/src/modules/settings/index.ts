// The settings module's public face.
export { SettingsPage } from './pages/settings-page';
