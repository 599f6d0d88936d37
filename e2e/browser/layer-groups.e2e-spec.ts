/**
 * Layer groups in the console, in real Chromium against a real api and PostGIS: a group of two
 * layers is created by clicking (members added, reordered, a style chosen for one), it shows in
 * the list, and it reads back over REST as made. Photographed into e2e/artifacts/layer-groups-*.png.
 */
import { createWorkspace } from '../support/catalog';
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { createRiversTable, createSpatialStore, createStatesTable, tableSuffix, useSpatialApi } from '../support/postgis';
import { LayerGroupsPage } from './pages/layer-groups.page';
import { SignInPage } from './pages/sign-in.page';
import { expectAccessible } from './support/axe';
import { requireChromium, useConsolePage, saveScreenshot } from './support/chromium';

requireChromium();

describe('layer groups in the console (Chromium)', () => {
  const spatial = useSpatialApi();
  const chrome = useConsolePage();

  it('creates a group of two layers, sees it in the list, and reads it back over REST', async () => {
    const { page } = chrome;
    const { server, db, api } = spatial;
    const suffix = tableSuffix();
    const workspace = `groups_${suffix}`;
    await createStatesTable(db, `states_${suffix}`);
    await createRiversTable(db, `rivers_${suffix}`);
    await createWorkspace(api, workspace);
    await createSpatialStore(api, db, workspace, 'pg');
    await createFeatureType(api, workspace, 'pg', seedFeatureTypeXml('states', `states_${suffix}`));
    await createFeatureType(api, workspace, 'pg', seedFeatureTypeXml('rivers', `rivers_${suffix}`));
    const riversDefault = (await api.get(`/layers/${workspace}:rivers.json`)).json().layer.defaultStyle.name as string;

    const signIn = await new SignInPage(page).open(`${server.baseUrl}/web/`);
    await signIn.signIn(server.admin.user, server.admin.password);
    const groups = new LayerGroupsPage(page);
    await groups.navigate('Layer groups');
    await groups.waitUntilShown();
    await groups.openNew();
    await groups.fill({ name: 'overview', workspace, title: 'States and rivers' });
    await groups.addMember(`layer ${workspace}:states`);
    await groups.addMember(`layer ${workspace}:rivers`);
    // States drawn over the rivers: rivers first.
    await groups.moveUp(`${workspace}:rivers`);
    expect(await groups.memberNames()).toEqual([`Layer ${workspace}:rivers`, `Layer ${workspace}:states`]);
    await groups.chooseStyle(1, riversDefault);
    await expectAccessible(page, 'the new layer group page');
    await saveScreenshot(page, 'layer-groups-new');
    await groups.create();
    await groups.toast(`Layer group ${workspace}:overview created.`).waitFor();
    expect(groups.path()).toBe(`/layergroups/${workspace}/overview`);

    await groups.navigate('Layer groups');
    await groups.row('overview').waitFor();
    expect(await groups.row('overview').getByRole('cell').first().innerText()).toBe(workspace);
    await expectAccessible(page, 'the layer groups list');
    await saveScreenshot(page, 'layer-groups-list');

    const group = (await api.get(`/workspaces/${workspace}/layergroups/overview.json`)).json().layerGroup;
    expect([group.name, group.title, group.mode, group.workspace.name]).toEqual(['overview', 'States and rivers', 'SINGLE', workspace]);
    expect(group.publishables.published.map((p: { '@type': string; name: string }) => `${p['@type']} ${p.name}`)).toEqual([
      `layer ${workspace}:rivers`,
      `layer ${workspace}:states`,
    ]);
    expect(group.styles.style.map((s: { name?: string } | string) => (typeof s === 'string' ? s : s.name))).toEqual([riversDefault, '']);
  }, 120_000);
});
