import {
  escapeXml, postSitemapPath, renderPagesSitemap, renderPostsSitemap, renderRobotsTxt, renderRss, renderSitemapIndex, rfc822Date, w3cDate,
} from './feeds.js';

const SITE = 'https://vtf.example';

describe('feeds', () => {
  it('escapes XML text and drops characters XML forbids', () => {
    expect(escapeXml(`a & b < c > "d" 'e'\u0001`)).toBe('a &amp; b &lt; c &gt; &quot;d&quot; &apos;e&apos;');
  });

  it('formats W3C and RFC 822 dates', () => {
    const d = new Date('2025-06-03T09:00:00.123Z');
    expect(w3cDate(d)).toBe('2025-06-03T09:00:00Z');
    expect(rfc822Date(d)).toBe('Tue, 03 Jun 2025 09:00:00 GMT');
  });

  it('lists the site pages and the category pages with docs/spec.md §9 priorities', () => {
    const xml = renderPagesSitemap(`${SITE}/`, {
      all: new Date('2025-02-03T00:00:00Z'),
      byCategory: { news: new Date('2025-01-02T00:00:00Z'), guide: new Date('2025-02-03T00:00:00Z') },
    });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(xml).toContain(`<url><loc>${SITE}/blog</loc><lastmod>2025-02-03T00:00:00Z</lastmod><changefreq>daily</changefreq><priority>0.9</priority></url>`);
    expect(xml).toContain(`<url><loc>${SITE}/blog/news</loc><lastmod>2025-01-02T00:00:00Z</lastmod><changefreq>weekly</changefreq><priority>0.8</priority></url>`);
    expect(xml).toContain(`<url><loc>${SITE}/blog/reviews</loc><changefreq>weekly</changefreq><priority>0.8</priority></url>`);
    // Home, discounts, firms, methodology, how we test codes, the simulator, the payout guarantee, about, blog and the three category routes.
    expect(xml.match(/<url>/g)).toHaveLength(12);
    expect(xml).toContain(`<url><loc>${SITE}/simulator</loc><changefreq>monthly</changefreq><priority>0.7</priority></url>`);
    expect(xml).toContain(`<url><loc>${SITE}/payout-guarantee</loc><changefreq>weekly</changefreq><priority>0.6</priority></url>`);
  });

  it('lists every active code page given, and /how-we-test-codes', () => {
    const xml = renderPagesSitemap(SITE, { all: null, byCategory: {} }, [], [{ slug: 'alpha-save-20', updatedAt: new Date('2026-11-20T00:00:00Z') }]);
    expect(xml).toContain(`<loc>${SITE}/discounts/alpha-save-20</loc>`);
    expect(xml).toContain(`<loc>${SITE}/how-we-test-codes</loc>`);
  });

  it('lists /firms, /methodology and every firm profile, /firms last changed with the newest firm', () => {
    const xml = renderPagesSitemap(SITE, { byCategory: {} }, [
      { slug: 'ftmo', updatedAt: new Date('2026-01-02T00:00:00Z') },
      { slug: 'the5ers', updatedAt: new Date('2026-03-04T00:00:00Z') },
    ]);
    expect(xml).toContain(`<url><loc>${SITE}/firms</loc><lastmod>2026-03-04T00:00:00Z</lastmod><changefreq>daily</changefreq><priority>0.9</priority></url>`);
    expect(xml).toContain(`<url><loc>${SITE}/methodology</loc><changefreq>monthly</changefreq><priority>0.6</priority></url>`);
    expect(xml).toContain(`<url><loc>${SITE}/firms/ftmo</loc><lastmod>2026-01-02T00:00:00Z</lastmod><changefreq>weekly</changefreq><priority>0.8</priority></url>`);
    expect(xml).toContain(`<loc>${SITE}/firms/the5ers</loc>`);
  });

  it('lists each post of a child sitemap', () => {
    const xml = renderPostsSitemap(SITE, [
      { slug: 'a-post', updatedAt: new Date('2025-01-02T00:00:00Z') },
      { slug: 'b&post', updatedAt: new Date('2025-02-03T00:00:00Z') },
    ]);
    expect(xml).toContain(`<url><loc>${SITE}/blog/a-post</loc><lastmod>2025-01-02T00:00:00Z</lastmod><changefreq>monthly</changefreq><priority>0.6</priority></url>`);
    expect(xml).toContain(`<loc>${SITE}/blog/b%26post</loc>`);
    expect(xml.match(/<url>/g)).toHaveLength(2);
  });

  it('writes the sitemap index with absolute child URLs and their lastmod', () => {
    const xml = renderSitemapIndex(`${SITE}/`, [{ path: '/sitemaps/pages.xml' }, { path: postSitemapPath(2), lastmod: new Date('2025-02-03T00:00:00Z') }]);
    expect(xml).toBe([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      `<sitemap><loc>${SITE}/sitemaps/pages.xml</loc></sitemap>`,
      `<sitemap><loc>${SITE}/sitemaps/posts-2.xml</loc><lastmod>2025-02-03T00:00:00Z</lastmod></sitemap>`,
      '</sitemapindex>',
      '',
    ].join('\n'));
  });

  it('writes an RSS 2.0 channel with escaped items', () => {
    const xml = renderRss(SITE, [
      { slug: 'x', title: 'A </script> & "B"', excerpt: 'Short <b>', category: 'review', authorName: 'Jo', publishedAt: new Date('2025-06-03T09:00:00Z') },
    ]);
    expect(xml).toContain('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"');
    expect(xml).toContain(`<atom:link href="${SITE}/rss.xml" rel="self" type="application/rss+xml"/>`);
    expect(xml).toContain('<language>en-us</language>');
    expect(xml).toContain(
      `<item><title>A &lt;/script&gt; &amp; &quot;B&quot;</title><link>${SITE}/blog/x</link><guid isPermaLink="true">${SITE}/blog/x</guid>` +
        '<pubDate>Tue, 03 Jun 2025 09:00:00 GMT</pubDate><description>Short &lt;b&gt;</description><category>Review</category><dc:creator>Jo</dc:creator></item>',
    );
  });

  it('writes robots.txt with the absolute sitemap URL', () => {
    expect(renderRobotsTxt(SITE)).toBe(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /_api\n\nSitemap: ${SITE}/sitemap.xml\n`);
  });
});
