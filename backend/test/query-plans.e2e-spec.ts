/**
 * Issue #21: the public reads of blog_posts use indexes, checked from PostgreSQL's own plans with
 * 10,000 posts seeded (EXPLAIN (ANALYZE, FORMAT JSON) of the exact SQL the service runs): no sequential
 * scan of blog_posts, no sort spilling to disk. And a post sitemap child is streamed whole, then kept.
 */
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import {
  firmPostsQuery, listCountQuery, listPageQuery, postBySlugQuery, postsByIdsQuery, relatedQuery, type SqlQuery,
} from '../src/blog-posts/blog-post.queries.js';
import { BLOG_SEARCH_COUNT_CAP } from '../../common/constants.js';
import { postSearchQuery, type PostFilter } from '../src/search/search.queries.js';
import { SITEMAP_CHILD_URLS } from '../../common/seo/feeds.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Two post sitemap children (SITEMAP_CHILD_URLS ids each).
const POSTS = 12_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Sort Space Type'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

let t: TestApp;
let em: EntityManager;

beforeAll(async () => {
  t = await startTestApp();
  em = t.app.get(MikroORM).em.fork() as EntityManager;
  // Set-based, as bench/posts-seed.mjs: published posts of four categories, three of 300 tags each,
  // words that searches find; one in ten a draft, a few scheduled.
  await t.sql(
    `insert into blog_posts (slug, title, excerpt, content, status, category, tags, published_at, author_name)
     select 'post-' || g, 'Payout rules number ' || g || ' for ' || (array['futures', 'forex', 'crypto'])[1 + g % 3] || ' traders',
            'Excerpt of post ' || g, '<p>' || repeat('Drawdown, scaling and consistency explained for funded traders. ', 30) || '</p>',
            case when g % 10 = 0 then 'draft' else 'published' end, (array['review', 'guide', 'news', 'general'])[1 + g % 4],
            array['tag-' || (g % 300), 'tag-' || ((g * 7 + 1) % 300), 'tag-' || ((g * 11 + 2) % 300)],
            now() - g * interval '7 minutes' + case when g % 997 = 0 then interval '100 days' else interval '0' end, 'Author ' || (g % 12)
     from generate_series(1, $1::int) g`,
    [POSTS],
  );
  // Three firms: one named by the picker on every 7th post, one by a tag (another case) on every 11th, one
  // linked from the content of every 13th; and a fourth firm no post is about.
  await t.sql(`insert into companies (name, slug) values ('Picked Firm', 'picked-firm'), ('Tagged Firm', 'tagged-firm'),
    ('Linked Firm', 'linked-firm'), ('Quiet Firm', 'quiet-firm')`);
  await t.sql(`update blog_posts set company_ids = array[(select id from companies where slug = 'picked-firm')] where id % 7 = 0`);
  await t.sql(`update blog_posts set tags = tags || array['TAGGED FIRM'] where id % 11 = 0`);
  await t.sql(`update blog_posts set content = content || '<p><a href="/firms/linked-firm?from=post">Linked</a></p>' where id % 13 = 0`);
  // What autovacuum does on a live database: statistics and the visibility map.
  for (const table of ['blog_posts', 'blog_post_tags', 'blog_post_firms', 'companies']) await t.sql(`vacuum analyze ${table}`);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function plan({ sql, params }: SqlQuery): Promise<PlanNode[]> {
  const [row] = await em.getConnection().execute<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>>(
    `explain (analyze, format json) ${sql}`, params,
  );
  return nodes(row['QUERY PLAN'][0].Plan);
}

/**
 * No sequential scan of blog_posts — except one that a Limit stops after at most `stopsAfter` rows: a
 * capped count where matches are dense, where reading until the cap is cheaper than the index (it never
 * reads every row: PostgreSQL's estimate from the tsvector statistics, checked here by the actual rows).
 */
async function expectIndexed(query: SqlQuery, stopsAfter = 0): Promise<void> {
  const all = await plan(query);
  const onPosts = all.filter((n) => n['Relation Name'] === 'blog_posts');
  const stopped = new Set(all.filter((n) => n['Node Type'] === 'Limit').flatMap((n) => n.Plans ?? [])
    .filter((n) => n['Node Type'] === 'Seq Scan' && (n['Actual Rows'] ?? Infinity) <= stopsAfter));
  expect(onPosts.filter((n) => n['Node Type'] === 'Seq Scan' && !stopped.has(n))).toEqual([]);
  expect(onPosts.length + all.filter((n) => n['Node Type'] === 'Bitmap Index Scan').length).toBeGreaterThan(0);
  expect(all.filter((n) => n['Sort Space Type'] === 'Disk')).toEqual([]);
}

const postRow = async (slug: string) =>
  (await t.sql<{ id: number; category: 'review'; tags: string[] }>('select id, category, tags from blog_posts where slug = $1', [slug]))[0];

describe(`the public blog reads at ${POSTS.toLocaleString('en')} posts use indexes`, () => {
  it('by-slug is one lookup in the unique slug index', async () => {
    const all = await plan(postBySlugQuery('post-5001'));
    expect(all.filter((n) => n['Relation Name'] === 'blog_posts').map((n) => n['Node Type'])).toEqual(['Index Scan']);
  });

  it('related posts: candidates from blog_post_tags and the category index, never a scan or a sort of every post', async () => {
    for (const slug of ['post-5001', 'post-2', 'post-9999']) await expectIndexed(relatedQuery(await postRow(slug), 3));
    // A post without tags still relates posts through the category and the newest.
    await expectIndexed(relatedQuery({ id: 1, category: 'news', tags: [] }, 3));
  });

  it('list pages, first and deep, with a category or a tag, and their counts', async () => {
    for (const [filter, offset] of [[{}, 0], [{}, 900], [{ category: 'guide' as const }, 0], [{ category: 'guide' as const }, 450], [{ tag: 'tag-7' }, 0]] as const) {
      await expectIndexed(listPageQuery(filter, 9, offset));
      await expectIndexed(listCountQuery(filter));
    }
  });

  it('search (the post half of the site search): the GIN index finds the matches, within a category or tag too; a typo compares the newest titles, read by index', async () => {
    const search = (q: string, filter: PostFilter = {}) => postSearchQuery({
      q, firmQ: q, fuzzy: true, filter, cap: BLOG_SEARCH_COUNT_CAP + 1, limit: 9, offset: 0, suggestions: 3,
    });
    for (const q of ['futures traders', '5001 or 5002', 'number 5001']) {
      for (const filter of [{}, { category: 'guide' as const }, { tag: 'tag-7' }]) await expectIndexed(search(q, filter));
    }
    await expectIndexed(search('futurs tradrs'));
    await expectIndexed(search('futurs tradrs', { category: 'guide' }));
    await expectIndexed(postsByIdsQuery([5001, 5002, 5003]));
  });
});

describe(`a firm profile's posts at ${POSTS.toLocaleString('en')} posts`, () => {
  const firm = async (slug: string) => (await t.sql<{ id: number }>('select id from companies where slug = $1', [slug]))[0]!.id;

  it('are an index range of blog_post_firms per firm, whether many posts are about the firm or none', async () => {
    for (const slug of ['picked-firm', 'tagged-firm', 'linked-firm', 'quiet-firm']) {
      const all = await plan(firmPostsQuery([await firm(slug)], new Date(), 6));
      expect({ slug, scans: all.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] !== 'companies') }).toEqual({ slug, scans: [] });
      expect(all.some((n) => n['Relation Name'] === 'blog_post_firms' && n['Index Name'] === 'blog_post_firms_pkey')).toBe(true);
      expect(all.filter((n) => n['Sort Space Type'] === 'Disk')).toEqual([]);
    }
  });

  it('are the newest visible posts that name, tag or link the firm, as the profile shows them', async () => {
    const expected = async (where: string) => (await t.sql<{ slug: string }>(
      `select slug from blog_posts where status = 'published' and published_at <= now() and ${where} order by published_at desc, id desc limit 6`,
    )).map((r) => r.slug);
    for (const [slug, where] of [['picked-firm', 'id % 7 = 0'], ['tagged-firm', 'id % 11 = 0'], ['linked-firm', 'id % 13 = 0'], ['quiet-firm', 'false']]) {
      const profile = (await t.http().get(`/_api/firms/${slug}`).expect(200)).body as { posts: Array<{ slug: string }> };
      expect({ slug, posts: profile.posts.map((p) => p.slug) }).toEqual({ slug, posts: await expected(where!) });
    }
  });
});

