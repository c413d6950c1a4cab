import { mkdirSync } from 'node:fs';
import type { FirmProfileDto, FirmsListDto } from '../common/firm-api-types.js';
import type { CompanyDto } from '../common/api-types.js';
import { PAYOUT_MIN_REPORTS, PAYOUT_TEXT, payoutCell } from '../common/payouts.js';
import { VIEWPORTS } from './support/browser.js';
import { browserJourney } from './support/journey.js';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/payout-shots';

/**
 * Payout figures (issue #17) on every page that shows them, against the demo reports: the profile's server HTML
 * (JavaScript off) and the /firms column say what GET /_api/firms/:slug and /_api/firms say.
 */
describe('payout figures in Chromium', () => {
  const journey = browserJourney();
  beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true });
  });

  async function open(viewport: { width: number; height: number } = VIEWPORTS.desktop, javaScriptEnabled = true) {
    return (await journey.open({ viewport, javaScriptEnabled })).page;
  }
  const api = async <T>(path: string) => (await (await fetch(`${journey.site.baseUrl}${path}`)).json()) as T;

  it('shows each demo firm\'s figures on its profile without JavaScript, as the API gives them', async () => {
    // Every firm (the /firms table pages by 25 rows, so it is not the list of firms).
    const slugs = (await api<CompanyDto[]>('/_api/companies')).map((c) => c.slug);
    let withRates = 0;
    let without = 0;
    for (const slug of slugs) {
      const { payouts } = await api<FirmProfileDto>(`/_api/firms/${slug}`);
      const page = await open(VIEWPORTS.desktop, false);
      await page.goto(`/firms/${slug}`);
      const evidence = page.getByTestId('payout-evidence');
      await expect(evidence.getByTestId('payout-reports-count').textContent()).resolves.toBe(PAYOUT_TEXT.reports(payouts.approvedReports));
      if (payouts.approvedReports >= PAYOUT_MIN_REPORTS) {
        withRates++;
        await expect(evidence.getByTestId('payout-denied').textContent()).resolves.toBe(PAYOUT_TEXT.denied(payouts.denialRate!));
        await expect(evidence.getByTestId('payout-median').textContent()).resolves.toBe(PAYOUT_TEXT.medianDays(payouts.medianDaysToPay!));
        expect(await evidence.getByTestId('payout-not-enough').count()).toBe(0);
      } else {
        without++;
        await expect(evidence.getByTestId('payout-not-enough').textContent()).resolves.toBe(PAYOUT_TEXT.notEnough);
        expect(await evidence.getByTestId('payout-denied').count()).toBe(0);
      }
      if (payouts.months.length) expect(await page.locator('[data-testid="payout-evidence"] svg[role="img"]').count()).toBe(1);
      expect(await page.content()).not.toContain('/_api/files/');
    }
    // The demo content has firms on both sides of the fewer-than-5 rule.
    expect(withRates).toBeGreaterThan(0);
    expect(without).toBeGreaterThan(0);
  });

  it('shows the same figures in the /firms "Payouts (180 days)" column, and sorts by it', async () => {
    const page = await open();
    await page.goto('/firms?sort=payouts');
    await page.locator('.firms-table tbody tr').first().waitFor();
    const list = await api<FirmsListDto>('/_api/firms?sort=payouts');
    const cells = await page.getByTestId('payouts-180').allTextContents();
    expect(cells).toEqual(list.rows.map((r) => payoutCell(r.firm.payouts)));
    const counts = list.rows.map((r) => r.firm.payouts.approvedReports);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    await page.screenshot({ path: `${SHOTS}/firms-1280.png` });
  });

  it('lays the evidence out at 390 and 1280 px without sideways scroll', async () => {
    const { rows } = await api<FirmsListDto>('/_api/firms?sort=payouts');
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const page = await open(viewport);
      await page.goto(`/firms/${rows[0]!.firm.slug}`);
      await page.getByTestId('payout-evidence').scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await page.getByTestId('payout-evidence').screenshot({ path: `${SHOTS}/profile-payouts-${name}.png` });
    }
  });
});
