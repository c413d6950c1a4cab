import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BlogPostJson } from '../common/api-types.js';
import sharp from 'sharp';
import { MSG, TOAST } from '../common/messages.js';
import { launchBrowser, VIEWPORTS } from './support/browser.js';
import { E2E_ADMIN, startSite, type Site } from './support/site.js';

/** The blog admin journey (SPEC §2 admin blog routes): list, filters, create, edit, delete, validation, not found. */
describe('admin blog posts in Chromium', () => {
  let site: Site;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.baseUrl + '/login');
    await page.fill('#email', E2E_ADMIN.email);
    await page.fill('#password', E2E_ADMIN.password);
    await page.click('button[type=submit]');
    await page.waitForURL(site.baseUrl + '/');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await site?.stop();
  });

  const rows = () => page.getByTestId('post-row');
  const rowTitles = () => rows().locator('h2').allTextContents();
  const toast = (text: string) => page.locator('[data-sonner-toast]', { hasText: text });

  it('lists every seeded post, newest first, and search and the status filter narrow it', async () => {
    await page.goto(site.baseUrl + '/admin/blog-posts');
    await page.getByRole('heading', { name: 'Manage Blog Posts' }).waitFor();
    await expect(page.getByText('Create, edit, and manage your blog content.').isVisible()).resolves.toBe(true);
    await rows().first().waitFor();
    const res = await page.request.get(site.baseUrl + '/_api/admin/blog-posts');
    const all = (await res.json()) as BlogPostJson[];
    expect(all).toHaveLength(30);
    const newestFirst = [...all].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
    expect(await rowTitles()).toEqual(newestFirst.map((p) => p.title));
    const draft = all.find((p) => p.status === 'draft')!;
    await expect(rows().filter({ hasText: draft.title }).getByText('Not Published').isVisible()).resolves.toBe(true);

    await page.getByPlaceholder('Search by title or author...').fill('FundedNext');
    await page.waitForFunction(() => {
      const n = document.querySelectorAll('[data-testid=post-row]').length;
      return n > 0 && n < 30;
    });
    const found = await rowTitles();
    expect(found.length).toBeGreaterThan(0);
    for (const t of found) expect(t.toLowerCase()).toContain('fundednext');
    await page.getByPlaceholder('Search by title or author...').fill('');

    await page.getByLabel('Filter by status').click();
    await page.getByRole('option', { name: 'Draft' }).click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=post-row]').length === n, all.filter((p) => p.status === 'draft').length);
    expect(await rows().getByTestId('post-status').allTextContents()).toEqual(expect.arrayContaining(['Draft']));
    expect(new Set(await rows().getByTestId('post-status').allTextContents())).toEqual(new Set(['Draft']));
    await page.getByLabel('Filter by status').click();
    await page.getByRole('option', { name: 'All Statuses' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=post-row]').length === 30);
    await page.screenshot({ path: 'reports/screenshots/admin-blog-list-desktop.png', fullPage: false });
  });

  it('shows SPEC messages on blur, creates a published post whose slug follows the title, edits and deletes it', async () => {
    await page.getByRole('link', { name: 'New Blog Post' }).click();
    await page.getByRole('heading', { name: 'Create New Blog Post' }).waitFor();
    await page.locator('#post-title').focus();
    await page.locator('#post-title').blur();
    await page.getByText(MSG.titleRequired).waitFor();

    await page.locator('#post-title').fill('  E2E: Testing the Admin Form!  ');
    await expect(page.locator('#post-slug').inputValue()).resolves.toBe('e2e-testing-the-admin-form');
    await page.locator('#post-title').blur();
    await page.getByText(MSG.titleRequired).waitFor({ state: 'detached' });
    await page.locator('#post-content').fill('<p>Written by the browser journey.</p>');
    await page.locator('#post-tags').fill(' e2e , , admin ');
    await page.locator('#post-author').fill('E2E Author');
    await expect(page.getByText('Pick a date').count()).resolves.toBe(0);
    await page.locator('#post-status').click();
    await page.getByRole('option', { name: 'Published' }).click();
    await page.getByRole('button', { name: /Pick a date/ }).click();
    await page.locator('#post-published-at').fill('2025-03-14');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: /March 14th, 2025/ }).waitFor();
    await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });

    // Featured image: a wrong type is refused on the field, a PNG is uploaded (kind 'featured') and previewed.
    const file = page.locator('input[type=file]');
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText(MSG.uploadInvalidType).waitFor();
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#0099ff' } }).png().toBuffer();
    await file.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
    await page.getByAltText('Featured image preview').waitFor();
    await expect(page.getByText(MSG.uploadInvalidType).count()).resolves.toBe(0);
    expect(await page.getByAltText('Featured image preview').getAttribute('src')).toMatch(/^\/media\/.+\.webp$/);
    await page.screenshot({ path: 'reports/screenshots/admin-blog-new-desktop.png', fullPage: true });
    await page.getByRole('button', { name: 'Create Post' }).click();

    await toast(TOAST.postCreated).waitFor();
    await page.waitForURL(site.baseUrl + '/admin/blog-posts');
    const row = rows().filter({ hasText: 'E2E: Testing the Admin Form!' });
    await row.waitFor();
    expect(await rowTitles().then((t) => t[0])).toBe('E2E: Testing the Admin Form!');
    await expect(row.textContent()).resolves.toContain('By E2E Author');
    await expect(row.textContent()).resolves.toContain('Mar 14, 2025');
    await expect(row.getByTestId('post-status').textContent()).resolves.toBe('Published');
    await expect(row.getByRole('link', { name: /View/ }).getAttribute('href')).resolves.toBe('/blog/e2e-testing-the-admin-form');
    const created = ((await (await page.request.get(site.baseUrl + '/_api/admin/blog-posts')).json()) as BlogPostJson[])
      .find((p) => p.slug === 'e2e-testing-the-admin-form')!;
    expect(created.tags).toEqual(['e2e', 'admin']);
    expect(created.featuredImageUrl).toMatch(/^\/media\/.+\.webp$/);
    await expect(row.locator('img').getAttribute('src')).resolves.toBe(created.featuredImageUrl);

    // Edit: the slug stays as it was when the title changes.
    await row.getByRole('link', { name: /Edit/ }).click();
    await page.getByRole('heading', { name: 'Edit Blog Post' }).waitFor();
    await expect(page.locator('#post-title').inputValue()).resolves.toBe('E2E: Testing the Admin Form!');
    await page.getByRole('button', { name: /March 14th, 2025/ }).waitFor();
    await page.screenshot({ path: 'reports/screenshots/admin-blog-edit-desktop.png', fullPage: true });
    await page.locator('#post-title').fill('E2E: Edited Title');
    await expect(page.locator('#post-slug').inputValue()).resolves.toBe('e2e-testing-the-admin-form');
    await page.getByRole('button', { name: 'Update Post' }).click();
    await toast(TOAST.postUpdated).waitFor();
    await page.waitForURL(site.baseUrl + '/admin/blog-posts');
    const edited = rows().filter({ hasText: 'E2E: Edited Title' });
    await edited.waitFor();
    await expect(edited.getByRole('link', { name: /View/ }).getAttribute('href')).resolves.toBe('/blog/e2e-testing-the-admin-form');

    // Delete through the browser's confirm dialog.
    let question = '';
    page.once('dialog', (d) => {
      question = d.message();
      void d.accept();
    });
    await edited.getByRole('button', { name: /Delete/ }).click();
    await toast(TOAST.postDeleted).waitFor();
    expect(question).toBe('Are you sure you want to delete this post?');
    await page.waitForFunction(() => ![...document.querySelectorAll('[data-testid=post-row] h2')].some((h) => h.textContent === 'E2E: Edited Title'));
    expect(await rows().count()).toBe(30);
  });

  it('shows the server message for a slug clash and "Blog post not found." for an unknown id', async () => {
    const taken = ((await (await page.request.get(site.baseUrl + '/_api/admin/blog-posts')).json()) as BlogPostJson[])[0];
    await page.goto(site.baseUrl + '/admin/blog-posts/new');
    await page.locator('#post-title').fill('Another post');
    await page.locator('#post-slug').fill(taken.slug);
    await page.locator('#post-content').fill('<p>Body</p>');
    await page.getByRole('button', { name: 'Create Post' }).click();
    await toast(TOAST.failed('create post', MSG.blogSlugTaken(taken.slug))).waitFor();
    // The body's `errors.slug` lands on the Slug field as its helper text.
    await expect(page.locator('#post-slug-helper-text').textContent()).resolves.toBe(MSG.blogSlugTaken(taken.slug));
    await expect(page.url()).toBe(site.baseUrl + '/admin/blog-posts/new');

    await page.goto(site.baseUrl + '/admin/blog-posts/999999/edit');
    await page.getByText('Blog post not found.').waitFor();
    expect(errors).toEqual([]);
  });

  it('lays the list and the form out in one column on a phone', async () => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(site.baseUrl + '/admin/blog-posts');
    await rows().first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await page.screenshot({ path: 'reports/screenshots/admin-blog-list-mobile.png' });
    await page.goto(site.baseUrl + '/admin/blog-posts/new');
    const title = await page.locator('#post-title').boundingBox();
    const status = await page.locator('#post-status').boundingBox();
    expect(status!.y).toBeGreaterThan(title!.y + 200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await page.screenshot({ path: 'reports/screenshots/admin-blog-new-mobile.png', fullPage: true });
  });
});
