import type { Browser, Page } from 'playwright-core';
import superjson from 'superjson';
import type { BlogListResponse, BlogPostWithRelated } from '../common/api-types.js';
import { launchBrowser, VIEWPORTS, waitForHydration } from './support/browser.js';
import { startSite, type Site } from './support/site.js';

/** The public blog (docs/spec.md §2 "Blog list", docs/design.md §7) as a visitor uses it, on the built site with the demo posts. */
describe('blog pages in Chromium', () => {
  let site: Site;
  let browser: Browser;
  let errors: string[];
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  const api = async <T>(path: string): Promise<T> => superjson.deserialize<T>(await (await fetch(site.baseUrl + path)).json());

  async function open(path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
    const page = await browser.newPage({ viewport });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.baseUrl + path);
    // The server-rendered page is on screen before its script runs; the journeys use the enhanced one.
    await waitForHydration(page);
    return page;
  }
  const cardTitles = (page: Page) => page.locator('.post-card-title').allTextContents();
  const waitForCards = (page: Page) => page.locator('.post-card-title').first().waitFor();

  beforeEach(() => {
    errors = [];
  });
  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('lists 9 posts a page with Page 1 of N, and Next goes to ?page=2', async () => {
    const first = await api<BlogListResponse>('/_api/blog-posts?page=1&limit=9');
    const second = await api<BlogListResponse>('/_api/blog-posts?page=2&limit=9');
    expect(first.pagination.totalPages).toBeGreaterThan(1);

    const page = await open('/blog');
    await waitForCards(page);
    expect(await page.locator('.post-card').count()).toBe(9);
    expect(await cardTitles(page)).toEqual(first.posts.map((p) => p.title));
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByText(`Page 1 of ${first.pagination.totalPages}`).waitFor();
    expect(await pager.getByRole('link', { name: /Previous/ }).count()).toBe(0);

    // A card: capitalised category, title linking to the post, excerpt, long US date, author.
    const card = page.locator('.post-card').first();
    const post = first.posts[0];
    expect(await card.locator('.post-category').textContent()).toBe(post.category[0].toUpperCase() + post.category.slice(1));
    expect(await card.getByRole('link').getAttribute('href')).toBe(`/blog/${post.slug}`);
    expect(await card.locator('.post-card-excerpt').textContent()).toBe(post.excerpt);
    expect(await card.locator('time').textContent()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await card.locator('.post-author').textContent()).toBe(post.authorName);

    await pager.getByRole('link', { name: /Next/ }).click();
    await page.waitForURL((url) => url.pathname === '/blog' && url.search === '?page=2');
    await pager.getByText(`Page 2 of ${first.pagination.totalPages}`).waitFor();
    await page.getByRole('heading', { name: second.posts[0].title }).waitFor();
    expect(await cardTitles(page)).toEqual(second.posts.map((p) => p.title));

    await pager.getByRole('link', { name: /Previous/ }).click();
    await page.waitForURL((url) => url.pathname === '/blog' && url.search === '');
    await page.getByRole('heading', { name: first.posts[0].title }).waitFor();
    await page.screenshot({ path: 'reports/screenshots/blog-list-desktop.png', fullPage: true });
    await page.close();
  });

  it('a category page lists only that category', async () => {
    const reviews = await api<BlogListResponse>('/_api/blog-posts?page=1&limit=9&category=review');
    expect(reviews.posts.length).toBeGreaterThan(0);

    const page = await open('/blog');
    await waitForCards(page);
    const sidebar = page.getByRole('complementary', { name: 'Blog sidebar' });
    await sidebar.getByRole('link', { name: 'Reviews' }).click();
    await page.waitForURL((url) => url.pathname === '/blog/reviews');
    await page.getByRole('heading', { level: 1, name: 'Prop Firm Reviews' }).waitFor();
    await page.getByRole('heading', { name: reviews.posts[0].title }).waitFor();
    expect(await cardTitles(page)).toEqual(reviews.posts.map((p) => p.title));
    expect(new Set(await page.locator('.post-card .post-category').allTextContents())).toEqual(new Set(['Review']));
    expect(await sidebar.getByRole('link', { name: 'Reviews' }).getAttribute('aria-current')).toBe('page');

    // `general` has no route of its own: /blog?category=general (docs/design.md §7).
    await sidebar.getByRole('link', { name: 'General' }).click();
    await page.waitForURL((url) => url.pathname === '/blog' && url.search === '?category=general');
    await page.getByRole('heading', { level: 1, name: 'General Trading Articles' }).waitFor();
    await waitForCards(page);
    expect(new Set(await page.locator('.post-card .post-category').allTextContents())).toEqual(new Set(['General']));
    await page.close();
  });

  it('the sidebar search finds a post by a word, and says so when nothing matches', async () => {
    const page = await open('/blog');
    await waitForCards(page);
    const search = page.getByRole('search');
    await search.getByRole('searchbox', { name: 'Search the blog' }).fill('   ');
    await search.getByRole('button', { name: 'Search' }).click();
    expect(new URL(page.url()).search).toBe('');

    await search.getByRole('searchbox', { name: 'Search the blog' }).fill('Topstep');
    await search.getByRole('searchbox', { name: 'Search the blog' }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/blog' && url.searchParams.get('q') === 'Topstep');
    await page.getByRole('heading', { name: 'Topstep Review: The Futures Combine Explained' }).waitFor();

    await search.getByRole('searchbox', { name: 'Search the blog' }).fill('xylophonequasar');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('heading', { name: 'No posts found' }).waitFor();
    // It says what was searched, not that there are no posts at all (issue 22), and leads back to all of them.
    await page.getByText('No published posts match \u201cxylophonequasar\u201d.').waitFor();
    expect(await page.getByText('There are no published posts to display at this time.').count()).toBe(0);
    await page.getByRole('link', { name: 'See all posts' }).waitFor();
    await page.close();
  });

  it('a post shows its content, category, tags and 3 related articles; a tag link lists its posts', async () => {
    const list = await api<BlogListResponse>('/_api/blog-posts?page=1&limit=9&category=review');
    const slug = list.posts[0].slug;
    const post = await api<BlogPostWithRelated>(`/_api/blog-posts/by-slug?slug=${slug}`);
    expect(post.related).toHaveLength(3);

    const page = await open('/blog/reviews');
    await page.getByRole('link', { name: post.title }).click();
    await page.waitForURL((url) => url.pathname === `/blog/${slug}`);
    await page.getByRole('heading', { level: 1, name: post.title }).waitFor();

    const article = page.locator('article.blog-article');
    const firstParagraph = post.content.match(/<p>(.*?)<\/p>/)![1];
    await article.locator('.prose').getByText(firstParagraph).waitFor();
    expect(await article.locator('.prose h2').count()).toBeGreaterThan(0);
    expect(await article.locator('.article-header .post-category').getAttribute('href')).toBe('/blog/reviews');
    expect(await article.locator('.article-header .post-author').textContent()).toBe(post.authorName);

    const tags = article.getByRole('list', { name: 'Tags' }).getByRole('link');
    expect(await tags.allTextContents()).toEqual(post.tags.map((t) => `#${t}`));
    expect(await tags.first().getAttribute('href')).toBe(`/blog?tag=${post.tags[0]}`);

    const related = page.getByRole('region', { name: 'Related articles' });
    expect(await related.locator('.post-card-title').allTextContents()).toEqual(post.related.map((r) => r.title));
    expect(await related.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      post.related.map((r) => `/blog/${r.slug}`),
    );
    await page.getByRole('region', { name: 'Newsletter signup' }).getByRole('button', { name: 'Subscribe' }).waitFor();
    await page.screenshot({ path: 'reports/screenshots/blog-post-desktop.png', fullPage: true });

    await tags.first().click();
    await page.waitForURL((url) => url.pathname === '/blog' && url.searchParams.get('tag') === post.tags[0]);
    await page.getByRole('heading', { level: 1, name: `Posts Tagged \u201c${post.tags[0]}\u201d` }).waitFor();
    await page.getByRole('heading', { name: post.title }).waitFor();
    await page.close();
  });

  it('a link to a section of a post scrolls to that heading', async () => {
    const list = await api<BlogListResponse>('/_api/blog-posts?page=1&limit=9&category=review');
    const post = list.posts[0];
    const heading = post.content.match(/<h2>(.*?)<\/h2>/g)!.at(-1)!.replace(/<\/?h2>/g, '');
    const id = heading.toLowerCase().replace(/\s+/g, '-').replace(/[^\w-]+/g, '');

    const page = await open(`/blog/${post.slug}#${id}`, VIEWPORTS.mobile);
    const target = page.locator(`#${id}`);
    await target.waitFor();
    expect(await target.textContent()).toBe(heading);
    // Smooth scrolling ends with the heading just below the sticky header.
    await page.waitForFunction((sel) => {
      const top = document.querySelector(sel)!.getBoundingClientRect().top;
      return window.scrollY > 0 && top >= 0 && top < 120;
    }, `#${id}`);
    await page.close();
  });

  it('a missing post says so, with a link back to the blog', async () => {
    const page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    const res = await page.goto(`${site.baseUrl}/blog/no-such-post-here`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Post not found' }).waitFor();
    await page.getByText("The blog post you're looking for doesn't exist or has been moved.").waitFor();
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await page.waitForURL((url) => url.pathname === '/blog');
    await waitForCards(page);
    await page.close();
  });

  it('has no horizontal overflow at 390 px, on the list and on a post', async () => {
    const list = await api<BlogListResponse>('/_api/blog-posts?page=1&limit=9');
    const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

    const page = await open('/blog', VIEWPORTS.mobile);
    await waitForCards(page);
    expect(await page.locator('.post-card').count()).toBe(9);
    expect(await overflow(page)).toBe(0);
    await page.screenshot({ path: 'reports/screenshots/blog-list-mobile.png', fullPage: true });

    await page.getByRole('link', { name: list.posts[0].title }).click();
    await page.getByRole('heading', { level: 1, name: list.posts[0].title }).waitFor();
    await page.getByRole('region', { name: 'Related articles' }).locator('.post-card').first().waitFor();
    expect(await overflow(page)).toBe(0);
    await page.screenshot({ path: 'reports/screenshots/blog-post-mobile.png', fullPage: true });
    await page.close();
  });
});
