/**
 * The console's Settings page in real Chromium against a real api (issue 23): an administrator
 * edits the global settings (a proxy base URL the page refuses first, then one it takes), the
 * contact, and a workspace's own WMS settings, saves each, and reads them back over REST; a READER
 * sees the same values read-only, with nothing to save. Photographed into e2e/artifacts/settings-*.png.
 */
import { createWorkspace, useApiServer, userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { SettingsPage } from './pages/settings.page';
import { SignInPage } from './pages/sign-in.page';
import { expectAccessible } from './support/axe';
import { requireChromium, saveScreenshot, useConsolePage } from './support/chromium';

requireChromium();

describe('Settings page (Chromium)', () => {
  const ctx = useApiServer();
  const chrome = useConsolePage();

  it('saves global settings, contact and a workspace’s WMS settings; REST reads them back', async () => {
    const { page } = chrome;
    const { server, api } = ctx;
    const workspace = uniqueName('setws');
    await createWorkspace(api, workspace);
    const before = (await api.get('/settings.json')).json().global.settings;

    const signIn = await new SignInPage(page).open(`${server.baseUrl}/web/`);
    await signIn.signIn(server.admin.user, server.admin.password);
    const settings = new SettingsPage(page);
    await settings.navigate('Settings');
    await settings.waitUntilShown();

    // A proxy base URL the server would refuse is refused here, and nothing is sent.
    await settings.fill('Global settings', 'Proxy base URL', 'javascript:alert(1)');
    await settings.save('Global settings').click();
    await settings.problem('Global settings', 'Proxy base URL').filter({ hasText: 'absolute http or https URL' }).waitFor();
    expect((await api.get('/settings.json')).json().global.settings).toEqual(before);

    // The api's own address: links stay usable while the test runs.
    await settings.fill('Global settings', 'Proxy base URL', server.baseUrl);
    await settings.fill('Global settings', 'Number of decimals', '6');
    await settings.save('Global settings').click();
    await settings.toast('Global settings saved.').waitFor();
    expect((await api.get('/settings.json')).json().global.settings).toMatchObject({ proxyBaseUrl: server.baseUrl, numDecimals: 6 });

    await settings.fill('Contact', 'Contact person', 'Ada Lovelace');
    await settings.fill('Contact', 'Email', 'ada@example.org');
    await settings.save('Contact').click();
    await settings.toast('Contact saved.').waitFor();
    expect((await api.get('/settings/contact.json')).json().contact).toMatchObject({ contactPerson: 'Ada Lovelace', contactEmail: 'ada@example.org' });

    // A workspace uses the global WMS settings until it is given its own.
    await settings.wmsScope(workspace);
    await settings.card('WMS settings').getByText(`Workspace ${workspace} uses the global WMS settings`).waitFor();
    expect(await api.get(`/services/wms/workspaces/${workspace}/settings.json`)).toHaveStatus(404);
    await settings.fill('WMS settings', 'Title', 'Local maps');
    await settings.fill('WMS settings', 'CRS list', '4326, 2154');
    await expectAccessible(page, 'the Settings page');
    await saveScreenshot(page, 'settings-admin');
    await settings.save('WMS settings', `Give ${workspace} its own WMS settings`).click();
    await settings.toast(`WMS settings of ${workspace} saved.`).waitFor();
    const own = (await api.get(`/services/wms/workspaces/${workspace}/settings.json`)).json().wms;
    expect(own).toMatchObject({ title: 'Local maps', srs: { string: ['4326', '2154'] } });
    expect((await api.get('/services/wms/settings.json')).json().wms.title).not.toBe('Local maps');
    // The form now shows the workspace's own settings, with a way back to the global ones.
    await settings.card('WMS settings').getByRole('button', { name: 'Use the global settings' }).waitFor();
    expect(await settings.field('WMS settings', 'Title').inputValue()).toBe('Local maps');
    await settings.card('WMS settings').getByRole('button', { name: 'Use the global settings' }).click();
    await settings.toast(`Workspace ${workspace} uses the global WMS settings again.`).waitFor();
    expect(await api.get(`/services/wms/workspaces/${workspace}/settings.json`)).toHaveStatus(404);

    await api.putJson('/settings', { global: { settings: { proxyBaseUrl: '' } } });
  }, 120_000);

  it('shows a READER the settings read-only, with nothing to save', async () => {
    const { page } = chrome;
    const { server, api } = ctx;
    expect(await api.putJson('/settings/contact', { contact: { contactOrganization: 'Acme' } })).toHaveStatus(200);
    const reader = await userWithRole(api, 'READER');
    const signIn = await new SignInPage(page).open(`${server.baseUrl}/web/`);
    await signIn.signIn(reader.user, reader.password);
    const settings = new SettingsPage(page);
    await settings.navigate('Settings');
    await settings.waitUntilShown();
    await settings.field('Contact', 'Organization').waitFor();
    expect(await settings.field('Contact', 'Organization').inputValue()).toBe('Acme');
    expect(await settings.field('Contact', 'Organization').getAttribute('readonly')).not.toBeNull();
    expect(await settings.field('Global settings', 'Proxy base URL').getAttribute('readonly')).not.toBeNull();
    expect(await settings.card('WMS settings').getByRole('switch', { name: 'WMS enabled' }).isDisabled()).toBe(true);
    expect(
      await page
        .getByRole('main')
        .getByRole('button', { name: /^Save|^Give|^Use the global/ })
        .count(),
    ).toBe(0);
    await saveScreenshot(page, 'settings-reader');
  }, 120_000);
});
