import { SITE_DESCRIPTION, SITE_NAME } from '../constants.js';
import {
  absoluteUrl, clip, htmlToText, isNotFoundPage, jsonLdText, pageHead, pageStatus, renderHeadTags, withSiteName,
  type PostHeadData,
} from './page-head.js';
import { matchRoute } from './page-route.js';

const SITE = 'https://vtf.example';
const head = (path: string, search = '', data = {}) => pageHead(matchRoute(path, search), data, SITE);
const types = (h: ReturnType<typeof head>) => h.jsonLd.map((j) => j['@type']);

const POST: PostHeadData = {
  slug: 'ftmo-review',
  title: 'FTMO Review',
  excerpt: 'We bought an FTMO challenge and asked for a payout.',
  content: '<p>Long <b>text</b></p>',
  metaTitle: null,
  metaDescription: null,
  featuredImageUrl: '/media/abc.webp',
  publishedAt: '2025-03-01T09:00:00.000Z',
  updatedAt: new Date('2025-03-02T10:00:00.000Z'),
  authorName: 'Jane Trader',
  category: 'review',
  tags: ['ftmo', 'payouts'],
};

describe('pageHead', () => {
  it('gives each public page its own title and description, and a canonical URL', () => {
    const pages = ['/', '/about', '/discounts', '/blog', '/blog/news', '/blog/guides', '/blog/reviews'].map((p) => head(p));
    expect(new Set(pages.map((p) => p.title)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.description)).size).toBe(pages.length);
    for (const p of pages) {
      expect(p.title).toContain(SITE_NAME);
      expect(p.title.length).toBeLessThanOrEqual(70);
      expect(p.robots).toBe('index, follow');
      expect(p.ogType).toBe('website');
      expect(p.image.url).toBe(`${SITE}/og-default.png`);
    }
    expect(pages.map((p) => p.canonical)).toEqual([
      `${SITE}/`, `${SITE}/about`, `${SITE}/discounts`, `${SITE}/blog`, `${SITE}/blog/news`, `${SITE}/blog/guides`, `${SITE}/blog/reviews`,
    ]);
    expect(head('/').description).toMatch(/test prop firms so you don.t have to/);
  });

  it('adds ?page=n to the canonical only when n is not 1, and no other parameter', () => {
    expect(head('/blog', '?page=1&utm_source=x').canonical).toBe(`${SITE}/blog`);
    expect(head('/blog', '?page=2&tag=ftmo').canonical).toBe(`${SITE}/blog?page=2`);
    expect(head('/blog/news', '?page=3').canonical).toBe(`${SITE}/blog/news?page=3`);
    expect(head('/blog/news', '?page=3').title).toBe(`Prop Firm News \u2013 Page 3 | ${SITE_NAME}`);
    expect(head('/about', '?page=2').canonical).toBe(`${SITE}/about`);
    expect(head('/blog', '?category=news').canonical).toBe(`${SITE}/blog/news`);
  });

  it('titles tag, search and general-category lists', () => {
    expect(head('/blog', '?tag=risk').title).toBe(`Posts Tagged \u201crisk\u201d | ${SITE_NAME}`);
    expect(head('/blog', '?q=payout').title).toBe(`Search Results for \u201cpayout\u201d | ${SITE_NAME}`);
    expect(head('/blog', '?category=general').title).toBe(`General Trading Articles | ${SITE_NAME}`);
  });

  it('keeps search result pages out of the index (their links are followed); lists and tags stay indexed', () => {
    expect(head('/blog', '?q=payout').robots).toBe('noindex, follow');
    expect(head('/blog', '?q=payout&page=2').robots).toBe('noindex, follow');
    expect(head('/blog', '?tag=risk').robots).toBe('index, follow');
    expect(head('/blog').robots).toBe('index, follow');
  });

  it('marks login noindex, admin noindex/nofollow, and titles admin pages as SPEC §2 does', () => {
    expect(head('/login').robots).toBe('noindex');
    expect(head('/accept-invite').robots).toBe('noindex');
    expect(head('/accept-invite').canonical).toBeNull();
    expect(head('/admin').robots).toBe('noindex, nofollow');
    expect(head('/admin/companies').title).toBe('Manage Companies - Admin');
    expect(head('/admin/discounts').title).toBe('Manage Discounts - Admin');
    expect(head('/admin/blog-posts').title).toBe('Manage Blog Posts - Admin');
    expect(head('/admin/newsletter').title).toBe('Newsletter Subscribers - Admin');
    expect(head('/admin/blog-posts/new').title).toBe('New Blog Post - Admin');
    expect(head('/admin/firm-changes').title).toBe('Firm changelog - Admin');
    expect(head('/admin/firm-changes/create').title).toBe('New changelog entry - Admin');
    expect(head('/admin/firm-changes/12').title).toBe('Edit changelog entry - Admin');
    expect(head('/admin/blog-posts/new').canonical).toBe(`${SITE}/admin/blog-posts/new`);
    expect(head('/admin/blog-posts/3/edit', '', { adminPostTitle: 'Hello' }).title).toBe('Edit: Hello - Admin');
    expect(head('/admin/blog-posts/3/edit', '', { adminPostLoading: true }).title).toBe('Edit: Loading... - Admin');
    expect(head('/admin/blog-posts/3/edit').title).toBe('Edit Blog Post - Admin');
    expect(head('/admin/blog-posts/3/edit').robots).toBe('noindex, nofollow');
  });

  it('gives unknown routes and pages past the end the not-found head, without a canonical', () => {
    for (const h of [head('/nope'), head('/blog', '?page=9', { pageOutOfRange: true })]) {
      expect(h.title).toBe('404 Not Found');
      expect(h.robots).toBe('noindex');
      expect(h.canonical).toBeNull();
    }
    expect(isNotFoundPage(matchRoute('/blog', 'page=9'), { pageOutOfRange: true })).toBe(true);
    expect(isNotFoundPage(matchRoute('/blog/x'), { post: null })).toBe(true);
    expect(isNotFoundPage(matchRoute('/blog/x'), { post: POST })).toBe(false);
  });

  it('gives a missing post a noindex head', () => {
    const h = head('/blog/gone', '', { post: null });
    expect(h.title).toBe(`Post Not Found | ${SITE_NAME}`);
    expect(h.robots).toBe('noindex');
    expect(h.canonical).toBeNull();
  });

  it('builds a post head: meta title/description with fallbacks, article type, absolute featured image', () => {
    const h = head('/blog/ftmo-review', '', { post: POST });
    expect(h.title).toBe(`FTMO Review | ${SITE_NAME}`);
    expect(h.description).toBe(POST.excerpt);
    expect(h.canonical).toBe(`${SITE}/blog/ftmo-review`);
    expect(h.ogType).toBe('article');
    expect(h.image.url).toBe(`${SITE}/media/abc.webp`);
    expect(h.article).toEqual({
      publishedTime: '2025-03-01T09:00:00.000Z', modifiedTime: '2025-03-02T10:00:00.000Z',
      section: 'Review', tags: ['ftmo', 'payouts'], author: 'Jane Trader',
    });
    const meta = head('/blog/ftmo-review', '', { post: { ...POST, metaTitle: 'Custom', metaDescription: 'Meta desc' } });
    expect(meta.title).toBe(`Custom | ${SITE_NAME}`);
    expect(meta.description).toBe('Meta desc');
    const bare = head('/blog/ftmo-review', '', { post: { ...POST, excerpt: null, featuredImageUrl: 'data:image/png;base64,xx' } });
    expect(bare.description).toBe('Long text');
    expect(bare.image.url).toBe(`${SITE}/og-default.png`);
    expect(head('/blog/x', '', { post: { ...POST, excerpt: '', content: '' } }).description).toBe(SITE_DESCRIPTION);
  });

  it('puts Organization and WebSite on every page, BreadcrumbList on blog pages, BlogPosting on posts', () => {
    expect(types(head('/'))).toEqual(['Organization', 'WebSite']);
    expect(types(head('/admin'))).toEqual(['Organization', 'WebSite']);
    expect(types(head('/blog'))).toEqual(['Organization', 'WebSite', 'BreadcrumbList']);
    const post = head('/blog/ftmo-review', '', { post: POST });
    expect(types(post)).toEqual(['Organization', 'WebSite', 'BlogPosting', 'BreadcrumbList']);
    const [org, site, posting, crumbs] = post.jsonLd;
    expect(org).toMatchObject({ name: SITE_NAME, url: `${SITE}/`, foundingDate: '2023', description: SITE_DESCRIPTION });
    expect(site).toMatchObject({
      potentialAction: { '@type': 'SearchAction', target: { urlTemplate: `${SITE}/blog?q={search_term_string}` } },
    });
    expect(posting).toMatchObject({
      headline: 'FTMO Review',
      datePublished: '2025-03-01T09:00:00.000Z',
      dateModified: '2025-03-02T10:00:00.000Z',
      author: { '@type': 'Person', name: 'Jane Trader' },
      image: [`${SITE}/media/abc.webp`],
      articleSection: 'Review',
      keywords: ['ftmo', 'payouts'],
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${SITE}/blog/ftmo-review` },
    });
    expect((crumbs.itemListElement as Array<{ name: string; item: string }>).map((c) => [c.name, c.item])).toEqual([
      ['Home', `${SITE}/`], ['Blog', `${SITE}/blog`], ['Reviews', `${SITE}/blog/reviews`], ['FTMO Review', `${SITE}/blog/ftmo-review`],
    ]);
  });
});

describe('renderHeadTags', () => {
  const evil = { ...POST, title: 'Break </script><script>alert("x")</script> & \'quotes\'', tags: ['a"b', '<tag>'] };
  const html = renderHeadTags(head('/blog/evil', '', { post: evil }));

  it('escapes every value so content can never open or close a tag', () => {
    expect(html).not.toContain('</script><script>');
    expect(html).not.toContain('alert("x")');
    expect(html).toContain('<title>Break &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</title>');
    expect(html).toContain('<meta property="article:tag" content="a&quot;b">');
    expect(html).toContain('<meta property="article:tag" content="&lt;tag&gt;">');
    // Only the JSON-LD scripts' own closing tags.
    expect(html.match(/<\/script>/g)).toHaveLength(4);
  });

  it('writes JSON-LD that parses back to the same values', () => {
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
    expect(scripts.map((s) => s['@type'])).toEqual(['Organization', 'WebSite', 'BlogPosting', 'BreadcrumbList']);
    expect(scripts[2].headline).toBe(evil.title);
  });

  it('carries the fixed tags: theme colour, RSS link, Twitter card, site name', () => {
    expect(html).toContain('<meta name="theme-color" content="#0099ff">');
    expect(html).toContain('<link rel="alternate" type="application/rss+xml" title="Verified Trader Funding Blog" href="/rss.xml">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta property="og:site_name" content="Verified Trader Funding">');
    expect(html).toContain('<meta property="og:type" content="article">');
  });

  it('leaves out the canonical and og:url where there is none', () => {
    const notFound = renderHeadTags(head('/nope'));
    expect(notFound).not.toContain('rel="canonical"');
    expect(notFound).not.toContain('og:url');
    expect(notFound).toContain('<meta name="robots" content="noindex">');
  });
});

describe('helpers', () => {
  it('escapes JSON-LD text against </script>, comments and line separators', () => {
    const text = jsonLdText({ a: '</script><!-- & \u2028\u2029' });
    expect(text).toBe('{"a":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028\\u2029"}');
    expect(JSON.parse(text)).toEqual({ a: '</script><!-- & \u2028\u2029' });
  });

  it('makes image URLs absolute', () => {
    expect(absoluteUrl(SITE, '/media/x.webp')).toBe(`${SITE}/media/x.webp`);
    expect(absoluteUrl(SITE, 'https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(absoluteUrl(SITE, '//cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(absoluteUrl(SITE, 'javascript:alert(1)')).toBeUndefined();
    expect(absoluteUrl(SITE, null)).toBeUndefined();
  });

  it('clips at a word boundary and turns HTML into text', () => {
    expect(clip('one two three four', 12)).toBe('one two\u2026');
    expect(clip('short', 12)).toBe('short');
    expect(htmlToText('<p>A &amp; B&nbsp;<script>x()</script>&#8217;s &#x41; <b>bold</b></p><img src=x')).toBe('A & B \u2019s A bold');
  });

  it('adds the site name once', () => {
    expect(withSiteName('About')).toBe(`About | ${SITE_NAME}`);
    expect(withSiteName(`${SITE_NAME} rocks`)).toBe(`${SITE_NAME} rocks`);
    // Never longer than search results show (70): the site name gives way first, then the title is clipped at a word.
    expect(withSiteName('Prop Firm Comparison Table: Prices After Our Codes')).toBe('Prop Firm Comparison Table: Prices After Our Codes');
    const long = 'FundedNext raises the profit split to 95% on all new accounts, and what it means for you';
    expect(withSiteName(long)).toBe('FundedNext raises the profit split to 95% on all new accounts, and\u2026');
    expect(withSiteName(long).length).toBeLessThanOrEqual(70);
  });
});

describe('firm pages', () => {
  const FIRM = { slug: 'ftmo', name: 'FTMO', rating: 4.4, ratingSource: 'criteria' as const, websiteUrl: 'https://ftmo.com', foundedYear: 2015 };

  it('/firms: indexed plain, filtered views point at it and are not indexed; bad filters answer 400', () => {
    expect(head('/firms')).toMatchObject({ canonical: `${SITE}/firms`, robots: 'index, follow' });
    expect(types(head('/firms'))).toContain('CollectionPage');
    expect(head('/firms', 'platform=MT5')).toMatchObject({ canonical: `${SITE}/firms`, robots: 'noindex, follow' });
    expect(pageStatus(matchRoute('/firms', 'size=x'))).toBe(400);
    expect(pageStatus(matchRoute('/firms', 'sort=price'))).toBe(200);
  });

  it('a profile is a Review of the firm, rated only when the whole method scored it; an unknown firm is a 404', () => {
    const h = head('/firms/ftmo', '', { firm: FIRM });
    expect(h.title).toBe(`FTMO Review: Rules, Prices and Our Score | ${SITE_NAME}`);
    const review = h.jsonLd.find((j) => j['@type'] === 'Review')!;
    expect(review).toMatchObject({ itemReviewed: { '@type': 'Organization', name: 'FTMO', url: 'https://ftmo.com' }, reviewRating: { ratingValue: 4.4, bestRating: 5 } });
    const entered = head('/firms/ftmo', '', { firm: { ...FIRM, ratingSource: 'entered' } }).jsonLd.find((j) => j['@type'] === 'Review')!;
    expect(entered).not.toHaveProperty('reviewRating');
    expect(pageStatus(matchRoute('/firms/ghost'), { firm: null })).toBe(404);
    expect(head('/firms/ghost', '', { firm: null })).toMatchObject({ canonical: null, robots: 'noindex' });
  });

  it('compare: names the firms; a wrong list is a 400, an unknown firm a 404', () => {
    const h = head('/firms/compare', 'firms=ftmo,the5ers', { compareNames: ['FTMO', 'The5ers'] });
    expect(h).toMatchObject({ canonical: `${SITE}/firms/compare?firms=ftmo,the5ers`, robots: 'index, follow' });
    expect(h.title).toContain('FTMO vs The5ers');
    expect(pageStatus(matchRoute('/firms/compare', 'firms=a'))).toBe(400);
    expect(pageStatus(matchRoute('/firms/compare', 'firms=a,b'), { compareNames: null })).toBe(404);
  });

  it('/payout-guarantee is an indexed page with its own title', () => {
    expect(head('/payout-guarantee')).toMatchObject({ canonical: `${SITE}/payout-guarantee`, robots: 'index, follow' });
    expect(head('/payout-guarantee').title).toContain('Payout Guarantee');
  });

  it('/simulator is an indexed page, its query (a firm) not in the canonical', () => {
    expect(head('/simulator')).toMatchObject({ canonical: `${SITE}/simulator`, robots: 'index, follow' });
    expect(head('/simulator', '?firm=ftmo').canonical).toBe(`${SITE}/simulator`);
  });

  it('/methodology is an indexed page', () => {
    expect(head('/methodology')).toMatchObject({ canonical: `${SITE}/methodology`, robots: 'index, follow' });
  });
});
