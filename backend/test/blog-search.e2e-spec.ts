/**
 * Issue #21: a search counts its matches exactly up to 1,000, then says "1,000+"; when nothing matches it
 * suggests posts whose titles look like the text (pg_trgm). Checked on the API and on the page a visitor reads.
 */
import superjson from 'superjson';
import type { BlogListResponse } from '../../common/api-types.js';
import { searchCountLabel } from '../../common/blog-view.js';
import { BLOG_SEARCH_COUNT_CAP } from '../../common/constants.js';
import { BLOG_TEXT } from '../../common/messages.js';
import type { SearchResponse } from '../../common/search.js';
import { PublicCacheService } from '../src/cache/public-cache.service.js';
import { queriesDuring } from './support/queries.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  // 1,200 posts about scaling (past the cap), 7 about payouts, and a draft about payouts nobody may count.
  await t.sql(
    `insert into blog_posts (slug, title, content, status, category, published_at)
     select 'scaling-' || g, 'Scaling plan number ' || g, '<p>How the scaling plan grows an account.</p>', 'published', 'guide', now() - g * interval '1 hour'
     from generate_series(1, 1200) g`,
  );
  await t.sql(
    `insert into blog_posts (slug, title, content, status, category, published_at)
     select 'payout-' || g, 'Weekly payout report ' || g, '<p>Payouts received this week.</p>',
            case when g = 8 then 'draft' else 'published' end, 'news', now() - g * interval '1 day'
     from generate_series(1, 8) g`,
  );
}, 300_000);

afterAll(async () => {
  await t?.close();
});

const search = async (q: string, page = 1) => {
  const res = await t.http().get('/_api/blog-posts').query({ q, page, limit: 9 }).expect(200);
  return superjson.deserialize<BlogListResponse>(res.body);
};

/** The page's visible text, tags stripped, as a reader sees it. */
const pageText = async (path: string) =>
  (await t.http().get(path).expect(200)).text.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('search count', () => {
  it('is exact below the cap, and counts published matches only', async () => {
    const list = await search('payout');
    expect(list.search).toEqual({ total: 7, more: false, suggestions: [] });
    expect(list.pagination).toEqual({ page: 1, totalPages: 1 });
    expect(await pageText('/blog?q=payout')).toContain(` ${searchCountLabel({ total: 7, more: false })} `);
    expect(searchCountLabel({ total: 7, more: false })).toBe('7 results');
  });

  it('stops at the cap and says "1,000+", paging through the counted matches', async () => {
    const list = await search('scaling');
    expect(list.search).toEqual({ total: BLOG_SEARCH_COUNT_CAP, more: true, suggestions: [] });
    expect(list.posts).toHaveLength(9);
    expect(list.pagination.totalPages).toBe(Math.ceil(BLOG_SEARCH_COUNT_CAP / 9));
    expect(await pageText('/blog?q=scaling')).toContain(' 1,000+ results ');
  });

  it('leaves list pages without a search as they were (no count line)', async () => {
    const res = await t.http().get('/_api/blog-posts').query({ page: 1, limit: 9 }).expect(200);
    expect(superjson.deserialize<BlogListResponse>(res.body).search).toBeUndefined();
    expect(await pageText('/blog')).not.toMatch(/\d results/);
  });
});

