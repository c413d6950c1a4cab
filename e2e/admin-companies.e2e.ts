import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { MSG, TOAST } from '../common/messages.js';
import { VIEWPORTS } from './support/browser.js';
import { adminJourney } from './support/journey.js';
import { siteSql } from './support/sql.js';

/** The admin's companies screen (docs/spec.md §2 /admin/companies): create, edit, refuse and delete, as an admin sees it. */
describe('admin companies in Chromium', () => {
  const journey = adminJourney({ acceptDownloads: true });
  let page: Page;
  let errors: string[];
  beforeAll(() => {
    ({ page, errors } = journey);
  });

  const card = (name: string) => page.locator('[data-testid="company-card"]').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
  const dialog = () => page.getByRole('dialog');

  async function openMenu(name: string, item: 'Edit' | 'Delete') {
    await card(name).getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: item }).click();
  }

  it('lists the seeded firms with the page texts', async () => {
    await page.goto('/admin/companies');
    await page.getByRole('heading', { level: 1, name: 'Manage Companies' }).waitFor();
    await expect(page.getByText('Add, edit, or remove trader funding companies.').isVisible()).resolves.toBe(true);
    await card('FTMO').waitFor();
    expect(await page.locator('[data-testid="company-card"]').count()).toBe(8);
    await expect(page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).resolves.toBe('/admin');
    const visit = card('FTMO').getByRole('link', { name: 'Visit Website' });
    await expect(visit.getAttribute('target')).resolves.toBe('_blank');
    await expect(card('FundedNext').getByText('#1 CHOICE').isVisible()).resolves.toBe(true);
  });

  it('keeps the search and the sort in the address across a reload', async () => {
    const names = () => page.locator('[data-testid="company-card"] h2').allInnerTexts();
    const search = page.getByPlaceholder('Search companies');
    await search.fill('Pips');
    await page.waitForURL((url) => JSON.parse(url.searchParams.get('filter') ?? '{}').q === 'Pips');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="company-card"]').length === 1);
    await page.reload();
    await card('Funding Pips').waitFor();
    expect(await names()).toEqual(['Funding Pips']);
    await expect(search.inputValue()).resolves.toBe('Pips');
    await search.fill('');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="company-card"]').length === 8);

    await page.getByRole('button', { name: /^Sort by/ }).click();
    await page.getByRole('menuitem', { name: /Name/ }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'name');
    await page.reload();
    await card('FTMO').waitFor();
    expect((await names())[0]).toBe('Alpha Capital Group');
    // Back to the default order: the featured firm first, as on the public journey.site.
    await page.goto('/admin/companies?sort=featured&order=DESC');
    await page.waitForFunction(() => document.querySelector('[data-testid="company-card"] h2')?.textContent === 'FundedNext');
  });

  it('checks the fields on blur: name required, website URL, image type', async () => {
    await page.getByRole('link', { name: 'Add New Company' }).click();
    await dialog().getByRole('heading', { name: 'Add New Company' }).waitFor();
    await page.locator('#company-name').focus();
    await page.locator('#company-name').blur();
    await dialog().getByText(MSG.companyNameRequired).waitFor();
    await page.fill('#company-website', 'not a url');
    await page.locator('#company-website').blur();
    await dialog().getByText(MSG.invalidUrl('Website URL')).waitFor();
    await dialog().locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await dialog().getByText(MSG.uploadInvalidType).waitFor();
    await dialog().getByRole('button', { name: 'Create Company' }).click();
    await expect(toast(TOAST.companyCreated).count()).resolves.toBe(0);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('creates a company with a logo, shows it in the grid and a toast', async () => {
    await page.getByRole('link', { name: 'Add New Company' }).click();
    await page.fill('#company-name', 'Journey Capital');
    await page.fill('#company-description', 'A firm made by the browser test.');
    const png = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#0099ff' } }).png().toBuffer();
    await dialog().locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await dialog().getByText('Logo uploaded.').waitFor();
    await page.fill('#company-website', 'https://journey.example');
    await page.fill('#company-rating', '4.6');
    await page.fill('#company-why', 'Fast payouts');
    await dialog().getByRole('button', { name: 'Create Company' }).click();
    await toast(TOAST.companyCreated).waitFor();
    await dialog().waitFor({ state: 'detached' });
    const created = card('Journey Capital');
    await created.waitFor();
    await expect(created.getByText('Why Choose This Company:').isVisible()).resolves.toBe(true);
    await expect(created.getByText('Rating: 4.6 / 5').isVisible()).resolves.toBe(true);
    const logo = created.getByRole('img', { name: 'Journey Capital logo' });
    await expect(logo.getAttribute('src')).resolves.toMatch(/^\/media\/[0-9a-f]+\.webp$/);
    // The server resized the 1000x600 upload to fit 800x800.
    await expect(logo.evaluate((img: HTMLImageElement) => img.decode().then(() => [img.naturalWidth, img.naturalHeight]))).resolves.toEqual([800, 480]);
  });

  it('edits the company in the Edit Company dialog', async () => {
    await openMenu('Journey Capital', 'Edit');
    await dialog().getByRole('heading', { name: 'Edit Company' }).waitFor();
    await expect(page.inputValue('#company-name')).resolves.toBe('Journey Capital');
    await page.fill('#company-name', 'Journey Capital Pro');
    await page.fill('#company-why', '');
    await dialog().getByLabel(/#1 CHOICE/).check();
    await dialog().getByRole('button', { name: 'Update Company' }).click();
    await toast(TOAST.companyUpdated).waitFor();
    await card('Journey Capital Pro').getByText('#1 CHOICE').waitFor();
    // Only one '#1 CHOICE' firm: the whole grid was refreshed, not just the edited card.
    await card('FundedNext').getByText('#1 CHOICE').waitFor({ state: 'detached' });
    await expect(card('Journey Capital Pro').getByText('Why Choose This Company:').count()).resolves.toBe(0);
  });

  it('shows the server refusal when a firm still has discounts', async () => {
    await openMenu('FTMO', 'Delete');
    await dialog().getByText('Are you sure you want to delete "FTMO"? This action cannot be undone.').waitFor();
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await toast(TOAST.failed('delete company', MSG.companyHasDiscounts(2))).waitFor();
    await dialog().waitFor({ state: 'detached' });
    await expect(card('FTMO').isVisible()).resolves.toBe(true);
  });

  it('deletes the new company after confirmation', async () => {
    await openMenu('Journey Capital Pro', 'Delete');
    await dialog().getByRole('heading', { name: 'Delete Company' }).waitFor();
    await dialog().getByText('Are you sure you want to delete "Journey Capital Pro"? This action cannot be undone.').waitFor();
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await toast(TOAST.companyDeleted).waitFor();
    await card('Journey Capital Pro').waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid="company-card"]').count()).toBe(8);
  });

  it('exports and deletes the selected companies after one confirmation naming the count', async () => {
    const names = ['Bulk Alpha Capital', 'Bulk Beta Capital'];
    for (const name of names) expect((await page.request.post('/_api/admin/companies', { data: { name } })).ok()).toBe(true);
    await page.goto('/admin/companies?filter=' + encodeURIComponent(JSON.stringify({ q: 'Bulk' })));
    await card(names[1]).waitFor();
    for (const name of names) await card(name).getByRole('checkbox', { name: `Select ${name}` }).check();
    const toolbar = page.locator('[data-test="bulk-actions-toolbar"]');
    await toolbar.getByText('2 companies selected').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), toolbar.getByRole('link', { name: 'Export' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8').trim().split(/\r?\n/);
    expect(csv).toHaveLength(3);
    for (const name of names) expect(csv.some((line) => line.includes(name))).toBe(true);

    await toolbar.getByRole('button', { name: 'Delete' }).click();
    const confirm = dialog().filter({ hasText: 'Delete 2 companies?' });
    await confirm.getByText('This action cannot be undone. If any of them still has discounts, none is deleted.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('2 companies deleted.').waitFor();
    await page.getByText('No companies found.', { exact: true }).waitFor();
    await page.goto('/admin/companies?filter={}');
    await card('FTMO').waitFor();
    expect(await page.locator('[data-testid="company-card"]').count()).toBe(8);
  });

  it('"Select all" takes every company matching the filter: Export gives all 1,200, one delete removes exactly them (issue #18)', async () => {
    // 1,200 firms named "Sweep Capital …", plus a look-alike outside the filter (featured: the filter says not).
    await siteSql(journey.site, `
      INSERT INTO companies (name, slug, featured)
      SELECT 'Sweep Capital ' || lpad(i::text, 4, '0'), 'sweep-capital-' || i, false FROM generate_series(1, 1200) AS i`);
    expect((await page.request.post('/_api/admin/companies', { data: { name: 'Sweep Featured', featured: true } })).ok()).toBe(true);
    const before = await siteSql<{ name: string }>(journey.site, `SELECT name FROM companies WHERE name NOT LIKE 'Sweep Capital %' ORDER BY name`);
    const filter = { q: 'Sweep', featured: false };
    await page.goto(`/admin/companies?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    await page.getByText('1,200 companies', { exact: true }).waitFor();

    // The toolbar's Export is every company of the filter, not the 1,000 react-admin's own would fetch.
    const [all] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-all').click()]);
    expect(readFileSync((await all.path())!, 'utf8').trim().split(/\r?\n/)).toHaveLength(1 + 1200);

    // Ticking the page, then "Select all 1,200 companies" (react-admin's own fetched 250 ids into the browser).
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    const toolbar = page.locator('[data-test="bulk-actions-toolbar"]');
    await toolbar.getByText('12 companies selected').waitFor();
    await toolbar.getByRole('button', { name: 'Select all 1,200 companies' }).click();
    await toolbar.getByText('All 1,200 companies matching the filter selected').waitFor();
    await page.screenshot({ path: 'reports/screenshots/admin-companies-select-all-desktop.png' });
    // On a phone the chosen count and the bulk buttons wrap inside the screen.
    await page.setViewportSize(VIEWPORTS.mobile);
    await toolbar.getByText('All 1,200 companies matching the filter selected').waitFor();
    await page.screenshot({ path: 'reports/screenshots/admin-companies-select-all-mobile.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize(VIEWPORTS.desktop);
    const [chosen] = await Promise.all([page.waitForEvent('download'), toolbar.getByRole('link', { name: 'Export' }).click()]);
    expect(readFileSync((await chosen.path())!, 'utf8').trim().split(/\r?\n/)).toHaveLength(1 + 1200);

    await toolbar.getByRole('button', { name: 'Delete' }).click();
    const confirm = dialog().filter({ hasText: 'Delete 1,200 companies?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('1,200 companies deleted.').waitFor();
    await page.getByText('No companies found.', { exact: true }).waitFor();
    // Exactly the filter's firms went: the featured look-alike and the seeded firms stay.
    expect(await siteSql<{ name: string }>(journey.site, `SELECT name FROM companies ORDER BY name`)).toEqual(before);
    expect((await page.request.post('/_api/admin/companies/bulk', { data: { action: 'delete', filter: { q: 'Sweep Featured' } } })).ok()).toBe(true);
    // react-admin keeps a list's filter for the next visit: back to none.
    await page.goto('/admin/companies?filter={}');
    await card('FTMO').waitFor();
  });

  it('shows 3 skeleton cards while loading, then the error or the empty state', async () => {
    const list = '**/_api/admin/companies?*';
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(list, async (route) => {
      await held;
      await route.fulfill({ status: 503, json: { statusCode: 503, error: 'Service Unavailable', message: 'Database is asleep' } });
    });
    await page.goto('/admin/companies');
    await page.locator('[data-testid="company-skeleton"]').first().waitFor();
    expect(await page.locator('[data-testid="company-skeleton"]').count()).toBe(3);
    release();
    await page.getByText('Error fetching companies: Database is asleep').waitFor({ timeout: 20_000 });
    await page.unroute(list);

    await page.route(list, (route) =>
      route.fulfill({ status: 200, json: [], headers: { 'Content-Range': 'companies 0-0/0', 'Access-Control-Expose-Headers': 'Content-Range' } }),
    );
    await page.goto('/admin/companies');
    await page.getByText('No companies found. Add one to get started.').waitFor();
    await page.unroute(list);
  });

  it('fits a phone screen', async () => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto('/admin/companies');
    await card('FTMO').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'reports/screenshots/admin-companies-mobile.png', fullPage: true });
    await openMenu('FTMO', 'Edit');
    await dialog().getByRole('heading', { name: 'Edit Company' }).waitFor();
    await expect(dialog().getByLabel(/#1 CHOICE/).isChecked()).resolves.toBe(false);
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await page.screenshot({ path: 'reports/screenshots/admin-companies-dialog-mobile.png' });
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.screenshot({ path: 'reports/screenshots/admin-companies-desktop.png', fullPage: true });
    expect(errors).toEqual([]);
  });
});
