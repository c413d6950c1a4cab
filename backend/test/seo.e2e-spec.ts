/**
 * What a crawler or a link preview sees on the first byte, without running JavaScript:
 * each route's head and status, the sitemap, the feed and robots.txt (docs/design.md §3 "SEO on the server").
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SITE_DESCRIPTION, SITE_NAME } from '../../common/constants.js';
import { MSG } from '../../common/messages.js';
import { childrenNamed, childText, parseXml, readHead, type HeadTags, type XmlElement } from './support/markup.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { tempDir } from './support/temp-dir.js';

// Plain http, so the session cookie (Secure on https sites) travels in the admin test.
const SITE = 'http://vtf.example';
const DAY = 86_400_000;
const EVIL = `Pass "the" FTMO </script><script>alert('x')</script> & <b>win</b>`;

/** A shell shaped like Vite's build: its script and stylesheet tags must survive the injection. */
const BUILT_SHELL = `<!doctype html>
<html lang="en" class="dark">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#0099ff" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Verified Trader Funding</title>
    <script type="module" crossorigin src="/assets/index-T3st.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-T3st.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

interface PostInput {
  slug: string;
  title?: string;
  status?: 'draft' | 'published' | 'archived';
  publishedAt?: Date | null;
  updatedAt?: Date;
  category?: 'review' | 'guide' | 'news' | 'general';
  tags?: string[];
  excerpt?: string | null;
  content?: string;
  metaTitle?: string | null;
  metaDescription?: string | null;
  featuredImageUrl?: string | null;
  authorName?: string | null;
}

describe('SEO: page heads, status codes, sitemap, feed, robots.txt', () => {
  let t: TestApp;
  const frontendDir = tempDir('vtf-shell-');

  beforeAll(async () => {
    writeFileSync(join(frontendDir.path, 'index.html'), BUILT_SHELL);
    t = await startTestApp({ publicSiteUrl: SITE, frontendDir: frontendDir.path });
  });
  afterAll(async () => {
    await t.close();
    frontendDir.remove();
  });
  beforeEach(() => t.sql('delete from blog_posts'));

  async function insertPost(p: PostInput): Promise<number> {
    const [row] = await t.sql<{ id: number }>(
      `insert into blog_posts (slug, title, excerpt, content, meta_title, meta_description, featured_image_url,
         published_at, author_name, category, tags, status, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
      [
        p.slug, p.title ?? `Title of ${p.slug}`, p.excerpt === undefined ? `Excerpt of ${p.slug}` : p.excerpt,
        p.content ?? '<p>Body</p>', p.metaTitle ?? null, p.metaDescription ?? null, p.featuredImageUrl ?? null,
        p.publishedAt === undefined ? new Date(Date.now() - DAY) : p.publishedAt, p.authorName ?? null,
        p.category ?? 'general', p.tags ?? [], p.status ?? 'published', p.updatedAt ?? new Date(),
      ],
    );
    return row.id;
  }

  async function page(path: string, status: number): Promise<{ head: HeadTags; html: string; headers: Record<string, string> }> {
    const res = await t.http().get(path);
    if (res.status !== status) throw new Error(`${path}: expected ${status}, got ${res.status}`);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    return { head: readHead(res.text), html: res.text, headers: res.headers as Record<string, string> };
  }

  const one = (head: HeadTags, key: string) => {
    expect(head.meta[key]).toHaveLength(1);
    return head.meta[key][0];
  };
  const canonical = (head: HeadTags) => head.links.filter((l) => l.rel === 'canonical').map((l) => l.href);
  const types = (head: HeadTags) => head.jsonLd.map((j) => j['@type']);

  describe('page heads', () => {
    it('answers / with the full head in the built shell, Vite tags kept, static title replaced', async () => {
      const { head, headers } = await page('/', 200);
      expect(head.titles).toEqual([`${SITE_NAME} | Verified Prop Firm Discounts & Reviews`]);
      expect(one(head, 'description')).toMatch(/^We test prop firms so you don.t have to/);
      expect(canonical(head)).toEqual([`${SITE}/`]);
      expect(one(head, 'robots')).toBe('index, follow');
      expect(one(head, 'theme-color')).toBe('#0099ff');
      expect(one(head, 'og:title')).toBe(head.titles[0]);
      expect(one(head, 'og:description')).toBe(one(head, 'description'));
      expect(one(head, 'og:url')).toBe(`${SITE}/`);
      expect(one(head, 'og:type')).toBe('website');
      expect(one(head, 'og:image')).toBe(`${SITE}/og-default.png`);
      expect(one(head, 'og:site_name')).toBe(SITE_NAME);
      expect(one(head, 'twitter:card')).toBe('summary_large_image');
      expect(one(head, 'twitter:title')).toBe(head.titles[0]);
      expect(one(head, 'twitter:image')).toBe(`${SITE}/og-default.png`);
      expect(head.links).toContainEqual({ rel: 'alternate', type: 'application/rss+xml', title: `${SITE_NAME} Blog`, href: '/rss.xml' });
      expect(head.scripts).toContainEqual({ type: 'module', crossorigin: '', src: '/assets/index-T3st.js' });
      expect(head.links).toContainEqual({ rel: 'stylesheet', crossorigin: '', href: '/assets/index-T3st.css' });
      expect(types(head)).toEqual(['Organization', 'WebSite']);
      expect(head.jsonLd[0]).toMatchObject({
        '@context': 'https://schema.org', name: SITE_NAME, url: `${SITE}/`, logo: { url: `${SITE}/logo.png` },
        foundingDate: '2023', description: SITE_DESCRIPTION,
      });
      expect(head.jsonLd[1]).toMatchObject({
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${SITE}/blog?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      });
      expect(headers['cache-control']).toBe('no-cache');
      expect(headers['x-robots-tag']).toBeUndefined();
    });

    it('gives every public page its own title, description and canonical', async () => {
      const cases: Array<[string, string, string]> = [
        ['/about', `About Us: How We Test and Verify Prop Firms | ${SITE_NAME}`, `${SITE}/about`],
        ['/discounts', `Prop Firm Discount Codes (Up to 50% Off) | ${SITE_NAME}`, `${SITE}/discounts`],
        ['/blog', `Prop Trading Blog: News, Guides and Reviews | ${SITE_NAME}`, `${SITE}/blog`],
        ['/blog/news', `Prop Firm News | ${SITE_NAME}`, `${SITE}/blog/news`],
        ['/blog/guides', `Prop Trading Guides | ${SITE_NAME}`, `${SITE}/blog/guides`],
        ['/blog/reviews', `Prop Firm Reviews | ${SITE_NAME}`, `${SITE}/blog/reviews`],
        ['/blog?tag=risk%20management', `Posts Tagged \u201crisk management\u201d | ${SITE_NAME}`, `${SITE}/blog`],
        ['/blog?q=payout&utm_source=x', `Search Results for \u201cpayout\u201d | ${SITE_NAME}`, `${SITE}/blog`],
        ['/blog?category=general', `General Trading Articles | ${SITE_NAME}`, `${SITE}/blog`],
      ];
      const descriptions = new Set<string>();
      for (const [path, title, url] of cases) {
        const { head } = await page(path, 200);
        expect([path, head.titles]).toEqual([path, [title]]);
        expect([path, canonical(head)]).toEqual([path, [url]]);
        // Search results are not indexed (issue 22); their links are followed.
        expect([path, one(head, 'robots')]).toEqual([path, path.includes('q=') ? 'noindex, follow' : 'index, follow']);
        descriptions.add(one(head, 'description'));
      }
      expect(descriptions.size).toBe(cases.length);
    });

    it('puts a BreadcrumbList on blog list pages', async () => {
      const { head } = await page('/blog/guides', 200);
      expect(types(head)).toEqual(['Organization', 'WebSite', 'BreadcrumbList']);
      const items = head.jsonLd[2].itemListElement as Array<{ position: number; name: string; item: string }>;
      expect(items).toEqual([
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` },
        { '@type': 'ListItem', position: 2, name: 'Blog', item: `${SITE}/blog` },
        { '@type': 'ListItem', position: 3, name: 'Guides', item: `${SITE}/blog/guides` },
      ]);
    });

    it('marks /login and the unsubscribe page noindex', async () => {
      for (const path of ['/login', '/newsletter/unsubscribe?token=abc']) {
        const { head, headers } = await page(path, 200);
        expect(one(head, 'robots')).toBe('noindex');
        expect(headers['x-robots-tag']).toBe('noindex');
      }
      expect((await page('/login', 200)).head.titles).toEqual([`Admin Login | ${SITE_NAME}`]);
    });

    it('titles admin pages as docs/spec.md §2 does, noindex/nofollow, private', async () => {
      const cases: Array<[string, string]> = [
        ['/admin', 'Admin Dashboard - Admin'],
        ['/admin/companies', 'Manage Companies - Admin'],
        ['/admin/discounts', 'Manage Discounts - Admin'],
        ['/admin/blog-posts', 'Manage Blog Posts - Admin'],
        ['/admin/newsletter', 'Newsletter Subscribers - Admin'],
        ['/admin/blog-posts/new', 'New Blog Post - Admin'],
      ];
      for (const [path, title] of cases) {
        const { head, headers } = await page(path, 200);
        expect([path, head.titles]).toEqual([path, [title]]);
        expect(one(head, 'robots')).toBe('noindex, nofollow');
        expect(headers['x-robots-tag']).toBe('noindex, nofollow');
        expect(headers['cache-control']).toBe('private, no-cache');
        expect(canonical(head)).toEqual([SITE + path]);
      }
    });

    it('titles the edit page with the post title for an admin only (a draft title never leaks)', async () => {
      const id = await insertPost({ slug: 'secret-draft', title: 'Secret draft plans', status: 'draft', publishedAt: null });
      const anonymous = await page(`/admin/blog-posts/${id}/edit`, 200);
      expect(anonymous.head.titles).toEqual(['Edit Blog Post - Admin']);
      expect(anonymous.html).not.toContain('Secret draft');
      const admin = await t.signedIn();
      const res = await admin.get(`/admin/blog-posts/${id}/edit`).expect(200);
      expect(readHead(res.text).titles).toEqual(['Edit: Secret draft plans - Admin']);
      const missing = await admin.get(`/admin/blog-posts/${id + 1000}/edit`).expect(200);
      expect(readHead(missing.text).titles).toEqual(['Edit Blog Post - Admin']);
    });
  });

  describe('status codes', () => {
    it('answers unknown routes 404 with the not-found head', async () => {
      for (const path of ['/nope', '/about/team', '/blog/news/extra', '/blog?page=0', '/blog?page=abc']) {
        const { head, headers } = await page(path, 404);
        expect([path, head.titles]).toEqual([path, ['404 Not Found']]);
        expect(one(head, 'robots')).toBe('noindex');
        expect(canonical(head)).toEqual([]);
        expect(headers['x-robots-tag']).toBe('noindex');
        expect(types(head)).toEqual(['Organization', 'WebSite']);
      }
    });

    it('keeps answering unknown /_api paths with the JSON 404', async () => {
      const res = await t.http().get('/_api/nope').expect(404);
      expect(res.body).toEqual({ statusCode: 404, error: MSG.routeNotFound, message: MSG.routeNotFound });
    });

    it('redirects old trailing-slash URLs for good, keeping the query string, never off the site', async () => {
      await t.http().get('/blog/').expect(301).expect('Location', '/blog');
      await t.http().get('/about/').expect(301).expect('Location', '/about');
      await t.http().get('/blog/news/?page=2').expect(301).expect('Location', '/blog/news?page=2');
      await t.http().get('//evil.example/').expect(301).expect('Location', '/evil.example');
      await t.http().get('/index.html').expect(301).expect('Location', '/');
    });

    it('answers 404 past the last list page (9 posts a page), per category and per tag', async () => {
      for (let i = 0; i < 10; i++) await insertPost({ slug: `news-${i}`, category: 'news', tags: i < 2 ? ['ftmo', 'rare'] : ['ftmo'] });
      await insertPost({ slug: 'guide-0', category: 'guide' });
      await insertPost({ slug: 'draft-0', category: 'guide', status: 'draft' });
      await insertPost({ slug: 'future-0', category: 'guide', publishedAt: new Date(Date.now() + DAY) });

      const second = await page('/blog?page=2', 200);
      // With the page number the site name would pass the 70 characters search results show: the page's own words stay.
      expect(second.head.titles).toEqual(['Prop Trading Blog: News, Guides and Reviews \u2013 Page 2']);
      expect(canonical(second.head)).toEqual([`${SITE}/blog?page=2`]);
      await page('/blog?page=3', 404);
      await page('/blog?page=999', 404);
      expect(canonical((await page('/blog/news?page=2', 200)).head)).toEqual([`${SITE}/blog/news?page=2`]);
      await page('/blog/news?page=3', 404);
      await page('/blog/guides?page=2', 404);
      await page('/blog/reviews', 200);
      await page('/blog/reviews?page=2', 404);
      await page('/blog?tag=ftmo&page=2', 200);
      await page('/blog?tag=ftmo&page=3', 404);
      await page('/blog?tag=rare&page=2', 404);
      await page('/blog?tag=unknown', 200);
      await page('/blog?category=news&page=2', 200);
      expect(canonical((await page('/blog?page=1', 200)).head)).toEqual([`${SITE}/blog`]);
    });
  });

  describe('post pages', () => {
    it('serves a published post with its head, BlogPosting and breadcrumbs', async () => {
      const publishedAt = new Date('2025-03-01T09:00:00.000Z');
      const updatedAt = new Date('2025-03-05T12:30:00.000Z');
      await insertPost({
        slug: 'ftmo-review', title: 'FTMO Review 2025', category: 'review', tags: ['ftmo', 'payouts'],
        excerpt: 'We bought a challenge and asked for a payout.', featuredImageUrl: '/media/abc123.webp',
        authorName: 'Jane Trader', publishedAt, updatedAt,
      });
      const { head, headers } = await page('/blog/ftmo-review', 200);
      expect(head.titles).toEqual([`FTMO Review 2025 | ${SITE_NAME}`]);
      expect(one(head, 'description')).toBe('We bought a challenge and asked for a payout.');
      expect(canonical(head)).toEqual([`${SITE}/blog/ftmo-review`]);
      expect(one(head, 'robots')).toBe('index, follow');
      expect(one(head, 'og:type')).toBe('article');
      expect(one(head, 'og:image')).toBe(`${SITE}/media/abc123.webp`);
      expect(one(head, 'twitter:image')).toBe(`${SITE}/media/abc123.webp`);
      expect(one(head, 'article:published_time')).toBe(publishedAt.toISOString());
      expect(head.meta['article:tag']).toEqual(['ftmo', 'payouts']);
      expect(headers.etag).toMatch(/^"[\w-]+"$/);
      expect(types(head)).toEqual(['Organization', 'WebSite', 'BlogPosting', 'BreadcrumbList']);
      expect(head.jsonLd[2]).toMatchObject({
        headline: 'FTMO Review 2025',
        datePublished: publishedAt.toISOString(),
        dateModified: updatedAt.toISOString(),
        author: { '@type': 'Person', name: 'Jane Trader' },
        image: [`${SITE}/media/abc123.webp`],
        articleSection: 'Review',
        keywords: ['ftmo', 'payouts'],
        mainEntityOfPage: { '@type': 'WebPage', '@id': `${SITE}/blog/ftmo-review` },
      });
      expect((head.jsonLd[3].itemListElement as Array<{ name: string; item: string }>).map((i) => [i.name, i.item])).toEqual([
        ['Home', `${SITE}/`], ['Blog', `${SITE}/blog`], ['Reviews', `${SITE}/blog/reviews`], ['FTMO Review 2025', `${SITE}/blog/ftmo-review`],
      ]);
    });

    it('prefers the meta title and description, and falls back to the content and the default image', async () => {
      await insertPost({ slug: 'with-meta', metaTitle: 'Custom SEO title', metaDescription: 'Custom SEO description.' });
      const meta = (await page('/blog/with-meta', 200)).head;
      expect(meta.titles).toEqual([`Custom SEO title | ${SITE_NAME}`]);
      expect(one(meta, 'description')).toBe('Custom SEO description.');
      await insertPost({ slug: 'bare', excerpt: null, content: '<h2>Rules</h2><p>Daily drawdown &amp; trailing loss explained.</p>', featuredImageUrl: 'https://cdn.example/x.png' });
      const bare = (await page('/blog/bare', 200)).head;
      expect(one(bare, 'description')).toBe('Rules Daily drawdown & trailing loss explained.');
      expect(one(bare, 'og:image')).toBe('https://cdn.example/x.png');
      await insertPost({ slug: 'general-post', category: 'general' });
      const general = (await page('/blog/general-post', 200)).head;
      expect(one(general, 'og:image')).toBe(`${SITE}/og-default.png`);
      expect((general.jsonLd[3].itemListElement as Array<{ item: string }>)[2].item).toBe(`${SITE}/blog?category=general`);
    });

    it('answers 404 with a noindex head for missing, draft, archived, scheduled and undated posts', async () => {
      await insertPost({ slug: 'draft', status: 'draft' });
      await insertPost({ slug: 'archived', status: 'archived' });
      await insertPost({ slug: 'scheduled', publishedAt: new Date(Date.now() + DAY) });
      await insertPost({ slug: 'undated', publishedAt: null });
      for (const slug of ['missing', 'draft', 'archived', 'scheduled', 'undated']) {
        const { head, html } = await page(`/blog/${slug}`, 404);
        expect([slug, head.titles]).toEqual([slug, [`Post Not Found | ${SITE_NAME}`]]);
        expect(one(head, 'robots')).toBe('noindex');
        expect(html).not.toContain(`Title of ${slug}`);
      }
    });

    it('keeps a title with </script> and quotes escaped in the head and the JSON-LD', async () => {
      await insertPost({ slug: 'evil', title: EVIL, tags: ['"quoted"', '</script>'], authorName: '</script>Mallory' });
      const { head, html } = await page('/blog/evil', 200);
      // 64 characters: with the site name it would pass the 70 search results show, so the title stands alone.
      expect(head.titles).toEqual([EVIL]);
      expect(one(head, 'og:title')).toBe(EVIL);
      expect(head.meta['article:tag']).toEqual(['"quoted"', '</script>']);
      expect(html).not.toMatch(/<script><\/script>|alert\('x'\)<\/script>|<b>win/);
      // The only script elements are Vite's and the four JSON-LD blocks.
      expect(head.scripts.map((s) => s.type)).toEqual(['application/ld+json', 'application/ld+json', 'application/ld+json', 'application/ld+json', 'module']);
      expect(head.jsonLd[2]).toMatchObject({ headline: EVIL, keywords: ['"quoted"', '</script>'], author: { name: '</script>Mallory' } });
      expect(head.raw).toContain('\\u003c/script\\u003e');
    });
  });

  describe('caching and compression', () => {
    it('answers If-None-Match with 304 and a changed page with a new ETag', async () => {
      await insertPost({ slug: 'cached', title: 'First title' });
      const first = await t.http().get('/blog/cached').expect(200);
      const etag = first.headers.etag;
      await t.http().get('/blog/cached').set('If-None-Match', etag).expect(304);
      await t.sql("update blog_posts set title = 'Second title' where slug = 'cached'");
      const changed = await t.http().get('/blog/cached').set('If-None-Match', etag).expect(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(readHead(changed.text).titles).toEqual([`Second title | ${SITE_NAME}`]);
    });

    it('gzips pages and feeds for clients that accept it', async () => {
      for (let i = 0; i < 10; i++) await insertPost({ slug: `post-${i}` });
      for (const path of ['/', '/rss.xml', '/sitemaps/posts-1.xml']) {
        // supertest inflates the body; the header says what travelled.
        const res = await t.http().get(path).set('Accept-Encoding', 'gzip').expect(200);
        expect([path, res.headers['content-encoding']]).toEqual([path, 'gzip']);
        expect(res.text).toMatch(/<title>|<loc>/);
      }
      const head = await t.http().head('/about').expect(200);
      expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    });
  });

  describe('sitemap.xml', () => {
    const locs = (urlset: XmlElement) => childrenNamed(urlset, 'url').map((u) => childText(u, 'loc'));
    const entry = (urlset: XmlElement, loc: string) => {
      const url = childrenNamed(urlset, 'url').find((u) => childText(u, 'loc') === loc);
      if (!url) throw new Error(`${loc} is not in the sitemap`);
      return { lastmod: childText(url, 'lastmod'), changefreq: childText(url, 'changefreq'), priority: childText(url, 'priority') };
    };
    const xml = async (path: string, rootName: string) => {
      const res = await t.http().get(path).expect(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const root = parseXml(res.text);
      expect(root.name).toBe(rootName);
      expect(root.attrs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
      return root;
    };
    /** The index, then every child it lists, as one urlset. */
    const sitemap = async (): Promise<XmlElement> => {
      const index = await xml('/sitemap.xml', 'sitemapindex');
      const children = childrenNamed(index, 'sitemap').map((c) => childText(c, 'loc')!);
      expect(children[0]).toBe(`${SITE}/sitemaps/pages.xml`);
      const urls: XmlElement[] = [];
      for (const loc of children) urls.push(...childrenNamed(await xml(loc.slice(SITE.length), 'urlset'), 'url'));
      return { name: 'urlset', attrs: {}, children: urls, text: '' };
    };

    it('lists the site pages, the category pages and each published post, following every change', async () => {
      const updatedAt = new Date('2025-04-02T08:15:30.000Z');
      const a = await insertPost({ slug: 'post-a', category: 'news', updatedAt, publishedAt: new Date(Date.now() - 2 * DAY) });
      await insertPost({ slug: 'post-b', category: 'guide', publishedAt: new Date(Date.now() - DAY) });
      await insertPost({ slug: 'draft', status: 'draft' });
      await insertPost({ slug: 'archived', status: 'archived' });
      await insertPost({ slug: 'scheduled', publishedAt: new Date(Date.now() + DAY) });

      let root = await sitemap();
      expect(locs(root)).toEqual([
        `${SITE}/`, `${SITE}/discounts`, `${SITE}/firms`, `${SITE}/methodology`, `${SITE}/how-we-test-codes`, `${SITE}/simulator`, `${SITE}/payout-guarantee`, `${SITE}/about`, `${SITE}/blog`,
        `${SITE}/blog/reviews`, `${SITE}/blog/guides`, `${SITE}/blog/news`,
        `${SITE}/blog/post-a`, `${SITE}/blog/post-b`,
      ]);
      expect(entry(root, `${SITE}/blog`)).toMatchObject({ priority: '0.9' });
      expect(entry(root, `${SITE}/blog/news`)).toEqual({ lastmod: '2025-04-02T08:15:30Z', changefreq: 'weekly', priority: '0.8' });
      expect(entry(root, `${SITE}/blog/reviews`)).toEqual({ lastmod: undefined, changefreq: 'weekly', priority: '0.8' });
      expect(entry(root, `${SITE}/blog/post-a`)).toEqual({ lastmod: '2025-04-02T08:15:30Z', changefreq: 'monthly', priority: '0.6' });

      // Scheduling, unpublishing, deleting and publishing are all reflected on the next request.
      await t.sql("update blog_posts set published_at = now() + interval '1 day' where slug = 'post-b'");
      await t.sql("update blog_posts set status = 'draft' where id = $1", [a]);
      await insertPost({ slug: 'post-c', category: 'review' });
      root = await sitemap();
      expect(locs(root).filter((l) => l!.includes('/blog/post-'))).toEqual([`${SITE}/blog/post-c`]);
      await t.sql("delete from blog_posts where slug = 'post-c'");
      await t.sql("update blog_posts set published_at = now() - interval '1 hour' where slug = 'scheduled'");
      root = await sitemap();
      expect(locs(root).filter((l) => l!.startsWith(`${SITE}/blog/`) && !/\/blog\/(news|guides|reviews)$/.test(l!))).toEqual([`${SITE}/blog/scheduled`]);
    });

    it('stays well-formed with awkward slugs', async () => {
      await insertPost({ slug: 'a&b<c>"d\'', title: EVIL });
      const root = await sitemap();
      expect(locs(root)).toContain(`${SITE}/blog/a%26b%3Cc%3E%22d'`);
    });
  });

  describe('rss.xml', () => {
    const rss = async () => {
      const res = await t.http().get('/rss.xml').expect(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      const root = parseXml(res.text);
      expect(root.name).toBe('rss');
      expect(root.attrs.version).toBe('2.0');
      const [channel] = childrenNamed(root, 'channel');
      return channel;
    };

    it('is an RSS 2.0 channel of the 20 newest published posts', async () => {
      for (let i = 0; i < 23; i++) {
        await insertPost({ slug: `post-${i}`, title: `Post ${i}`, category: i % 2 ? 'news' : 'guide', publishedAt: new Date(Date.now() - (i + 1) * DAY), authorName: 'Jo' });
      }
      await insertPost({ slug: 'draft', status: 'draft' });
      await insertPost({ slug: 'scheduled', publishedAt: new Date(Date.now() + DAY) });
      const channel = await rss();
      expect(childText(channel, 'title')).toBe(`${SITE_NAME} Blog`);
      expect(childText(channel, 'link')).toBe(`${SITE}/blog`);
      expect(childText(channel, 'description')).toBe(SITE_DESCRIPTION);
      expect(childText(channel, 'language')).toBe('en-us');
      expect(childrenNamed(channel, 'atom:link')[0].attrs).toEqual({ href: `${SITE}/rss.xml`, rel: 'self', type: 'application/rss+xml' });
      const items = childrenNamed(channel, 'item');
      expect(items.map((i) => childText(i, 'title'))).toEqual(Array.from({ length: 20 }, (_, i) => `Post ${i}`));
      const first = items[0];
      expect(childText(first, 'link')).toBe(`${SITE}/blog/post-0`);
      expect(childrenNamed(first, 'guid')[0]).toMatchObject({ attrs: { isPermaLink: 'true' }, text: `${SITE}/blog/post-0` });
      expect(childText(first, 'pubDate')).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/);
      expect(new Date(childText(first, 'pubDate')!).getTime()).toBeCloseTo(Date.now() - DAY, -4);
      expect(childText(first, 'description')).toBe('Excerpt of post-0');
      expect(childText(first, 'category')).toBe('Guide');
      expect(childText(items[1], 'category')).toBe('News');
    });

    it('keeps titles with </script>, quotes and ampersands escaped', async () => {
      await insertPost({ slug: 'evil', title: EVIL, excerpt: `<img src=x onerror="alert(1)"> & more` });
      const [item] = childrenNamed(await rss(), 'item');
      expect(childText(item, 'title')).toBe(EVIL);
      expect(childText(item, 'description')).toBe(`<img src=x onerror="alert(1)"> & more`);
    });

    it('is a valid empty channel without posts', async () => {
      expect(childrenNamed(await rss(), 'item')).toEqual([]);
    });
  });

  it('serves robots.txt allowing the site, keeping out /admin and /_api, with the sitemap URL', async () => {
    const res = await t.http().get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /_api\n\nSitemap: ${SITE}/sitemap.xml\n`);
  });
});