describe('suggestions when nothing matches', () => {
  it('offers published posts whose titles look like a mistyped text, linked', async () => {
    const list = await search('weekly payuot reprt');
    expect(list.posts).toEqual([]);
    expect(list.search?.total).toBe(0);
    expect(list.search?.suggestions.length).toBeGreaterThan(0);
    expect(list.search?.suggestions.every((s) => /^Weekly payout report [1-7]$/.test(s.title) && s.slug.startsWith('payout-'))).toBe(true);
    const html = (await t.http().get('/blog?q=weekly+payuot+reprt').expect(200)).text;
    expect(html).toContain(BLOG_TEXT.searchSuggestions);
    expect(html).toContain(`href="/blog/${list.search!.suggestions[0].slug}"`);
    expect(await pageText('/blog?q=weekly+payuot+reprt')).toContain(' 0 results ');
  });

  it('never answers 500 to odd text that matches nothing', async () => {
    for (const q of ['zz\u0000qx', `'"&|!():*<>%_\\`, 'ünïcødé ☃', '-', 'a'.repeat(200)]) {
      const res = await t.http().get('/_api/blog-posts').query({ q });
      expect([q, res.status < 500]).toEqual([q, true]);
    }
  });

  it('offers nothing for text like no title', async () => {
    expect((await search('zzqxj')).search).toEqual({ total: 0, more: false, suggestions: [] });
  });
});

describe('list counts', () => {
  it('are counted once while nothing changes, and again after a write', async () => {
    const counts: string[] = [];
    const totalPages = async (page: number) => {
      const res = await t.http().get('/_api/blog-posts').query({ page, limit: 9, category: 'news' }).expect(200);
      return superjson.deserialize<BlogListResponse>(res.body).pagination.totalPages;
    };
    const countsDuring = async (fn: () => Promise<unknown>) =>
      counts.push(...(await queriesDuring(t, fn)).filter((sql) => sql.includes('count(*)')));
    // Two different pages (two URLs, so neither is the other's cached answer): one count.
    await countsDuring(async () => {
      expect(await totalPages(1)).toBe(1);
      expect(await totalPages(2)).toBe(1);
    });
    expect(counts).toHaveLength(1);
    await t.sql(
      `insert into blog_posts (slug, title, content, status, category, published_at)
       select 'news-' || g, 'News ' || g, '<p>News.</p>', 'published', 'news', now() - interval '1 minute' from generate_series(1, 9) g`,
    );
    await t.app.get(PublicCacheService).sync();
    await countsDuring(async () => expect(await totalPages(3)).toBe(2));
    expect(counts).toHaveLength(2);
  });
});

describe('the one search engine (issue #29)', () => {
  beforeAll(async () => {
    // One tagged post whose title has the word, one whose body alone has it; both in another category.
    await t.sql(
      `insert into blog_posts (slug, title, content, status, category, tags, published_at) values
       ('denied-title', 'Payout denied after a news trade', '<p>What the rules said.</p>', 'published', 'review', array['disputes'], now() - interval '3 days'),
       ('denied-body', 'A week of trading', '<p>My payout was denied twice.</p>', 'published', 'review', array['diaries'], now() - interval '2 hours')`,
    );
  });

  const site = async (q: string) =>
    ((await t.http().get('/_api/search').query({ q, type: 'post' }).expect(200)).body as SearchResponse).results.map((r) => r.url);

  it("lists the blog's matches in the site search's order: a title match above a newer body match, stemmed", async () => {
    for (const q of ['payout denied', 'payouts denied', 'payout', 'scaling plan']) {
      const blog = (await search(q)).posts.map((p) => `/blog/${p.slug}`);
      expect({ q, blog }).toEqual({ q, blog: (await site(q)).slice(0, 9) });
    }
    expect((await search('payouts denied')).posts.map((p) => p.slug)).toEqual(['denied-title', 'denied-body']);
  });

  it('narrows the matches to a category or a tag, counted within it', async () => {
    const narrowed = async (filter: Record<string, string>) => {
      const res = await t.http().get('/_api/blog-posts').query({ q: 'payout denied', limit: 9, ...filter }).expect(200);
      const list = superjson.deserialize<BlogListResponse>(res.body);
      return { slugs: list.posts.map((p) => p.slug), total: list.search?.total };
    };
    expect(await narrowed({ category: 'review' })).toEqual({ slugs: ['denied-title', 'denied-body'], total: 2 });
    expect(await narrowed({ tag: 'diaries' })).toEqual({ slugs: ['denied-body'], total: 1 });
    expect(await narrowed({ category: 'news' })).toEqual({ slugs: [], total: 0 });
  });
});
