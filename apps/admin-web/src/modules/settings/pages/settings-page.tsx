import { PageHeader } from '../../../ui';
import { useMayWrite } from '../../auth';
import { SettingsCard } from '../components/settings-card';
import { WmsSettingsCard } from '../components/wms-settings-card';
import { CONTACT_FIELDS, GLOBAL_FIELDS } from '../settings-fields';
import './settings-page.css';

/** The server's settings: global (proxy base URL, …), contact, and WMS (global or per workspace). Read-only to a reader. */
export function SettingsPage() {
  const readOnly = !useMayWrite();
  return (
    <>
      <PageHeader
        title="Settings"
        description={
          readOnly
            ? 'The server’s settings, its contact and its WMS settings. Only an administrator may change them.'
            : 'The server’s settings, its contact and its WMS settings, global or for one workspace’s virtual service.'
        }
      />
      <div className="settings-page">
        <SettingsCard title="Global settings" target={{ kind: 'global' }} fields={GLOBAL_FIELDS} readOnly={readOnly} />
        <SettingsCard title="Contact" target={{ kind: 'contact' }} fields={CONTACT_FIELDS} readOnly={readOnly} />
        <WmsSettingsCard readOnly={readOnly} />
      </div>
    </>
  );
}
