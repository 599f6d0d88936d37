/**
 * The console's user groups and the service rules in "what can this user see?" (issue 25), in real
 * Chromium against a real api: an administrator creates a group, puts a user in it, gives it
 * roles, sees the user's services change with the group's roles (a `wms.GetMap` service rule),
 * and deletes the group after being told who loses which role. A READER and a workspace
 * administrator get no Groups page and send no request for the groups. Photographed into
 * e2e/artifacts/security-groups-*.png.
 */
import type { Page, Request } from 'playwright-core';
import { createWorkspace, useApiServer, userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { card, signInToConsole } from './pages/console.page';
import { requireChromium, saveScreenshot, useConsolePage } from './support/chromium';

requireChromium();

describe('User groups and service rules in the Security pages (Chromium)', () => {
  const ctx = useApiServer();
  const chrome = useConsolePage();

  const signIn = (page: Page, user: string, password: string) => signInToConsole(page, ctx.server.baseUrl, user, password);
  const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Security' }).getByRole('link', { name });

  it('creates a group, fills it, gives it roles, shows what its member may call, and deletes it after saying who loses what', async () => {
    const { page } = chrome;
    const { server, api } = ctx;
    const group = uniqueName('grp');
    const [maps, extra] = [uniqueName('MAPS').toUpperCase(), uniqueName('EXTRA').toUpperCase()];
    for (const role of [maps, extra]) expect(await api.post(`/security/roles/role/${role}`)).toHaveStatus(201);
    const member = await userWithRole(api, null, 'member');
    // Only holders of `maps` may draw maps; every other WMS operation stays open.
    expect(await api.postJson('/security/acl/services', { 'wms.GetMap': maps })).toHaveStatus(200);

    try {
      const admin = await signIn(page, server.admin.user, server.admin.password);
      await admin.navigate('Security');
      await tab(page, 'Groups').click();
      await admin.heading('User groups').waitFor();
      await card(page, 'Create group').getByLabel('Group name').fill(group);
      await card(page, 'Create group').getByRole('button', { name: 'Create group' }).click();
      await admin.toast(`Group ${group} created.`).waitFor();
      await page.getByRole('rowheader', { name: group }).waitFor();
      expect((await api.get('/security/usergroup/groups.json')).json().groups).toContain(group);

      // ADMIN is for users only: the group is not offered it.
      await expect(page.getByRole('checkbox', { name: `Role ADMIN for group ${group}` }).count()).resolves.toBe(0);
      await page.getByRole('checkbox', { name: `User ${member.user} in group ${group}` }).check();
      await admin.toast(`${member.user} joined the group ${group}.`).waitFor();
      await page.getByRole('checkbox', { name: `Role ${extra} for group ${group}` }).check();
      await admin.toast(`The group ${group} now gives the role ${extra}.`).waitFor();
      expect((await api.get(`/security/usergroup/group/${group}/users.json`)).json().users.map((u: { userName: string }) => u.userName)).toEqual([member.user]);
      expect((await api.get(`/security/roles/group/${group}.json`)).json()).toEqual({ roles: [extra] });

      // What the member may call: not GetMap (it has not `maps`), every other operation.
      await tab(page, 'Rules').click();
      const sight = card(page, 'What can this user see?');
      await sight.getByLabel('User').selectOption(member.user);
      await sight
        .getByRole('status')
        .filter({ hasText: `acts with ${extra}` })
        .waitFor();
      const services = sight.getByRole('table', { name: `Which services ${member.user} may call` });
      const cells = (service: string) =>
        services
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name: service, exact: true }) })
          .getByRole('cell')
          .allInnerTexts();
      expect(await cells('wms')).toEqual(['GetCapabilities, GetFeatureInfo, GetLegendGraphic', 'GetMap']);
      expect((await cells('features'))[1]).toBe('none');
      expect((await cells('tiles'))[1]).toBe('none');
      await saveScreenshot(page, 'security-groups-services');

      // The group gives `maps` too: the member may now draw maps.
      await tab(page, 'Groups').click();
      await page.getByRole('checkbox', { name: `Role ${maps} for group ${group}` }).check();
      await admin.toast(`The group ${group} now gives the role ${maps}.`).waitFor();
      await tab(page, 'Rules').click();
      await sight.getByLabel('User').selectOption(member.user);
      await sight.getByRole('status').filter({ hasText: maps }).waitFor();
      expect(await cells('wms')).toEqual(['GetCapabilities, GetMap, GetFeatureInfo, GetLegendGraphic', 'none']);

      // Deleting the group says first who leaves it and which roles go with it.
      await tab(page, 'Groups').click();
      await page.getByRole('button', { name: `Delete group ${group}` }).click();
      const dialog = page.getByRole('dialog', { name: `Delete group ${group}?` });
      await dialog.getByText(`Its members leave it: ${member.user}.`).waitFor();
      await dialog.getByText(`${member.user} loses ${extra}, ${maps}`).waitFor();
      await saveScreenshot(page, 'security-groups-delete');
      await dialog.getByRole('button', { name: 'Delete group' }).click();
      await admin.toast(`Group ${group} deleted.`).waitFor();
      await page.getByRole('rowheader', { name: group }).waitFor({ state: 'detached' });
      expect((await api.get('/security/usergroup/groups.json')).json().groups ?? []).not.toContain(group);
      expect(await api.get(`/security/usergroup/user/${member.user}.json`)).toHaveStatus(200);
      expect((await api.get(`/security/usergroup/user/${member.user}/groups.json`)).json().groups ?? []).toEqual([]);
    } finally {
      expect(await api.delete('/security/acl/services/wms.GetMap')).toHaveStatus(200);
    }
  }, 90_000);

  it('gives a READER and a workspace administrator no Groups page, and asks nothing about groups for them', async () => {
    const { browser } = chrome;
    const { server, api } = ctx;
    const ws = uniqueName('grpws');
    await createWorkspace(api, ws);
    const role = uniqueName('WSGRP').toUpperCase();
    expect(await api.post(`/security/roles/role/${role}`)).toHaveStatus(201);
    const wsAdmin = await userWithRole(api, null, 'grpwsadmin');
    expect(await api.post(`/security/roles/role/${role}/user/${wsAdmin.user}`)).toHaveStatus(200);
    expect(await api.postJson('/security/acl/layers', { [`${ws}.*.a`]: role })).toHaveStatus(200);
    const reader = await userWithRole(api, 'READER', 'grpreader');

    try {
      for (const who of [reader, wsAdmin]) {
        const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
        const sent: Request[] = [];
        page.on('request', (r) => sent.push(r));
        const console = await signIn(page, who.user, who.password);
        await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Security' }).count()).resolves.toBe(0);
        await page.goto(`${server.baseUrl}/web/security/groups`);
        await console.heading('User groups').waitFor();
        await page.getByText('For administrators only').waitFor();
        await expect(page.getByRole('button', { name: /Create group|Delete group/ }).count()).resolves.toBe(0);
        expect(sent.map((r) => new URL(r.url()).pathname).filter((p) => p.includes('/rest/security/usergroup') || p.includes('/rest/security/roles'))).toEqual(
          [],
        );
        await page.context().close();
      }
    } finally {
      expect(await api.delete(`/security/acl/layers/${ws}.*.a`)).toHaveStatus(200);
    }
  }, 90_000);
});
