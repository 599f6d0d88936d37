import { chromium } from 'playwright-core';
const base = 'http://localhost:18080/geoserver/web/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const errors = [];
page.on('pageerror', (e) => errors.push(e.message));
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
await page.goto(base);
await page.getByLabel('User name').fill('admin');
await page.getByLabel('Password').fill('geoserver');
await page.getByLabel('Password').press('Enter');
await page.getByRole('heading', { level: 1, name: 'Workspaces' }).waitFor();
const paths = process.argv.slice(2);
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(1500);
  const name = p.replace(/[^a-z0-9]+/gi, '_') || 'root';
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
  console.log('shot', name);
}
console.log('errors', errors);
await browser.close();
