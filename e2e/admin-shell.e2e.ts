import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG, TOAST } from '../common/messages.js';
import { launchBrowser, VIEWPORTS } from './support/browser.js';
import { E2E_ADMIN, startSite, type Site } from './support/site.js';
import { signInThroughForm } from './support/journey.js';
import { siteSql } from './support/sql.js';

/**
 * The admin shell: the AppBar title and the one highlighted menu item, the public lists refreshed in the same tab
 * after an admin change (one query client, docs/spec.md §4), and Access Denied with a way home and out (docs/spec.md §6).
 */
describe('admin shell in Chromium', () => {
  let site: Site;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const VIEWER = { email: 'viewer@e2e.example', password: E2E_ADMIN.password };

  async function signIn(email: string, password: string) {
    await signInThroughForm(page, site.baseUrl, { email, password });
  }

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(E2E_ADMIN.email, E2E_ADMIN.password);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await site?.stop();
  });

  const active = () => page.locator('.RaMenuItemLink-active').allTextContents();

  it('titles the AppBar after the page and highlights only the current menu item', async () => {
    await page.goto(site.baseUrl + '/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await expect(page.locator('#react-admin-title').textContent()).resolves.toBe('Admin Dashboard');
    await expect(active()).resolves.toEqual(['Dashboard']);
    await page.getByRole('menuitem', { name: 'Blog Posts' }).click();
    await page.getByRole('heading', { name: 'Manage Blog Posts', level: 1 }).waitFor();
    await expect(page.locator('#react-admin-title').textContent()).resolves.toBe('Manage Blog Posts');
    await expect(active()).resolves.toEqual(['Blog Posts']);
    await expect(page.getByRole('menuitem', { name: 'View site' }).getAttribute('aria-current')).resolves.toBeNull();
    await page.screenshot({ path: 'reports/screenshots/admin-shell-menu-desktop.png' });
  });

  it('refreshes the public blog list this tab already holds after a post is edited in the admin', async () => {
    // The visitor's list first, so the query client holds it (fresh for 60 s without the admin's invalidation).
    await page.goto(site.baseUrl + '/blog');
    const firstCard = page.locator('.post-card-title').first();
    await firstCard.waitFor();
    const before = (await firstCard.textContent())!;

    // In-app navigation (no reload) to the admin, then edit that post's title.
    await page.getByRole('link', { name: 'Admin', exact: true }).first().click();
    await page.getByRole('menuitem', { name: 'Blog Posts' }).click();
    await page.locator('#filter-status').click();
    await page.getByRole('option', { name: 'Published' }).click();
    await page.waitForURL(/published/);
    await page.getByRole('link', { name: `Edit ${before}` }).click();
    await page.locator('#post-title').fill(`${before} (updated)`);
    await page.getByRole('button', { name: 'Update Post' }).click();
    await page.locator('[data-sonner-toast]', { hasText: TOAST.postUpdated }).waitFor();

    await page.getByRole('menuitem', { name: 'View site' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Blog', exact: true }).first().click();
    await page.locator('.post-card-title', { hasText: `${before} (updated)` }).waitFor();
    await expect(firstCard.textContent()).resolves.toBe(`${before} (updated)`);
  });

  it('checks the session once per tab, and an admin call answered 401 signs out to /login', async () => {
    const sessionChecks: string[] = [];
    const onRequest = (r: { url(): string }) => { if (r.url().endsWith('/_api/auth/session')) sessionChecks.push(r.url()); };
    page.on('request', onRequest);
    try {
      await page.goto(site.baseUrl + '/admin/discounts');
      await page.getByRole('heading', { name: 'Manage Discounts', level: 1 }).waitFor();
      await page.getByRole('menuitem', { name: 'Blog Posts' }).click();
      await page.getByRole('heading', { name: 'Manage Blog Posts', level: 1 }).waitFor();
      // The site's one cached session serves react-admin's checkAuth, getIdentity and getPermissions too.
      expect(sessionChecks).toHaveLength(1);

      // The server forgets the session (as when it expires): the next admin call answers 401 and the admin signs
      // out to /login. Deleted on the server, not in the browser: the rolling cookie of a request in flight would
      // set a cleared cookie again. The sign-in page is asked to come back to where the admin was.
      await siteSql(site, 'DELETE FROM user_sessions');
      await page.getByRole('menuitem', { name: 'Companies' }).click();
      await page.waitForURL(site.baseUrl + '/login?next=%2Fadmin%2Fcompanies', { waitUntil: 'commit' });
      await page.locator('#email').waitFor();
    } finally {
      page.off('request', onRequest);
    }
    await signIn(E2E_ADMIN.email, E2E_ADMIN.password);
  });

  it('keeps the site header on Access Denied, with a link home and a sign-out', async () => {
    await siteSql(site, `INSERT INTO users (display_name, email, role, password_hash)
      SELECT 'Viewer', $1, 'user', password_hash FROM users WHERE email = $2`, [VIEWER.email, E2E_ADMIN.email]);
    await context.clearCookies();
    await signIn(VIEWER.email, VIEWER.password);
    await page.goto(site.baseUrl + '/admin');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText(MSG.accessDenied('user')).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Discounts' }).first().waitFor();
    await expect(page.getByRole('link', { name: 'Return to Homepage' }).getAttribute('href')).resolves.toBe('/');
    await page.screenshot({ path: 'reports/screenshots/admin-access-denied-desktop.png' });

    // docs/spec.md §4 clears the cached user before calling logout, so /login can show before the server has answered.
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/_api/auth/logout'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(site.baseUrl + '/login');
    await loggedOut;
    const session = await (await page.request.get(site.baseUrl + '/_api/auth/session')).json();
    expect(session).not.toHaveProperty('user');
    expect(errors).toEqual([]);
  });
});
