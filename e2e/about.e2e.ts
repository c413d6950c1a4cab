import { createHmac } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import type { NewsletterSubscriberDto } from '../common/api-types.js';
import { PAYOUT_GUARANTEE } from '../common/marketing.js';
import { MSG } from '../common/messages.js';
import { launchBrowser, VIEWPORTS } from './support/browser.js';
import { E2E_ADMIN, startSite, type Site } from './support/site.js';

const SESSION_SECRET = 'e2e-about-session-secret-0123456789';

/**
 * The token a newsletter's unsubscribe link carries, made here the way the server makes it
 * (backend/src/mail/unsubscribe-token.ts): base64url(id) '.' base64url(HMAC-SHA256(purpose + id)).
 * Written out again rather than imported, so a change on the server that breaks old links fails this test.
 */
function unsubscribeToken(id: number, secret: string = SESSION_SECRET): string {
  const signature = createHmac('sha256', secret).update(`newsletter-unsubscribe:${id}`).digest('base64url');
  return `${Buffer.from(String(id)).toString('base64url')}.${signature}`;
}

/** The about page, the unsubscribe page, and the header and footer around them. */
describe('about, unsubscribe, header and footer in Chromium', () => {
  let site: Site;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite({ SESSION_SECRET }), launchBrowser()]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  async function context(viewport: { width: number; height: number } = VIEWPORTS.desktop) {
    const c = await browser.newContext({ viewport, baseURL: site.baseUrl });
    contexts.push(c);
    return c;
  }

  it('renders the founder story, verification process, values, trust disclosure and signup', async () => {
    const c = await context();
    const page = await c.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual(expect.arrayContaining(['Our story', 'How we verify a firm', 'What we stand for', 'Trust and transparency']));
    const text = await page.locator('main').innerText();
    expect(text).toContain('In 2023 he started Verified Trader Funding');
    expect(text).toContain(PAYOUT_GUARANTEE);
    expect(text).toMatch(/may earn a commission from qualifying purchases/);
    expect(await page.locator('#verification ol > li').count()).toBe(5);
    await page.screenshot({ path: 'reports/screenshots/about-desktop.png', fullPage: true });
    expect(errors).toEqual([]);
  });

  it('a hash link lands on its section', async () => {
    const c = await context();
    const page = await c.newPage();
    await page.goto('/about#trust');
    const heading = page.getByRole('heading', { name: 'Trust and transparency' });
    await heading.waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById('trust')!.getBoundingClientRect().top;
      return top >= 0 && top < 200;
    });
    // The browser scrolls to the server's #trust by itself before the page's script runs; the focus comes with the
    // script (useHashScroll), so it is waited for rather than read at once.
    await page.waitForFunction(() => document.activeElement?.id === 'trust', undefined, { timeout: 10_000 });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('trust');
  });

  it('subscribes from /about (about-page-cta), then unsubscribes with the emailed link only after the button press', async () => {
    const c = await context();
    const page = await c.newPage();
    const email = `about-${Date.now()}@example.com`;
    await page.goto('/about');
    const form = page.getByRole('region', { name: 'Newsletter signup' });
    // The form's code loads as it nears the viewport; the enhanced form (noValidate) then takes the plain one's place.
    // Typing and clicking before that swap races it (the click can land on the form being replaced).
    await form.scrollIntoViewIfNeeded();
    await form.locator('form[novalidate]').waitFor();
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText(MSG.newsletterSubscribed).waitFor();

    // Find the new subscriber through the admin API (no public API hands out ids or tokens).
    const login = await c.request.post('/_api/auth/login_with_password', { data: E2E_ADMIN });
    expect(login.status()).toBe(200);
    const subscriber = async () => {
      const res = await c.request.get(`/_api/admin/newsletter-subscribers?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`);
      expect(res.status()).toBe(200);
      const rows = (await res.json()) as NewsletterSubscriberDto[];
      expect(rows).toHaveLength(1);
      return rows[0];
    };
    const row = await subscriber();
    expect(row).toMatchObject({ email, status: 'subscribed', source: 'about-page-cta' });

    // Opening the link (as a mail scanner would) changes nothing.
    await page.goto(`/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken(row.id))}`);
    const button = page.getByRole('button', { name: 'Unsubscribe' });
    await button.waitFor();
    expect((await subscriber()).status).toBe('subscribed');

    await button.click();
    await page.getByRole('status').getByText(MSG.newsletterUnsubscribed).waitFor();
    expect(await button.count()).toBe(0);
    expect((await subscriber()).status).toBe('unsubscribed');
  });

  it('the unsubscribe page explains a missing or forged token', async () => {
    const c = await context(VIEWPORTS.mobile);
    const page = await c.newPage();
    await page.goto('/newsletter/unsubscribe');
    await page.getByRole('alert').getByText(MSG.newsletterTokenMissing).waitFor();
    expect(await page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);

    // Signed with another secret.
    await page.goto(`/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken(1, 'not-the-site-secret-0123456789'))}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('alert').getByText(MSG.newsletterTokenInvalid).waitFor();
    // Still there to try again.
    expect(await page.getByRole('button', { name: 'Unsubscribe' }).isEnabled()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });

  it('on a phone: the menu opens and closes after a link is chosen; no horizontal overflow on /about', async () => {
    const c = await context(VIEWPORTS.mobile);
    const page = await c.newPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.screenshot({ path: 'reports/screenshots/about-mobile.png', fullPage: true });

    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    // The toggle is a <details> menu's <summary> (it works without JavaScript too; e2e/edges.e2e.ts).
    const toggle = page.locator('summary.menu-toggle');
    expect(await toggle.innerText()).toContain('Open menu');
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Home', 'About', 'Discounts', 'Firms', 'Blog', 'Sign in']);
    await toggle.getByText('Close menu').waitFor();
    await menu.getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL(/\/blog$/);
    // The blog page loads lazily; the router commits the new location only once it has rendered.
    await page.locator('.blog-hero h1').waitFor();
    await menu.waitFor({ state: 'hidden' });
    await toggle.getByText('Open menu').waitFor();

    // Escape closes it too, giving focus back to the toggle.
    await toggle.click();
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).toBe(true);
  });

  it('the Admin link shows only to admins, in both menus; the footer carries the disclosure, tagline, links and this year', async () => {
    const c = await context();
    const page = await c.newPage();
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Blog' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Home', 'About', 'Discounts', 'Firms', 'Blog', 'Sign in']);

    const footer = page.locator('footer');
    const footerText = await footer.innerText();
    expect(footerText).toContain('trusted source for verified trader funding opportunities and exclusive discounts');
    expect(footerText).toMatch(/may earn a commission from qualifying purchases/);
    expect(footerText).toContain(`\u00a9 ${new Date().getFullYear()} Verified Trader Funding`);
    expect(await footer.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['/about', '/discounts', '/firms', '/simulator', '/methodology', '/how-we-test-codes', '/payout-guarantee', '/blog']);

    await c.request.post('/_api/auth/login_with_password', { data: E2E_ADMIN });
    await page.reload();
    await nav.getByRole('link', { name: 'Admin' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');

    await page.setViewportSize(VIEWPORTS.mobile);
    await page.locator('summary.menu-toggle').click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Home', 'About', 'Discounts', 'Firms', 'Blog', 'Admin', 'Account']);
  });
});
