/**
 * Issue 22, "Finished at every edge", in Chromium: the site without JavaScript (menu, paging, sign-in,
 * subscribe), focus never under the sticky header while tabbing, and every public page and admin screen at
 * 390 and 1280 px with no sideways scroll (the page or any box inside it) and, for the admin, axe clean
 * (the public pages' axe run is accessibility.e2e.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { BLOG_TEXT, MSG } from '../common/messages.js';
import { openPage, VIEWPORTS, waitForHydration } from './support/browser.js';
import { browserJourney } from './support/journey.js';
import { E2E_ADMIN } from './support/site.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Sideways scroll of the page, and every box inside it that scrolls sideways (or would, but hides it). */
async function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const de = document.documentElement;
    if (de.scrollWidth > de.clientWidth) found.push(`page ${de.scrollWidth}/${de.clientWidth}`);
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(el);
      if (!['auto', 'scroll'].includes(style.overflowX) || el.clientWidth === 0) continue;
      // Hidden parts (a collapsed toolbar, a closed menu) are nothing a visitor can scroll.
      if (style.visibility === 'hidden' || el.closest('[aria-hidden="true"], [inert]')) continue;
      const box = el.getBoundingClientRect();
      if (box.bottom < 0 || box.right < 0 || box.width === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1) found.push(`${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')} ${el.scrollWidth}/${el.clientWidth}`);
    }
    return found;
  });
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    type V = { id: string; impact: string; nodes: Array<{ target: unknown[] }> };
    const axe = (window as unknown as { axe: { run(d: Document, o: object): Promise<{ violations: V[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id} at ${JSON.stringify(n.target)}`));
  });
}

describe('the site at every edge (issue 22) in Chromium', () => {
  const journey = browserJourney();

  async function open(viewport: { width: number; height: number }, javaScriptEnabled = true): Promise<Page> {
    return (await journey.open({ viewport, javaScriptEnabled })).page;
  }

  it('works without JavaScript on a phone: the menu, paging, signing in and subscribing', async () => {
    const page = await open(VIEWPORTS.mobile, false);
    await page.goto('/');
    // The header's menu is a <details>: the browser opens it without any script.
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    expect(await menu.isVisible()).toBe(false);
    await page.locator('summary.menu-toggle').click();
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Home', 'About', 'Discounts', 'Firms', 'Blog', 'Sign in']);
    await page.screenshot({ path: 'reports/screenshots/nojs-menu-mobile.png' });
    await menu.getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL(/\/blog$/);

    // Paging is plain links.
    await page.getByRole('link', { name: BLOG_TEXT.next, exact: true }).click();
    await page.waitForURL(/\/blog\?page=2$/);
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    expect(await page.locator('.post-card').count()).toBeGreaterThan(0);

    // Subscribing: the form posts, the page comes back saying so.
    const form = page.locator('.newsletter-form').first();
    await form.locator('input[type="email"]').fill('nojs-reader@example.com');
    await form.locator('button[type="submit"]').click();
    await page.getByText(MSG.newsletterSubscribed).first().waitFor();

    // Signing in: a wrong password comes back with the reason, the right one signs in and goes to /.
    await page.goto('/login');
    await page.fill('#email', E2E_ADMIN.email);
    await page.fill('#password', 'not-the-password');
    await page.click('#main button[type=submit]');
    await page.getByRole('alert').filter({ hasText: MSG.invalidCredentials }).waitFor();
    await page.screenshot({ path: 'reports/screenshots/nojs-login-failed-mobile.png' });
    await page.fill('#email', E2E_ADMIN.email);
    await page.fill('#password', E2E_ADMIN.password);
    await page.click('#main button[type=submit]');
    await page.waitForURL(journey.site.baseUrl + '/');
    const session = await (await page.request.get('/_api/auth/session')).json();
    expect(session.user.email).toBe(E2E_ADMIN.email);
    // A public page's server HTML is the same for everyone (issue #17: cached for signed-in readers too), so the
    // account's links come from the script; without it the menu still offers every page.
    await page.locator('summary.menu-toggle').click();
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Home', 'About', 'Discounts', 'Firms', 'Blog', 'Sign in']);
  });

  it('with JavaScript the menu is the same <details>, kept by the script: it closes after a link and on Escape', async () => {
    const page = await open(VIEWPORTS.mobile);
    await page.goto('/about');
    await waitForHydration(page);
    const toggle = page.locator('summary.menu-toggle');
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    expect(await toggle.innerText()).toContain('Close menu');
    await menu.getByRole('link', { name: 'Blog' }).click();
    await page.locator('.blog-hero h1').waitFor();
    expect(await menu.isVisible()).toBe(false);
    await toggle.click();
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).toBe(true);
  });

  it('a keyboard user never has the focused control under the sticky header (WCAG 2.4.11), forwards or back', async () => {
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      const page = await open(viewport);
      // Instant scrolling (the site's reduced-motion rule): a smooth scroll that has not started yet when the wait
      // below samples it looks like a page at rest, and measures the control before it was brought into view.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      for (const path of ['/discounts', '/blog', '/firms']) {
        await page.goto(path);
        await waitForHydration(page);
        const hidden: string[] = [];
        const check = async (key: string) => {
          await page.keyboard.press(key);
          // The page scrolls smoothly to the focused control: measure once it has come to rest.
          await page.evaluate(() => new Promise<void>((resolve) => {
            let last = -1;
            let still = 0;
            const started = performance.now();
            const tick = () => {
              still = window.scrollY === last ? still + 1 : 0;
              last = window.scrollY;
              if (still >= 3 || performance.now() - started > 1500) resolve();
              else requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
          }));
          const where = await page.evaluate(() => {
            const el = document.activeElement as HTMLElement | null;
            if (!el || el === document.body) return null;
            const header = document.querySelector('.site-header')!.getBoundingClientRect();
            const box = el.getBoundingClientRect();
            // The header's own controls, and the skip link that shows over it, are not under it.
            if (el.closest('.site-header, .skip-link') || box.height === 0) return null;
            return { name: `${el.tagName} ${(el.textContent ?? '').trim().slice(0, 30)}`, top: box.top, bottom: box.bottom, headerBottom: header.bottom, height: window.innerHeight };
          });
          if (where && (where.top < where.headerBottom - 1 || where.bottom > where.height + 1)) hidden.push(`${key} ${where.name} at ${Math.round(where.top)} (header ends ${Math.round(where.headerBottom)})`);
        };
        for (let i = 0; i < 40; i++) await check('Tab');
        for (let i = 0; i < 30; i++) await check('Shift+Tab');
        expect({ viewport: viewport.width, path, hidden }).toEqual({ viewport: viewport.width, path, hidden: [] });
      }
    }
  });

  const publicPages = [
    '/', '/about', '/discounts', '/blog', '/blog/guides', '/blog?q=zzzqqq', '/blog?page=abc', '/login', '/firms',
    '/firms/ftmo', '/firms/compare?firms=ftmo,the5ers,fundednext', '/methodology', '/newsletter/unsubscribe?token=abc', '/no-such-page',
  ];
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`every public page fits ${viewport.width} px (${name}): no sideways scroll, in the page or a box inside it`, async () => {
      const page = await open(viewport);
      const found: Record<string, string[]> = {};
      for (const path of publicPages) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        found[path] = await sidewaysScroll(page);
      }
      expect(found).toEqual(Object.fromEntries(publicPages.map((p) => [p, []])));
    });
  }

  it('says what was searched, and leads back to all posts, when a search finds nothing', async () => {
    const page = await open(VIEWPORTS.mobile);
    await page.goto('/blog?q=zzzqqq');
    await page.getByText(BLOG_TEXT.noSearchResults('zzzqqq')).waitFor();
    await page.screenshot({ path: 'reports/screenshots/blog-search-empty-mobile.png' });
    await waitForHydration(page);
    await page.getByRole('link', { name: BLOG_TEXT.allPosts }).click();
    await page.waitForURL(/\/blog$/);
    await page.locator('.post-card').first().waitFor();
  });

  it("holds each firm's logo place on /discounts in the logo's own colour while the pictures are still on their way", async () => {
    const page = await open(VIEWPORTS.mobile);
    // The pictures never arrive: what a visitor scrolling down sees while they load.
    await page.route('**/media/**', () => undefined);
    await page.goto('/discounts', { waitUntil: 'domcontentloaded' });
    const companies = (await (await page.request.get('/_api/companies')).json()) as Array<{ name: string; logoBackground: string | null }>;
    const colourOf = new Map(companies.map((c) => [c.name, c.logoBackground]));
    const logos = await page.locator('article[data-discount-id]').evaluateAll((cards) => cards.map((card) => {
      const img = card.querySelector<HTMLImageElement>('img.deal-logo')!;
      const box = img.getBoundingClientRect();
      return { firm: card.querySelector('.deal-company')!.textContent!, size: [box.width, box.height], colour: getComputedStyle(img).backgroundColor };
    }));
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    expect(logos.length).toBeGreaterThan(6);
    expect(logos).toEqual(logos.map(({ firm }) => ({ firm, size: [44, 44], colour: rgb(colourOf.get(firm)!) })));
    // The seeded logos are coloured tiles: not one box is white.
    expect(logos.filter((l) => l.colour === 'rgb(255, 255, 255)')).toEqual([]);
    await page.screenshot({ path: 'reports/screenshots/discounts-logos-loading-mobile.png', fullPage: true });
  });

  const adminScreens: Array<[string, string]> = [
    ['/admin', 'h1, h2'],
    ['/admin/companies', 'h1'],
    ['/admin/firm-changes', 'h1'],
    ['/admin/firm-changes/create', 'h1'],
    ['/admin/discounts', '[data-testid=discount-row], .RaDataTable-row'],
    ['/admin/discounts/1', '[role=dialog] input'],
    ['/admin/blog-posts', 'h1'],
    ['/admin/blog-posts/new', 'h1'],
    ['/admin/newsletter', 'h1'],
    ['/admin/campaigns', 'h1'],
    ['/admin/outbox', 'h1, .MuiTypography-root'],
    ['/admin/jobs', 'h1'],
    ['/admin/audit-log', 'h1'],
    ['/admin/users', 'h1'],
    ['/admin/payout-reports', 'h1'],
    ['/admin/payout-claims', 'h1'],
    ['/admin/newsletter-settings', 'h1'],
    ['/admin/newsletter-privacy', 'h1'],
  ];
  // One test per screen and width: each has its own time, and a failure names its screen.
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    describe(`every admin screen fits ${viewport.width} px (${name}) and is axe clean`, () => {
      let page: Page;
      beforeAll(async () => {
        // One signed-in page for the screens of this width (journey.open's pages close after each test).
        ({ page } = await openPage(journey.browser, { baseURL: journey.site.baseUrl, viewport }));
        await page.request.post('/_api/auth/login_with_password', { data: E2E_ADMIN });
      });
      afterAll(() => page?.context().close());

      for (const [path, ready] of adminScreens) {
        it(path, async () => {
          await page.goto(path);
          await page.locator(ready).first().waitFor();
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(300);
          const found = [...(await sidewaysScroll(page)), ...(await axeViolations(page))];
          await page.screenshot({ path: `reports/screenshots/admin${path.replace(/\//g, '-')}-${name}.png` });
          expect({ [path]: found }).toEqual({ [path]: [] });
        });
      }
    });
  }

  it('titles the firm changelog screens after what they show', async () => {
    const page = await open(VIEWPORTS.desktop);
    await page.request.post('/_api/auth/login_with_password', { data: E2E_ADMIN });
    await page.goto('/admin/firm-changes');
    await page.getByRole('heading', { level: 1, name: 'Firm changelog' }).waitFor();
    expect(await page.title()).toBe('Firm changelog - Admin');
    await page.goto('/admin/firm-changes/create');
    await page.getByRole('heading', { level: 1, name: 'New changelog entry' }).waitFor();
    expect(await page.title()).toBe('New changelog entry - Admin');
  });
});
