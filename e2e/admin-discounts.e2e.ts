import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { SPLASH_SESSION_KEY } from '../common/boot-splash.js';
import type { AdminDiscountDto } from '../common/api-types.js';
import { MSG, TOAST } from '../common/messages.js';
import { launchBrowser, VIEWPORTS } from './support/browser.js';
import { E2E_ADMIN, startSite, type Site } from './support/site.js';

/**
 * /admin/discounts (SPEC §2): an admin reads the seeded offers, creates one with a local date-time,
 * edits it and deletes it, seeing SPEC's texts and toasts. The browser runs in New York time so the
 * local → ISO conversion of the "Valid Until" input is really exercised.
 */
describe('admin discounts in Chromium', () => {
  const TIMEZONE = 'America/New_York';
  let site: Site;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  async function signedIn(viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport, timezoneId: TIMEZONE, reducedMotion: 'reduce' });
    contexts.push(context);
    await context.addInitScript((key) => sessionStorage.setItem(key, '1'), SPLASH_SESSION_KEY);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.baseUrl + '/login');
    await page.fill('#email', E2E_ADMIN.email);
    await page.fill('#password', E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(site.baseUrl + '/admin/discounts');
    await page.getByRole('heading', { level: 1, name: 'Manage Discounts' }).waitFor();
    return { page, errors };
  }

  /** A 1600x1000 PNG: wider than the discount box, so the server must shrink it. */
  const bannerPng = () =>
    sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 0, g: 153, b: 255 } } }).png().toBuffer();

  const row = (page: Page, title: string) => page.getByTestId('discount-row').filter({ hasText: title });

  async function storedDiscount(page: Page, title: string): Promise<AdminDiscountDto | undefined> {
    const res = await page.request.get(`${site.baseUrl}/_api/admin/discounts?range=[0,999]`);
    expect(res.ok()).toBe(true);
    return ((await res.json()) as AdminDiscountDto[]).find((d) => d.title === title);
  }

  it('lists the seeded discounts with expiry labels and status badges', async () => {
    const { page, errors } = await signedIn();
    await expect(page.getByText('Create, update, or delete discount offers.').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).resolves.toBe('/admin');
    await row(page, '50% Off Evaluations: Flash Sale').waitFor();
    expect(await page.getByTestId('discount-row').count()).toBe(12);

    const cells = async (title: string) => (await row(page, title).locator('td').allInnerTexts()).map((t) => t.trim());
    const flash = await cells('50% Off Evaluations: Flash Sale');
    expect(flash[0]).toContain('VTFAPEX');
    expect(flash.slice(1)).toEqual(['Apex Trader Funding', '', MSG.expiryTomorrow, 'Active', '']);
    expect((await cells('15% Off All Stellar Challenges'))[3]).toBe(MSG.expiryDaysLeft(2));
    expect((await cells('Summer Sale: 25% Off High Stakes')).slice(3, 5)).toEqual([MSG.expiryPast, 'Expired']);
    expect((await cells('Swing Account Upgrade, Free')).slice(3, 5)).toEqual([MSG.expiryNone, 'Coming Soon']);
    // Beyond 7 days the label is a short date such as 'Jan 5, 2025'.
    expect((await cells('Free Retry on Alpha Pro Challenges'))[3]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    // Badge colours of SPEC §4: success, warning, destructive.
    await expect(row(page, 'Swing Account Upgrade, Free').locator('.MuiChip-colorWarning:visible').count()).resolves.toBe(1);
    await expect(row(page, 'Summer Sale: 25% Off High Stakes').locator('.MuiChip-colorError:visible').count()).resolves.toBe(1);
    await expect(row(page, '50% Off Evaluations: Flash Sale').getByTestId('media-placeholder').count()).resolves.toBe(1);

    // Sorting by Expires: soonest first (no expiry last), then the other way round.
    await page.getByRole('button', { name: 'Expires' }).click();
    // Ascending: the longest-expired offer first (no expiry last).
    await page.waitForFunction(() => document.querySelector('[data-testid="discount-row"] td')?.textContent?.includes('Summer Sale'));
    await page.getByRole('button', { name: 'Expires' }).click();
    await page.waitForFunction(() => {
      const first = (document.querySelector('[data-testid="discount-row"] td:nth-child(4)') as HTMLElement | null)?.innerText.trim();
      return first && /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/.test(first);
    });
    await page.screenshot({ path: 'reports/screenshots/admin-discounts-desktop.png', fullPage: true });
    expect(errors).toEqual([]);
  });

  it('creates, edits and deletes a discount, with the local time stored as an ISO instant', async () => {
    const { page, errors } = await signedIn();
    await row(page, '50% Off Evaluations: Flash Sale').waitFor();
    const title = 'E2E Winter Deal';

    // Create: 'Title is required' on blur, then a valid form for a seeded company.
    await page.getByRole('button', { name: 'Add New Discount' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Discount' });
    await dialog.waitFor();
    await dialog.locator('#discount-title').focus();
    await dialog.locator('#discount-title').blur();
    await dialog.getByText(MSG.titleRequired).waitFor();
    await dialog.locator('#discount-affiliate-link').fill('not a link');
    await dialog.locator('#discount-affiliate-link').blur();
    await dialog.getByText(MSG.invalidUrl('Affiliate link')).waitFor();
    await dialog.locator('#discount-percentage').fill('150');
    await dialog.locator('#discount-percentage').blur();
    await dialog.getByText(MSG.discountPercentageRange).waitFor();
    await dialog.getByRole('button', { name: 'Create Discount' }).click();
    await dialog.getByText(MSG.companyRequired).waitFor();
    await page.screenshot({ path: 'reports/screenshots/admin-discounts-form-errors.png' });

    await dialog.locator('#discount-title').fill(title);
    await page.getByRole('combobox', { name: 'Company' }).click();
    await page.getByRole('option', { name: 'FTMO' }).click();
    await dialog.locator('#discount-code').fill('WINTER31');
    await dialog.locator('#discount-percentage').fill('12.5');
    await dialog.locator('#discount-affiliate-link').fill('https://ftmo.com/?ref=vtf');
    await dialog.locator('#discount-valid-until').fill('2031-01-15T14:30');
    await dialog.locator('#discount-description').fill('A winter offer made by the browser test.');
    const media = dialog.getByTestId('discount-media-input');
    await media.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await dialog.getByText(MSG.uploadInvalidType).waitFor();
    await media.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await bannerPng() });
    await dialog.locator('[data-testid="discount-media"][data-state="success"]').waitFor();
    await dialog.locator('img[alt="Discount media preview"]').waitFor();
    await page.screenshot({ path: 'reports/screenshots/admin-discounts-form-desktop.png' });
    await expect(dialog.getByText(MSG.titleRequired).count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: 'Create Discount' }).click();
    await page.getByText(TOAST.discountCreated).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row(page, title).waitFor();
    const created = await storedDiscount(page, title);
    // 14:30 in New York in January (EST, UTC-5) is 19:30 UTC.
    expect(created).toMatchObject({
      validUntil: '2031-01-15T19:30:00.000Z',
      company: { name: 'FTMO' },
      discountCode: 'WINTER31',
      discountPercentage: 12.5,
      status: 'active',
      affiliateLink: 'https://ftmo.com/?ref=vtf',
    });
    // The picture went through the discount pipeline: stored as webp, at most 1200x800.
    expect(created!.mediaUrl).toMatch(/^\/media\/[\w-]+\.webp$/);
    const stored = await page.request.get(site.baseUrl + created!.mediaUrl!);
    const meta = await sharp(await stored.body()).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 750]);
    await row(page, title).locator(`img[src="${created!.mediaUrl}"]`).waitFor();
    expect((await row(page, title).locator('td').allInnerTexts()).map((t) => t.trim()).slice(3, 5)).toEqual(['Jan 15, 2031', 'Active']);

    // Edit: the form shows the stored instant in local time again.
    await page.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Discount' });
    await edit.waitFor();
    await expect(edit.locator('#discount-valid-until').inputValue()).resolves.toBe('2031-01-15T14:30');
    await expect(edit.locator('#discount-title').inputValue()).resolves.toBe(title);
    await edit.locator('#discount-title').fill(`${title} (updated)`);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Coming Soon' }).click();
    await edit.getByRole('button', { name: 'Update Discount' }).click();
    await page.getByText(TOAST.discountUpdated).waitFor();
    await edit.waitFor({ state: 'detached' });
    await row(page, `${title} (updated)`).locator('.MuiChip-colorWarning:visible').waitFor();
    const updated = await storedDiscount(page, `${title} (updated)`);
    expect(updated).toMatchObject({ id: created!.id, status: 'coming_soon', validUntil: '2031-01-15T19:30:00.000Z' });

    // Delete with SPEC's confirmation.
    await page.getByRole('button', { name: `Actions for ${title} (updated)` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Discount' });
    await confirm.getByText(`Are you sure you want to delete "${title} (updated)"? This action cannot be undone.`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(TOAST.discountDeleted).waitFor();
    await row(page, title).waitFor({ state: 'detached' });
    await expect(storedDiscount(page, `${title} (updated)`)).resolves.toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('shows the server error in the failure toast', async () => {
    const { page } = await signedIn();
    await row(page, '50% Off Evaluations: Flash Sale').waitFor();
    // A firm that exists when the admin picks it and is gone when the form is sent: the real server refuses.
    const made = await page.request.post(`${site.baseUrl}/_api/admin/companies`, { data: { name: 'Vanishing Capital' } });
    expect(made.ok()).toBe(true);
    const { id } = (await made.json()) as { id: number };
    await page.getByRole('button', { name: 'Add New Discount' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Discount' });
    await dialog.locator('#discount-title').fill('Doomed discount');
    await page.getByRole('combobox', { name: 'Company' }).click();
    await page.getByRole('option', { name: 'Vanishing Capital' }).click();
    const gone = await page.request.post(`${site.baseUrl}/_api/admin/companies/delete`, { data: { id } });
    expect(gone.ok()).toBe(true);
    await dialog.getByRole('button', { name: 'Create Discount' }).click();
    await page.getByText(TOAST.failed('create discount', MSG.companyMissing(id))).waitFor();
    await expect(dialog.isVisible()).resolves.toBe(true);
  });

  it('fits a 390 px phone', async () => {
    const { page, errors } = await signedIn(VIEWPORTS.mobile);
    await row(page, '50% Off Evaluations: Flash Sale').waitFor();
    await page.screenshot({ path: 'reports/screenshots/admin-discounts-mobile.png', fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Expiry, status and the menu fit without scrolling sideways; the company sits under the title.
    const flash = row(page, '50% Off Evaluations: Flash Sale');
    await expect(flash.getByText(MSG.expiryTomorrow).isVisible()).resolves.toBe(true);
    await expect(flash.locator('td').first().getByText('Apex Trader Funding').isVisible()).resolves.toBe(true);
    const menu = await flash.getByRole('button', { name: /^Actions for/ }).boundingBox();
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await page.getByRole('button', { name: 'Add New Discount' }).click();
    await page.getByRole('dialog', { name: 'Add New Discount' }).waitFor();
    await page.screenshot({ path: 'reports/screenshots/admin-discounts-form-mobile.png' });
    expect(errors).toEqual([]);
  });

  it('shows 4 skeleton rows while loading, and the empty text once every discount is gone', async () => {
    const { page, errors } = await signedIn();
    await row(page, '50% Off Evaluations: Flash Sale').waitFor();
    // Hold the next list answer (the real one, untouched) until the skeletons have been seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/_api/admin/discounts?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByTestId('discount-skeleton-row').first().waitFor();
    expect(await page.getByTestId('discount-skeleton-row').count()).toBe(4);
    release();
    await row(page, '50% Off Evaluations: Flash Sale').waitFor();
    await page.unroute('**/_api/admin/discounts?*');

    // Runs last: removes every discount through the API, then the screen says so.
    const all = (await (await page.request.get(`${site.baseUrl}/_api/admin/discounts?range=[0,999]`)).json()) as AdminDiscountDto[];
    for (const d of all) expect((await page.request.delete(`${site.baseUrl}/_api/admin/discounts/${d.id}`)).ok()).toBe(true);
    await page.reload();
    await page.getByText('No discounts found. Add one to get started.').waitFor();
    expect(errors).toEqual([]);
  });
});
