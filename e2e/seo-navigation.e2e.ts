import type { Browser, Page } from 'playwright-core';
import { SITE_NAME } from '../common/constants.js';
import { launchBrowser, waitForHydration } from './support/browser.js';
import { startSite, type Site } from './support/site.js';

/** The head the server sends on the first byte, then kept in step by the client while navigating. */
describe('page head while navigating in Chromium', () => {
  let site: Site;
  let browser: Browser;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  const headOf = (page: Page) =>
    page.evaluate(() => ({
      title: document.title,
      canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
      robots: [...document.querySelectorAll('meta[name="robots"]')].map((m) => m.getAttribute('content')),
      description: document.querySelectorAll('meta[name="description"]').length,
      ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content') ?? null,
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!)['@type']),
    }));

  it('updates title, canonical, robots and JSON-LD on client-side navigation', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    let documents = 0;
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents++;
    });

    const res = await page.goto(`${site.baseUrl}/nope`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    // A click before React takes over the server's markup is a plain link: a second document, not this test's subject.
    await waitForHydration(page);
    expect(await headOf(page)).toEqual({ title: '404 Not Found', canonical: [], robots: ['noindex'], description: 1, ogUrl: null, jsonLd: ['Organization', 'WebSite'] });

    await page.getByRole('link', { name: 'Return to Homepage' }).click();
    await page.waitForFunction((t) => document.title === t, `${SITE_NAME} | Verified Prop Firm Discounts & Reviews`);
    const home = await headOf(page);
    expect(home.robots).toEqual(['index, follow']);
    expect(home.canonical).toHaveLength(1);
    const origin = home.canonical[0]!.replace(/\/$/, '');
    expect(home.ogUrl).toBe(`${origin}/`);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'About' }).click();
    await page.waitForFunction(() => location.pathname === '/about' && document.title.startsWith('About Us'));
    expect(await headOf(page)).toEqual({
      title: `About Us: How We Test and Verify Prop Firms | ${SITE_NAME}`,
      canonical: [`${origin}/about`], robots: ['index, follow'], description: 1, ogUrl: `${origin}/about`, jsonLd: ['Organization', 'WebSite'],
    });

    await nav.getByRole('link', { name: 'Blog' }).click();
    await page.waitForFunction(() => document.title.startsWith('Prop Trading Blog'));
    expect(await headOf(page)).toMatchObject({ canonical: [`${origin}/blog`], jsonLd: ['Organization', 'WebSite', 'BreadcrumbList'] });

    await page.goBack();
    await page.waitForFunction(() => document.title.startsWith('About Us'));
    expect((await headOf(page)).canonical).toEqual([`${origin}/about`]);

    // The same head the server sends for that URL.
    const server = await (await fetch(`${site.baseUrl}/about`)).text();
    expect(server).toContain(`<title>About Us: How We Test and Verify Prop Firms | ${SITE_NAME}</title>`);
    expect(server).toContain(`<link rel="canonical" href="${origin}/about">`);

    expect(documents).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
