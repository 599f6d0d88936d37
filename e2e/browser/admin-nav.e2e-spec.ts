/**
 * The console's main navigation with every section an administrator has (ten), in real Chromium
 * against a real api: on a laptop (1280 px) and wider every link is in sight, whole and clickable
 * (nothing scrolled away, clipped, covered or overlapping the brand or the user); at 800 px the
 * Menu button opens the whole list, every link inside the window. Photographed into
 * e2e/artifacts/admin-nav-*.png.
 */
import type { Page } from 'playwright-core';
import { useApiServer } from '../support/catalog';
import { signInToConsole, type ConsolePage } from './pages/console.page';
import { requireChromium, saveScreenshot, useConsolePage } from './support/chromium';

requireChromium();

/** Every section of an administrator's menu, in order (apps/admin-web/src/app/sections.ts). */
const SECTIONS = ['Workspaces', 'Data stores', 'Layers', 'Layer groups', 'Layer preview', 'Styles', 'Settings', 'History', 'Import / Export', 'Security'];

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** What the page says about the navigation's geometry, measured in the page. */
interface NavGeometry {
  nav: Box & { scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number };
  links: Array<Box & { name: string; scrollWidth: number; clientWidth: number; hit: boolean }>;
  /** The brand link and the user's menu beside the navigation. */
  neighbours: Box[];
  viewport: number;
}

function measure(page: Page): Promise<NavGeometry> {
  return page.evaluate(() => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const nav = document.querySelector('nav[aria-label="Main"]') as HTMLElement;
    const links = Array.from(nav.querySelectorAll('a')).map((a) => {
      const r = a.getBoundingClientRect();
      // The link itself answers a click at its middle: nothing lies over it.
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return { ...box(a), name: a.textContent ?? '', scrollWidth: a.scrollWidth, clientWidth: a.clientWidth, hit: top !== null && a.contains(top) };
    });
    const neighbours = ['.app-header__brand', '.session-menu'].map((s) => document.querySelector(s)).filter((el): el is Element => el !== null);
    return {
      nav: { ...box(nav), scrollWidth: nav.scrollWidth, clientWidth: nav.clientWidth, scrollHeight: nav.scrollHeight, clientHeight: nav.clientHeight },
      links,
      neighbours: neighbours.map(box),
      viewport: window.innerWidth,
    };
  });
}

const overlap = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

/** Every way a link can be out of sight or out of reach, as sentences (none expected). */
function problems(g: NavGeometry): string[] {
  const found: string[] = [];
  if (g.nav.scrollWidth > g.nav.clientWidth) found.push(`the navigation scrolls sideways (${g.nav.scrollWidth} > ${g.nav.clientWidth})`);
  if (g.nav.scrollHeight > g.nav.clientHeight + 1) found.push(`the navigation scrolls down (${g.nav.scrollHeight} > ${g.nav.clientHeight})`);
  for (const link of g.links) {
    if (link.left < g.nav.left - 0.5 || link.right > g.nav.right + 0.5) found.push(`${link.name} sticks out of the navigation`);
    if (link.left < 0 || link.right > g.viewport) found.push(`${link.name} is outside the window`);
    if (link.scrollWidth > link.clientWidth) found.push(`${link.name} is clipped`);
    if (!link.hit) found.push(`${link.name} is covered`);
    for (const other of g.links) if (other !== link && overlap(link, other)) found.push(`${link.name} overlaps ${other.name}`);
    for (const neighbour of g.neighbours) if (overlap(link, neighbour)) found.push(`${link.name} overlaps the brand or the user`);
  }
  return found;
}

describe('the main navigation (Chromium)', () => {
  const ctx = useApiServer();
  const chrome = useConsolePage();

  async function signInAt(width: number): Promise<{ page: Page; console: ConsolePage }> {
    const page = await (await chrome.browser.newContext({ viewport: { width, height: 860 } })).newPage();
    const console = await signInToConsole(page, ctx.server.baseUrl, ctx.server.admin.user, ctx.server.admin.password);
    // The administrator's own sections come with the answer about the signed-in user, after the
    // rest of the menu: wait for the last one (attached: at 800 px the menu is closed).
    await page
      .getByRole('navigation', { name: 'Main', includeHidden: true })
      .getByRole('link', { name: SECTIONS[SECTIONS.length - 1], exact: true, includeHidden: true })
      .waitFor({ state: 'attached' });
    return { page, console };
  }

  it.each([1280, 1024, 1440, 1920])(
    'at %i px shows all ten sections whole, in sight and clickable',
    async (width) => {
      const { page, console } = await signInAt(width);
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link').allInnerTexts()).toEqual(SECTIONS);
      expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
      const geometry = await measure(page);
      expect(problems(geometry)).toEqual([]);
      expect(geometry.links).toHaveLength(SECTIONS.length);
      if (width === 1280) await saveScreenshot(page, 'admin-nav-1280');

      // The last link, the one a crowded row loses first, is used by a click.
      await console.navigate('Security');
      await console.heading('Security rules').waitFor();
      expect(problems(await measure(page))).toEqual([]);
      await page.context().close();
    },
    60_000,
  );

  it('at 800 px a Menu button opens the whole list, every link in the window and clickable', async () => {
    const { page, console } = await signInAt(800);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(SECTIONS);
    expect(problems(await measure(page))).toEqual([]);
    await saveScreenshot(page, 'admin-nav-800-open');
    await console.navigate('Import / Export');
    await console.heading('Import / Export').waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  }, 60_000);
});
