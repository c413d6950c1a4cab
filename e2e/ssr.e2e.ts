import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SPLASH_CLASS } from '../common/boot-splash.js';
import { MSG } from '../common/messages.js';
import { launchBrowser, VIEWPORTS, waitForHydration } from './support/browser.js';
import { E2E_ADMIN, startSite, type Site } from './support/site.js';

/**
 * Issue #8 in Chromium: every public page arrives rendered and hydrates without a warning or a
 * refetch; the boot splash covers a first visit from the first frame and never shows on a reload;
 * the newsletter form works before its script; an admin previews a draft that a visitor cannot see.
 */
describe('server-rendered pages in Chromium', () => {
  let site: Site;
  let browser: Browser;
  let postSlug: string;
  const contexts: BrowserContext[] = [];
  /** Set SSR_SHOTS=dir to keep a screenshot of every page after hydration (to look at them). */
  const shots = process.env.SSR_SHOTS;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    const list = (await (await fetch(`${site.baseUrl}/_api/blog-posts?limit=1`)).json()) as { json: { posts: { slug: string }[] } };
    postSlug = list.json.posts[0]!.slug;
    if (shots) mkdirSync(shots, { recursive: true });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  async function context(viewport: { width: number; height: number } = VIEWPORTS.desktop, javaScript = true): Promise<BrowserContext> {
    const c = await browser.newContext({ viewport, javaScriptEnabled: javaScript });
    contexts.push(c);
    return c;
  }

  /** Console errors and warnings (React reports hydration mismatches there), page errors, and API calls made. */
  function watch(page: Page) {
    const problems: string[] = [];
    const apiCalls: string[] = [];
    page.on('console', (m) => {
      if (m.type() !== 'error' && m.type() !== 'warning') return;
      // A not-found page is itself a 404 answer, which Chromium reports for the document.
      if (/Failed to load resource: .* 404/.test(m.text()) && m.location().url === page.url()) return;
      problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      // The one call a page makes by design: who is reading (the header's account links), which the shared cached
      // HTML cannot say (docs/decisions/signed-in-readers-share-cached-pages.md). Anything else is a refetch.
      if (path.startsWith('/_api/') && path !== '/_api/auth/session') apiCalls.push(r.url());
    });
    return { problems, apiCalls };
  }

  const PAGES: Array<[path: string, text: string]> = [
    ['/', 'We test prop firms so you'],
    ['/about', 'About'],
    ['/discounts', 'Verified Prop Firm Discount Codes'],
    ['/blog', 'Blog'],
    ['/blog?page=2', 'Blog'],
    ['/blog?tag=ftmo', 'ftmo'],
    ['/blog?q=payout', 'payout'],
    ['/blog/news', 'News'],
    ['/blog/guides', 'Guides'],
    ['/blog/reviews', 'Reviews'],
    ['/login', 'Sign'],
    ['/newsletter/unsubscribe?token=abc', 'Unsubscribe'],
    ['/no-such-page', 'Page Not Found'],
    ['/blog/no-such-post', 'Post not found'],
  ];

  const FORM_PAGES = ['/login', '/newsletter/unsubscribe'];

  it.each(Object.entries(VIEWPORTS))('every public page hydrates at %s width with no console error, no hydration warning and no refetch', async (name, viewport) => {
    const c = await context(viewport);
    for (const [path, text] of [...PAGES, [`/blog/${postSlug}`, 'Related articles'] as [string, string]]) {
      const page = await c.newPage();
      const { problems, apiCalls } = watch(page);
      await page.goto(site.baseUrl + path);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      expect({ path, problems }).toEqual({ path, problems: [] });
      // The server's data was handed over: nothing is fetched again on load.
      expect({ path, apiCalls }).toEqual({ path, apiCalls: [] });
      expect(await page.locator('main').textContent()).toContain(text);
      // Nothing but the HTML stands before the first paint: no stylesheet is fetched first, and the
      // scripts start only once the content is painted (common/deferred-scripts). Form pages (sign-in,
      // unsubscribe) load theirs with the page, so the first submit is the enhanced one.
      const timing = await page.evaluate(() => ({
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        files: performance.getEntriesByType('resource').filter((e) => /\/assets\/.*\.(?:js|css)$/.test(e.name)).map((e) => e.startTime),
      }));
      if (!FORM_PAGES.some((p) => path.startsWith(p))) {
        expect({ path, fetchedBeforePaint: timing.files.filter((t) => t < timing.painted).length }).toEqual({ path, fetchedBeforePaint: 0 });
      }
      if (shots) await page.screenshot({ path: `${shots}/${name}${path.replace(/[^a-z0-9]+/gi, '_')}.png`, fullPage: false });
      await page.close();
    }
  });

  it('a first visit is covered by the splash from the first frame; a reload in the same session never shows it', async () => {
    const c = await context(VIEWPORTS.mobile);
    const page = await c.newPage();
    // Without the app's script the page is what the first paint shows: the server's HTML and the head script.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(site.baseUrl + '/');
    expect(await page.evaluate((cls) => document.documentElement.classList.contains(cls), SPLASH_CLASS)).toBe(true);
    const splash = page.locator('.boot-splash');
    expect(await splash.evaluate((el) => getComputedStyle(el).display)).toBe('flex');
    const box = (await splash.boundingBox())!;
    expect(box).toMatchObject({ x: 0, y: 0, width: VIEWPORTS.mobile.width, height: VIEWPORTS.mobile.height });
    // The content is already laid out beneath it (its LCP is not held back).
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    // Without the script it still leaves on the timeline: the page is never covered for good.
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.boot-splash')!).visibility === 'hidden', undefined, { timeout: 5000 });

    await page.reload();
    expect(await page.evaluate((cls) => document.documentElement.classList.contains(cls), SPLASH_CLASS)).toBe(false);
    expect(await splash.evaluate((el) => getComputedStyle(el).display)).toBe('none');

    // With the app running, a reload shows no splash at any moment either.
    await page.unroute('**/assets/*.js');
    await page.reload({ waitUntil: 'commit' });
    const seen = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          let shown = false;
          const check = () => {
            const el = document.querySelector('.boot-splash');
            if (el && getComputedStyle(el).display !== 'none') shown = true;
          };
          const timer = setInterval(check, 16);
          setTimeout(() => {
            clearInterval(timer);
            resolve(shown);
          }, 1500);
          check();
        }),
    );
    expect(seen).toBe(false);
  });

  it('a keyboard visitor can subscribe from the home page before its script has loaded', async () => {
    const c = await context(VIEWPORTS.desktop, false);
    const page = await c.newPage();
    await page.goto(site.baseUrl + '/');
    const email = page.getByRole('region', { name: 'Newsletter signup' }).getByRole('textbox', { name: 'Email address' });
    await email.focus();
    expect(await email.isEnabled()).toBe(true);
    await page.keyboard.type('keyboard.first@example.com');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\?newsletter=subscribed&source=homepage#newsletter$/);
    expect(await page.getByRole('status').filter({ hasText: MSG.newsletterSubscribed }).isVisible()).toBe(true);
  });

  it('an admin previews a draft with View; a visitor gets the 404', async () => {
    const admin = await context();
    const headers = { Origin: site.baseUrl };
    expect((await admin.request.post(`${site.baseUrl}/_api/auth/login_with_password`, { data: E2E_ADMIN, headers })).ok()).toBe(true);
    const created = await admin.request.post(`${site.baseUrl}/_api/admin/blog-posts`, {
      headers,
      data: { title: 'Draft for preview', slug: 'draft-for-preview', content: '<p>Only admins read this draft.</p>', status: 'draft', category: 'news' },
    });
    expect(created.ok()).toBe(true);

    const page = await admin.newPage();
    const { problems } = watch(page);
    const res = await page.goto(`${site.baseUrl}/blog/draft-for-preview`);
    expect(res!.status()).toBe(200);
    expect(res!.headers()['cache-control']).toBe('private, no-store');
    await waitForHydration(page);
    await page.getByRole('note').filter({ hasText: 'Preview' }).waitFor();
    expect(await page.getByText('Only admins read this draft.').isVisible()).toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(problems).toEqual([]);

    const visitor = await (await context()).newPage();
    const seen = await visitor.goto(`${site.baseUrl}/blog/draft-for-preview`);
    expect(seen!.status()).toBe(404);
    await visitor.getByRole('heading', { name: 'Post not found' }).waitFor();
    expect(await visitor.getByText('Only admins read this draft.').count()).toBe(0);
  });
});
