import { chromium } from 'playwright-core';
const base = 'http://localhost:3900';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [w, h] of [[1280, 900], [390, 844]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  await ctx.addInitScript(() => sessionStorage.setItem('splash-seen', '1'));
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base + '/simulator?firm=ftmo');
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/sim-form-${w}.png` });
  await page.locator('input[type=file]').setInputFiles('/work/main/common/simulator/fixtures/year-of-days.csv');
  await page.getByRole('button', { name: 'Simulate' }).click();
  await page.getByRole('heading', { name: 'Your results against every program' }).waitFor({ timeout: 30000 });
  await page.waitForTimeout(500);
  const top = await page.locator('.sim-results').boundingBox();
  await page.screenshot({ path: `/tmp/sim-results-${w}.png`, fullPage: true, clip: { x: 0, y: top.y, width: w, height: Math.min(1800, top.height) } });
  const focus = await page.locator('.sim-focus').boundingBox();
  await page.screenshot({ path: `/tmp/sim-focus-${w}.png`, fullPage: true, clip: { x: 0, y: focus.y, width: w, height: Math.min(1600, focus.height) } });
  console.log('errors', errors);
  await ctx.close();
}
await browser.close();