describe('a post sitemap child', () => {
  it('is streamed complete on a miss (every published post of its id range, once), then kept; a write changes it', async () => {
    const expected = (await t.sql<{ slug: string }>(
      `select slug from blog_posts where status = 'published' and published_at <= now() and id <= $1 order by id`, [SITEMAP_CHILD_URLS],
    )).map((r) => r.slug);
    expect(expected.length).toBeGreaterThan(8000);
    // supertest inflates the body; the headers say how it travelled.
    const streamed = await t.http().get('/sitemaps/posts-1.xml').set('Accept-Encoding', 'gzip').expect(200);
    expect(streamed.headers['content-encoding']).toBe('gzip');
    expect(streamed.headers['content-length']).toBeUndefined();
    const xml = streamed.text;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    expect(xml.endsWith('</urlset>\n')).toBe(true);
    expect([...xml.matchAll(/<loc>[^<]*\/blog\/([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(expected);
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);

    const kept = await t.http().get('/sitemaps/posts-1.xml').set('Accept-Encoding', 'gzip').expect(200);
    expect(kept.headers['content-length']).toBeDefined();
    expect(kept.text).toBe(xml);
    await t.http().get('/sitemaps/posts-1.xml').set('Accept-Encoding', 'gzip').set('If-None-Match', kept.headers.etag).expect(304);

    await t.sql(`update blog_posts set status = 'published' where slug = 'post-10'`);
    const changed = await t.http().get('/sitemaps/posts-1.xml').expect(200);
    expect(changed.text).toContain('/blog/post-10</loc>');
    await t.http().get('/sitemaps/posts-2.xml').expect(200);
    await t.http().get('/sitemaps/posts-3.xml').expect(404);
  });
});
