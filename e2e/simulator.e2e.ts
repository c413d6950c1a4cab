import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { usdLabel } from '../common/price-rule.js';
import { SIMULATOR_TEXT } from '../common/simulator/text.js';
import type { CatalogueProgram } from '../common/simulator/view.js';
import { axeViolations } from './support/axe.js';
import { VIEWPORTS, waitForHydration } from './support/browser.js';
import { browserJourney } from './support/journey.js';

/** Screenshots for a person to look at (not compared), where the other journeys put theirs. */
const SHOTS = 'reports/screenshots';
const YEAR_CSV = new URL('../common/simulator/fixtures/year-of-days.csv', import.meta.url).pathname;

/**
 * Issue #28 in Chromium against the built site: a trader drops a year of daily results on /simulator and reads every
 * program ranked by expected cost, with its chance to pass, our code and the price after it — computed in a Web Worker
 * (the page stays responsive), at 390 and 1280 px; and the same form without JavaScript, answered by the server.
 */
describe('the challenge simulator in Chromium', () => {
  const journey = browserJourney();

  /** Drops the file on the drop zone as a person would (a DataTransfer on a drop event), not through the input. */
  async function dropCsv(page: Page, path: string): Promise<void> {
    const text = readFileSync(path, 'utf8');
    const transfer = await page.evaluateHandle((csv) => {
      const dt = new DataTransfer();
      dt.items.add(new File([csv], 'my-year.csv', { type: 'text/csv' }));
      return dt;
    }, text);
    await page.locator('.sim-drop').dispatchEvent('drop', { dataTransfer: transfer });
    await page.getByText('Chosen: my-year.csv').waitFor();
  }

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`a dropped CSV gives the ranked table, computed off the main thread (${name}, ${viewport.width} px)`, async () => {
      const { page, errors } = await journey.open({ viewport });
      const workers: string[] = [];
      page.on('worker', (w) => workers.push(w.url()));
      await page.goto(`${journey.site.baseUrl}/simulator?firm=ftmo`);
      await waitForHydration(page);
      expect(await page.getByText(SIMULATOR_TEXT.private).count()).toBe(1);
      await dropCsv(page, YEAR_CSV);

      // The main thread's longest pause while the worker simulates: a page that computed on it would freeze for a second.
      await page.evaluate(() => {
        const w = window as unknown as { maxGap: number; last: number; timer: number };
        w.maxGap = 0;
        w.last = performance.now();
        w.timer = window.setInterval(() => {
          const now = performance.now();
          w.maxGap = Math.max(w.maxGap, now - w.last);
          w.last = now;
        }, 10);
      });
      await page.getByRole('button', { name: 'Simulate' }).click();
      await page.getByRole('heading', { name: 'Your results against every program' }).waitFor({ timeout: 30_000 });
      const maxGap = await page.evaluate(() => (window as unknown as { maxGap: number }).maxGap);
      expect(workers.some((u) => /simulator\.worker/.test(u))).toBe(true);
      expect(maxGap).toBeLessThan(250);

      // Ranked by expected cost, each row's price after code the catalogue's (the one price function of /firms).
      const catalogue = (await (await fetch(`${journey.site.baseUrl}/_api/simulations/catalogue`)).json()) as CatalogueProgram[];
      const rows = await page.locator('.sim-table tbody tr').evaluateAll((trs) => trs.map((tr) => ({
        program: tr.querySelector('th')!.childNodes[0]!.textContent!.trim(),
        cost: tr.querySelector('td[data-label="Expected cost to funded"]')!.textContent!,
        price: tr.querySelector('[data-testid="sim-price-after-code"]')!.textContent!,
        pass: tr.querySelector('.sim-pass-figure')!.textContent!,
      })));
      expect(rows.length).toBe(catalogue.length);
      const costs = rows.map((r) => (r.cost === 'Never passed' ? Infinity : Number(r.cost.replace(/[$,]/g, ''))));
      expect(costs).toEqual([...costs].sort((a, b) => a - b));
      for (const r of rows) {
        expect(catalogue.some((p) => p.programName === r.program && r.price.endsWith(usdLabel(p.priceAfterCode)))).toBe(true);
        expect(r.pass).toMatch(/^\d+\.\d\u00a0%$/);
      }
      // The best row is named in the summary with its code; FTMO's best is placed for the trader who came from its profile.
      const summary = await page.locator('.sim-summary').textContent();
      expect(summary).toContain(`Lowest expected cost: ${rows[0]!.program}`);
      expect(summary).toMatch(/Best of FTMO: .* ranked \d+ of \d+/);
      // The chart and the "what if" for FTMO's best; choosing another program redraws them.
      await expect(page.locator('.fan-chart svg polyline').count()).resolves.toBe(100);
      const slider = page.getByLabel(/Risk per trade: .* yours/);
      await slider.fill('6');
      await expect(page.locator('.sim-whatif output').textContent()).resolves.toMatch(/^Pass \d+\.\d\u00a0%, expected cost/);
      await page.locator('.sim-table tbody tr').first().getByRole('button', { name: 'Chart it' }).click();
      await page.locator('.sim-table tbody tr').first().getByRole('button', { name: 'Charted' }).waitFor();
      await expect(page.locator('#focus-title').textContent()).resolves.toContain(rows[0]!.program);
      await page.screenshot({ path: `${SHOTS}/simulator-${name}.png`, fullPage: true });
      // The results too (table, bars, chart, slider), not only the empty form of the page list's axe run.
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  it('without JavaScript, the form posts to the server and the results come back as the page', async () => {
    const { page } = await journey.open({ javaScriptEnabled: false });
    await page.goto(`${journey.site.baseUrl}/simulator`);
    expect(await page.getByText(SIMULATOR_TEXT.noScript).count()).toBe(1);
    await page.locator('input[type=file]').setInputFiles(YEAR_CSV);
    const [response] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Simulate' }).click()]);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Your results against every program' }).waitFor();
    const first = page.locator('.sim-table tbody tr').first();
    expect(await first.locator('.sim-pass-figure').textContent()).toMatch(/^\d+\.\d\u00a0%$/);
    expect(await page.locator('.fan-chart svg polyline').count()).toBe(100);
    // A line that cannot be read comes back on the form, with its number.
    await page.locator('textarea[name="csv"]').fill('date,pnl\n2025-01-02,12\n2025-01-03,twelve\n');
    const [refused] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Simulate' }).click()]);
    expect(refused?.status()).toBe(400);
    expect(await page.getByRole('alert').textContent()).toMatch(/^Line 3: /);
  });

  it('a firm profile that publishes no pass rate offers to compute it from your results', async () => {
    const { page } = await journey.open();
    await page.goto(`${journey.site.baseUrl}/firms/ftmo`);
    const link = page.getByRole('link', { name: 'or compute it from your results →' });
    expect(await link.getAttribute('href')).toBe('/simulator?firm=ftmo');
    await waitForHydration(page);
    await link.click();
    await page.getByRole('heading', { name: SIMULATOR_TEXT.heading }).waitFor();
    expect(await page.locator('input[type="hidden"][name="firm"]').getAttribute('value')).toBe('ftmo');
  });
});
