import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BlogPostJson } from '../common/api-types.js';
import { TOAST } from '../common/messages.js';
import { launchBrowser, VIEWPORTS } from './support/browser.js';
import { E2E_ADMIN, startSite, type Site } from './support/site.js';
import { signInThroughForm } from './support/journey.js';
import { siteSql } from './support/sql.js';
import * as argon2 from 'argon2';

/**
 * Issue #20 in Chromium: two sessions edit one post and the later save gets the conflict with its text kept;
 * a dirty form asks before leaving; a revision is compared and restored; a preview link opens signed out;
 * the audit log lists the saves.
 */
describe('an admin a team can trust, in Chromium', () => {
  let site: Site;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await site?.stop();
  });

  async function signedInPage(viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await signInThroughForm(page, site.baseUrl);
    return page;
  }

  async function newPost(page: Page, slug: string): Promise<BlogPostJson> {
    const res = await page.request.post(site.baseUrl + '/_api/admin/blog-posts', {
      data: { title: `Post ${slug}`, slug, content: `<p>Body of ${slug}.</p>`, excerpt: 'An excerpt' },
      headers: { Origin: site.baseUrl },
    });
    expect(res.status()).toBe(201);
    return (await res.json()) as BlogPostJson;
  }

  async function openEditor(page: Page, id: number): Promise<void> {
    await page.goto(`${site.baseUrl}/admin/blog-posts/${id}/edit`);
    await page.getByRole('heading', { name: 'Edit Blog Post', level: 1 }).waitFor();
    await page.locator('#post-title').waitFor();
  }

  const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]', { hasText: text });

  it('two sessions edit one post: the later save gets the conflict, keeps its text, and can reload', async () => {
    const first = await signedInPage();
    const second = await signedInPage();
    const post = await newPost(first, 'two-sessions');
    await Promise.all([openEditor(first, post.id), openEditor(second, post.id)]);

    await first.locator('#post-title').fill('Saved by the first session');
    await first.getByRole('button', { name: 'Update Post' }).click();
    await toast(first, TOAST.postUpdated).waitFor();

    await second.locator('#post-title').fill('Second session title');
    await second.locator('#post-content').fill('<p>Text only the second session typed.</p>');
    await second.getByRole('button', { name: 'Update Post' }).click();
    const notice = second.getByTestId('edit-conflict');
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toMatch(
      /This blog post was changed by .+ at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. Reload to see their changes\./,
    );
    // Nothing was overwritten, and what the second session typed is still in its form.
    await expect(second.locator('#post-content').inputValue()).resolves.toBe('<p>Text only the second session typed.</p>');
    await expect(second.locator('#post-title').inputValue()).resolves.toBe('Second session title');
    expect(second.url()).toBe(`${site.baseUrl}/admin/blog-posts/${post.id}/edit`);
    const stored = (await (await first.request.get(`${site.baseUrl}/_api/admin/blog-posts/${post.id}`)).json()) as BlogPostJson;
    expect(stored).toMatchObject({ title: 'Saved by the first session', content: post.content });
    await second.screenshot({ path: 'reports/screenshots/admin-edit-conflict-desktop.png', fullPage: true });

    await notice.getByRole('button', { name: 'Reload' }).click();
    await second.waitForFunction(() => (document.querySelector('#post-title') as HTMLInputElement | null)?.value === 'Saved by the first session');
    const kept = second.getByTestId('unsaved-copy');
    await expect(kept.getByLabel('Your content').inputValue()).resolves.toBe('<p>Text only the second session typed.</p>');
    // Saving from the reloaded version now lands.
    await second.locator('#post-excerpt').fill('Merged by hand');
    await second.getByRole('button', { name: 'Update Post' }).click();
    await toast(second, TOAST.postUpdated).waitFor();

    const phone = await signedInPage(VIEWPORTS.mobile);
    await openEditor(phone, post.id);
    await phone.locator('#post-title').fill('Stale on a phone');
    await first.request.post(`${site.baseUrl}/_api/admin/blog-posts/update`, { data: { id: post.id, title: 'Moved on' }, headers: { Origin: site.baseUrl } });
    await phone.getByRole('button', { name: 'Update Post' }).click();
    await phone.getByTestId('edit-conflict').waitFor();
    await phone.screenshot({ path: 'reports/screenshots/admin-edit-conflict-mobile.png', fullPage: true });
  });

  it('a dirty form asks before leaving, and stays with its text when told to', async () => {
    const page = await signedInPage();
    const post = await newPost(page, 'dirty-form');
    await openEditor(page, post.id);
    await page.locator('#post-title').fill('Not saved yet');
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.dismiss();
    });
    await page.getByRole('menuitem', { name: 'Discounts' }).click();
    for (let i = 0; i < 50 && !asked; i++) await page.waitForTimeout(100);
    expect(asked).toBe("Some of your changes weren't saved. Are you sure you want to ignore them?");
    expect(page.url()).toBe(`${site.baseUrl}/admin/blog-posts/${post.id}/edit`);
    await expect(page.locator('#post-title').inputValue()).resolves.toBe('Not saved yet');

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('menuitem', { name: 'Discounts' }).click();
    await page.waitForURL(`${site.baseUrl}/admin/discounts`);
  });

  it('restores a revision after comparing it, and shares a preview link with a signed-out browser', async () => {
    const page = await signedInPage();
    const post = await newPost(page, 'restorable');
    for (const title of ['Version one', 'Version two']) {
      await openEditor(page, post.id);
      await page.locator('#post-title').fill(title);
      await page.getByRole('button', { name: 'Update Post' }).click();
      await toast(page, TOAST.postUpdated).waitFor();
      await page.waitForURL(site.baseUrl + '/admin/blog-posts');
    }
    await openEditor(page, post.id);
    const revisions = page.getByTestId('revision');
    await revisions.nth(2).waitFor();
    await expect(revisions.allTextContents()).resolves.toEqual([
      expect.stringMatching(/^Saved \(current\)/), expect.stringMatching(/^Saved/), expect.stringMatching(/^Created/),
    ]);
    await revisions.nth(1).getByRole('button', { name: /Compare/ }).click();
    const diff = page.getByTestId('revision-diff');
    await diff.waitFor();
    await expect(diff.locator('del').allTextContents()).resolves.toEqual(['one']);
    await expect(diff.locator('ins').allTextContents()).resolves.toEqual(['two']);
    await page.screenshot({ path: 'reports/screenshots/admin-revision-diff-desktop.png' });
    await page.getByRole('button', { name: 'Restore this revision' }).click();
    await toast(page, /Restored the version of/).waitFor();
    await page.waitForFunction(() => (document.querySelector('#post-title') as HTMLInputElement | null)?.value === 'Version one');
    await expect(page.getByTestId('revision').first().textContent()).resolves.toMatch(/^Restored \(current\)/);

    await page.getByRole('button', { name: 'Preview' }).click();
    const link = await page.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(link).toMatch(/\/blog\/restorable\?preview=/);
    const stranger = await browser.newContext({ viewport: VIEWPORTS.mobile });
    contexts.push(stranger);
    const visitor = await stranger.newPage();
    const res = await visitor.goto(link.replace(/^https?:\/\/[^/]+/, site.baseUrl));
    expect(res?.status()).toBe(200);
    await visitor.getByRole('heading', { name: 'Version one' }).waitFor();
    await visitor.getByText('Preview', { exact: false }).first().waitFor();
    await visitor.screenshot({ path: 'reports/screenshots/post-preview-link-mobile.png' });
    expect((await visitor.goto(`${site.baseUrl}/blog/restorable`))?.status()).toBe(404);
  });

  it('an editor signs in and sees only what the role allows', async () => {
    const editor = { email: 'editor@e2e.example', password: 'editor-password-1' };
    await siteSql(site, `insert into users (display_name, email, role, password_hash) values ('Eddie Editor', $1, 'editor', $2)`, [
      editor.email, await argon2.hash(editor.password, { type: argon2.argon2id }),
    ]);
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await signInThroughForm(page, site.baseUrl, editor);
    await page.goto(site.baseUrl + '/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await expect(page.getByText('EDITOR', { exact: true }).isVisible()).resolves.toBe(true);
    const menu = await page.locator('.RaMenu-open [role=menuitem], .RaMenu-closed [role=menuitem]').allTextContents();
    expect(menu.map((m) => m.trim())).toEqual(['Dashboard', 'Companies', 'Firm changelog', 'Discounts', 'Blog Posts', 'Campaigns', 'View site']);
    await page.screenshot({ path: 'reports/screenshots/admin-editor-dashboard-desktop.png' });

    // Companies are read-only to an editor: no Add button, no record menu.
    await page.getByRole('menuitem', { name: 'Companies' }).click();
    await page.getByRole('heading', { name: 'Manage Companies', level: 1 }).waitFor();
    await page.locator('[data-testid=company-card], .MuiCard-root').first().waitFor();
    await expect(page.getByRole('link', { name: 'Add New Company' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^Actions for/ }).count()).resolves.toBe(0);

    // Posts are theirs to write.
    await page.getByRole('menuitem', { name: 'Blog Posts' }).click();
    await page.getByRole('link', { name: 'New Blog Post' }).waitFor();
    const post = (await (await page.request.get(site.baseUrl + '/_api/admin/blog-posts?range=[0,0]')).json()) as BlogPostJson[];
    await openEditor(page, post[0].id);
    await page.locator('#post-excerpt').fill('Edited by the editor');
    await page.getByRole('button', { name: 'Update Post' }).click();
    await toast(page, TOAST.postUpdated).waitFor();
    // And the server refuses the rest.
    expect((await page.request.get(site.baseUrl + '/_api/admin/audit-log')).status()).toBe(403);
    expect((await page.request.get(site.baseUrl + '/_api/admin/newsletter-subscribers')).status()).toBe(403);
  });

  it('the audit log screen lists the saves with what changed', async () => {
    const page = await signedInPage();
    await page.goto(site.baseUrl + '/admin/audit-log');
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const row = page.locator('tbody tr', { hasText: 'Version two' }).first();
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(E2E_ADMIN.email);
    await page.screenshot({ path: 'reports/screenshots/admin-audit-log-desktop.png' });
    expect(errors).toEqual([]);
  });
});
