import { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import superjson from 'superjson';
import type TestAgent from 'supertest/lib/agent.js';
import type { AdminBlogPostListItem, BlogListResponse, BlogPostJson, BlogPostWithRelated } from '../../common/api-types.js';
import type { BlogCategory, BlogStatus } from '../../common/enums.js';
import { MSG } from '../../common/messages.js';
import { isValidSlug } from '../../common/slugify.js';
import { DEMO_TAGS, seedBlogPosts } from '../src/seeders/blog-posts.seed.js';
import { expectContractOrder } from './support/list-order.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const PUBLIC = '/_api/blog-posts';
const BY_SLUG = '/_api/blog-posts/by-slug';
const ADMIN = '/_api/admin/blog-posts';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

interface Fixture {
  slug: string;
  title?: string;
  content?: string;
  excerpt?: string | null;
  status?: BlogStatus;
  category?: BlogCategory;
  tags?: string[];
  publishedAt?: Date | null;
  createdAt?: Date;
  authorName?: string | null;
}

describe('blog posts', () => {
  let t: TestApp;
  let admin: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signedIn();
  });
  afterAll(() => t.close());

  /** Inserts posts straight into the table (fixtures whose dates we control); returns their ids. */
  async function insert(...posts: Fixture[]): Promise<number[]> {
    const ids: number[] = [];
    for (const p of posts) {
      const [row] = await t.sql<{ id: number }>(
        `insert into blog_posts (slug, title, content, excerpt, status, category, tags, published_at, created_at, author_name)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
        [
          p.slug,
          p.title ?? `Title of ${p.slug}`,
          p.content ?? `<p>Body of ${p.slug}.</p>`,
          p.excerpt ?? null,
          p.status ?? 'published',
          p.category ?? 'general',
          p.tags ?? [],
          p.publishedAt === undefined ? daysAgo(1) : p.publishedAt,
          p.createdAt ?? new Date(),
          p.authorName ?? null,
        ],
      );
      ids.push(row.id);
    }
    return ids;
  }

  const clear = () => t.sql('delete from blog_posts');

  async function publicList(query: Record<string, string | number> = {}): Promise<BlogListResponse> {
    const res = await t.http().get(PUBLIC).query(query).expect(200);
    return superjson.deserialize<BlogListResponse>(res.body);
  }

  async function bySlug(slug: string): Promise<BlogPostWithRelated> {
    const res = await t.http().get(BY_SLUG).query({ slug }).expect(200);
    return superjson.deserialize<BlogPostWithRelated>(res.body);
  }

  const validBody = (overrides: Record<string, unknown> = {}) => ({
    title: 'How FTMO pays out',
    slug: 'how-ftmo-pays-out',
    content: '<h2>Payouts</h2><p>Every 14 days.</p>',
    ...overrides,
  });

  async function create(overrides: Record<string, unknown> = {}): Promise<BlogPostJson> {
    const res = await admin.post(ADMIN).send(validBody(overrides));
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as BlogPostJson;
  }

  describe('GET /_api/blog-posts (public list)', () => {
    beforeAll(async () => {
      await clear();
      await insert(
        { slug: 'old-news', category: 'news', tags: ['payouts'], publishedAt: daysAgo(30) },
        { slug: 'fresh-review', category: 'review', tags: ['payouts', 'forex'], publishedAt: daysAgo(1) },
        { slug: 'mid-guide', category: 'guide', tags: ['risk-management'], publishedAt: daysAgo(10) },
        { slug: 'a-draft', status: 'draft', publishedAt: daysAgo(2) },
        { slug: 'an-archived', status: 'archived', publishedAt: daysAgo(3) },
        { slug: 'scheduled', status: 'published', publishedAt: new Date(Date.now() + 7 * DAY) },
        { slug: 'published-without-date', status: 'published', publishedAt: null },
      );
    });

    it('answers in superjson: {json, meta}, with dates restored as Date objects', async () => {
      const res = await t.http().get(PUBLIC).expect(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(Object.keys(res.body).sort()).toEqual(['json', 'meta']);
      expect(res.body.json.pagination).toEqual({ page: 1, totalPages: 1 });
      expect(res.body.meta.values).toMatchObject({ 'posts.0.publishedAt': ['Date'], 'posts.0.createdAt': ['Date'] });
      const data = superjson.deserialize<BlogListResponse>(res.body);
      const [post] = data.posts;
      expect(post.publishedAt).toBeInstanceOf(Date);
      expect(post.createdAt).toBeInstanceOf(Date);
      expect(post.updatedAt).toBeInstanceOf(Date);
      expect(Object.keys(post).sort()).toEqual([
        'authorName', 'category', 'companyIds', 'content', 'createdAt', 'excerpt', 'featuredImageUrl', 'id', 'metaDescription',
        'metaTitle', 'publishedAt', 'slug', 'status', 'tags', 'title', 'updatedAt',
      ]);
    });

    it('lists only published posts whose date has come, newest publishedAt first', async () => {
      const { posts, pagination } = await publicList();
      expect(posts.map((p) => p.slug)).toEqual(['fresh-review', 'mid-guide', 'old-news']);
      expect(posts.every((p) => p.status === 'published')).toBe(true);
      expect(pagination).toEqual({ page: 1, totalPages: 1 });
    });

    it('never shows drafts, archived, scheduled or undated posts, whatever the filters', async () => {
      const hidden = ['a-draft', 'an-archived', 'scheduled', 'published-without-date'];
      for (const query of [{}, { category: 'general' }, { q: 'body' }, { limit: 50 }] as Array<Record<string, string | number>>) {
        const { posts } = await publicList(query);
        expect(posts.map((p) => p.slug).filter((s) => hidden.includes(s))).toEqual([]);
      }
    });

    it('shows a scheduled post once its publication date has passed', async () => {
      await t.sql(`update blog_posts set published_at = now() - interval '1 minute' where slug = 'scheduled'`);
      expect((await publicList()).posts[0].slug).toBe('scheduled');
      await t.sql(`update blog_posts set published_at = now() + interval '7 days' where slug = 'scheduled'`);
      expect((await publicList()).posts.map((p) => p.slug)).not.toContain('scheduled');
    });

    it('filters by category', async () => {
      expect((await publicList({ category: 'review' })).posts.map((p) => p.slug)).toEqual(['fresh-review']);
      expect((await publicList({ category: 'guide' })).posts.map((p) => p.slug)).toEqual(['mid-guide']);
      expect((await publicList({ category: 'general' })).posts).toEqual([]);
    });

    it('filters by tag, exactly', async () => {
      expect((await publicList({ tag: 'payouts' })).posts.map((p) => p.slug)).toEqual(['fresh-review', 'old-news']);
      expect((await publicList({ tag: 'forex' })).posts.map((p) => p.slug)).toEqual(['fresh-review']);
      expect((await publicList({ tag: 'payout' })).posts).toEqual([]);
      expect((await publicList({ tag: 'payouts', category: 'news' })).posts.map((p) => p.slug)).toEqual(['old-news']);
    });

    it('treats empty parameters as not sent', async () => {
      const { posts, pagination } = await publicList({ page: '', limit: '', category: '', tag: '', q: '' });
      expect(posts).toHaveLength(3);
      expect(pagination).toEqual({ page: 1, totalPages: 1 });
    });
  });

  describe('GET /_api/blog-posts paging', () => {
    beforeAll(async () => {
      await clear();
      await insert(...Array.from({ length: 23 }, (_, i) => ({ slug: `post-${i + 1}`, publishedAt: daysAgo(i + 1) })));
      await insert({ slug: 'hidden-draft', status: 'draft' });
    });

    it('defaults to page 1 with 10 posts', async () => {
      const { posts, pagination } = await publicList();
      expect(posts).toHaveLength(10);
      expect(posts[0].slug).toBe('post-1');
      expect(pagination).toEqual({ page: 1, totalPages: 3 });
    });

    it('pages with page and limit, without overlap or gaps', async () => {
      const seen: string[] = [];
      for (const page of [1, 2, 3]) {
        const { posts, pagination } = await publicList({ page, limit: 9 });
        expect(pagination).toEqual({ page, totalPages: 3 });
        seen.push(...posts.map((p) => p.slug));
      }
      expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => `post-${i + 1}`));
      expect((await publicList({ page: 3, limit: 9 })).posts).toHaveLength(5);
    });

    it('computes totalPages as ceil(total / limit)', async () => {
      expect((await publicList({ limit: 3 })).pagination.totalPages).toBe(8);
      expect((await publicList({ limit: 23 })).pagination.totalPages).toBe(1);
      expect((await publicList({ limit: 22 })).pagination.totalPages).toBe(2);
      expect((await publicList({ limit: 1 })).pagination.totalPages).toBe(23);
    });

    it('answers a page past the end with no posts and the real totalPages', async () => {
      expect(await publicList({ page: 4 })).toEqual({ posts: [], pagination: { page: 4, totalPages: 3 } });
      expect((await publicList({ page: 9007199254740991 })).posts).toEqual([]);
    });

    it('caps limit at 50', async () => {
      await insert(...Array.from({ length: 30 }, (_, i) => ({ slug: `extra-${i}`, publishedAt: daysAgo(100 + i) })));
      const { posts, pagination } = await publicList({ limit: 500 });
      expect(posts).toHaveLength(50);
      expect(pagination).toEqual({ page: 1, totalPages: 2 });
      await t.sql(`delete from blog_posts where slug like 'extra-%'`);
    });

    it('reports totalPages 1 (never 0) when nothing matches', async () => {
      expect(await publicList({ tag: 'no-such-tag' })).toEqual({ posts: [], pagination: { page: 1, totalPages: 1 } });
    });
  });

  describe('GET /_api/blog-posts?q (full-text search)', () => {
    beforeAll(async () => {
      await clear();
      await insert(
        { slug: 'payout-proof', title: 'Payout proof from FTMO', content: '<p>We received the money in 9 hours.</p>', publishedAt: daysAgo(1) },
        { slug: 'risk', title: 'Risk basics', excerpt: 'Daily drawdown explained for funded traders', content: '<p>Keep losses small.</p>', publishedAt: daysAgo(2) },
        {
          slug: 'futures',
          title: 'Futures evaluations',
          content: '<h2>Scaling</h2><p>Topstep <strong>scales</strong> accounts after consistent months of trading.</p>',
          publishedAt: daysAgo(3),
        },
        { slug: 'draft-payout', title: 'Payout draft', status: 'draft' },
      );
    });

    const search = async (q: string) => (await publicList({ q })).posts.map((p) => p.slug);

    it('finds words in the title, the excerpt and the content', async () => {
      expect(await search('FTMO')).toEqual(['payout-proof']);
      expect(await search('drawdown')).toEqual(['risk']);
      expect(await search('consistent')).toEqual(['futures']);
    });

    it('stems words: "payouts" finds "payout", "scaling" finds "scales", "trader" finds "traders"', async () => {
      expect(await search('payouts')).toEqual(['payout-proof']);
      expect(await search('scaling')).toEqual(['futures']);
      expect(await search('trader')).toEqual(['risk']);
    });

    it('ignores case and searches the text of the HTML, not its markup', async () => {
      expect(await search('TOPSTEP')).toEqual(['futures']);
      expect(await search('strong')).toEqual([]);
      expect(await search('h2')).toEqual([]);
    });

    it('understands web search syntax: all words, "phrases", OR and -exclusions', async () => {
      expect(await search('payout money')).toEqual(['payout-proof']);
      expect(await search('payout futures')).toEqual([]);
      expect(await search('payout or futures')).toEqual(['payout-proof', 'futures']);
      expect(await search('"consistent months"')).toEqual(['futures']);
      expect(await search('"months consistent"')).toEqual([]);
      expect(await search('ftmo -money')).toEqual([]);
    });

    it('never searches unpublished posts', async () => {
      expect(await search('draft')).toEqual([]);
    });

    it('combines q with category, tag and paging', async () => {
      await t.sql(`update blog_posts set category = 'guide', tags = '{risk-management}' where slug = 'risk'`);
      expect((await publicList({ q: 'traders', category: 'guide' })).posts.map((p) => p.slug)).toEqual(['risk']);
      expect((await publicList({ q: 'traders', category: 'news' })).posts).toEqual([]);
      expect((await publicList({ q: 'traders', tag: 'risk-management' })).posts.map((p) => p.slug)).toEqual(['risk']);
      expect((await publicList({ q: 'payout or futures', limit: 1, page: 2 }))).toEqual(
        expect.objectContaining({ pagination: { page: 2, totalPages: 2 } }),
      );
    });

    it('never answers 500 to text PostgreSQL cannot store (NUL characters)', async () => {
      expect((await publicList({ q: 'ftmo\u0000' })).posts.map((p) => p.slug)).toEqual(['payout-proof']);
      await t.http().get(PUBLIC).query({ tag: 'a\u0000b' }).expect(200);
      expect((await t.http().get(BY_SLUG).query({ slug: 'a\u0000b' }).expect(400)).body.error).toBe(MSG.unstorableText);
      await admin.get(ADMIN).query({ filter: JSON.stringify({ q: 'a\u0000b' }) }).expect(400);
      await admin.post(ADMIN).send(validBody({ title: 'a\u0000b', slug: 'nul-title' })).expect(400);
      const post = await admin.post(ADMIN).send(validBody({ slug: 'nul-content', content: '<p>a\u0000b</p>' })).expect(201);
      expect(post.body.content).toBe('<p>ab</p>');
      await t.sql(`delete from blog_posts where slug = 'nul-content'`);
    });

    it('never fails on odd search text', async () => {
      for (const q of [`'"&|!():*<>`, 'the', '-', '""', 'a'.repeat(200), 'ünïcødé', 'OR OR', '\\']) {
        await t.http().get(PUBLIC).query({ q }).expect(200);
      }
    });
  });

  describe('GET /_api/blog-posts validation (docs/spec.md §5 "Blog list query")', () => {
    it.each([
      ['page', '0', MSG.blogPageInvalid],
      ['page', '-1', MSG.blogPageInvalid],
      ['page', 'abc', MSG.blogPageInvalid],
      ['page', '1.5', MSG.blogPageInvalid],
      ['page', '1e3', MSG.blogPageInvalid],
      ['page', '99999999999999999999', MSG.blogPageInvalid],
      ['limit', '0', MSG.blogLimitInvalid],
      ['limit', '-5', MSG.blogLimitInvalid],
      ['limit', 'ten', MSG.blogLimitInvalid],
      ['category', 'reviews', MSG.blogCategoryInvalid],
      ['category', 'REVIEW', MSG.blogCategoryInvalid],
    ])('%s=%s answers 400 "%s"', async (name, value, message) => {
      const res = await t.http().get(`${PUBLIC}?${name}=${encodeURIComponent(value)}`).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: message, message });
    });

    it('names the allowed categories in its message', () => {
      expect(MSG.blogCategoryInvalid).toContain('review, guide, news, general');
    });

    it('refuses a repeated parameter instead of failing', async () => {
      expect((await t.http().get(`${PUBLIC}?page=1&page=2`).expect(400)).body.error).toBe(MSG.blogPageInvalid);
      expect((await t.http().get(`${PUBLIC}?tag=a&tag=b`).expect(400)).body.error).toBe(MSG.blogTagParamInvalid);
    });

    it('names unknown parameters', async () => {
      const res = await t.http().get(`${PUBLIC}?sort=new`).expect(400);
      expect(res.body.error).toBe(MSG.unknownProperties(['sort']));
    });
  });

  describe('GET /_api/blog-posts/by-slug', () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      await clear();
      const fixtures: Fixture[] = [
        { slug: 'target', category: 'review', tags: ['payouts', 'forex', 'discounts'], publishedAt: daysAgo(5) },
        // same category: ordered by shared tags, then newest
        { slug: 'review-two-tags', category: 'review', tags: ['payouts', 'forex'], publishedAt: daysAgo(40) },
        { slug: 'review-one-tag-new', category: 'review', tags: ['forex'], publishedAt: daysAgo(2) },
        { slug: 'review-one-tag-old', category: 'review', tags: ['payouts'], publishedAt: daysAgo(30) },
        { slug: 'review-no-tags', category: 'review', tags: [], publishedAt: daysAgo(1) },
        // other categories, even with every tag shared, come after the same category
        { slug: 'guide-all-tags', category: 'guide', tags: ['payouts', 'forex', 'discounts'], publishedAt: daysAgo(1) },
        // never related: not public
        { slug: 'review-draft', category: 'review', tags: ['payouts', 'forex', 'discounts'], status: 'draft' },
        { slug: 'review-scheduled', category: 'review', tags: ['payouts', 'forex', 'discounts'], publishedAt: new Date(Date.now() + DAY) },
        { slug: 'review-archived', category: 'review', tags: ['payouts', 'forex', 'discounts'], status: 'archived' },
      ];
      const inserted = await insert(...fixtures);
      ids = Object.fromEntries(fixtures.map((f, i) => [f.slug, inserted[i]]));
    });

    it('answers the post in superjson with its dates as Dates', async () => {
      const res = await t.http().get(BY_SLUG).query({ slug: 'target' }).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['json', 'meta']);
      const post = superjson.deserialize<BlogPostWithRelated>(res.body);
      expect(post).toMatchObject({ id: ids.target, slug: 'target', category: 'review', tags: ['payouts', 'forex', 'discounts'] });
      expect(post.publishedAt).toBeInstanceOf(Date);
      expect(post.createdAt).toBeInstanceOf(Date);
      expect(post.related[0].publishedAt).toBeInstanceOf(Date);
    });

    it('relates 3 published posts: same category first, then most shared tags, then newest', async () => {
      const post = await bySlug('target');
      expect(post.related.map((p) => p.slug)).toEqual(['review-two-tags', 'review-one-tag-new', 'review-one-tag-old']);
    });

    it('fills up with other categories, most shared tags first, when the category runs short', async () => {
      await t.sql(`update blog_posts set category = 'news' where slug in ('review-one-tag-new', 'review-one-tag-old')`);
      const post = await bySlug('target');
      expect(post.related.map((p) => p.slug)).toEqual(['review-two-tags', 'review-no-tags', 'guide-all-tags']);
      await t.sql(`update blog_posts set category = 'review' where slug in ('review-one-tag-new', 'review-one-tag-old')`);
    });

    it('relates fewer than 3 when fewer exist, and never the post itself', async () => {
      await t.sql(`update blog_posts set status = 'draft' where slug not in ('target', 'guide-all-tags')`);
      expect((await bySlug('target')).related.map((p) => p.slug)).toEqual(['guide-all-tags']);
      expect((await bySlug('guide-all-tags')).related.map((p) => p.slug)).toEqual(['target']);
      await t.sql(`update blog_posts set status = 'published' where slug like 'review-%' and slug not in ('review-draft', 'review-archived')`);
      await t.sql(`update blog_posts set status = 'draft' where slug = 'review-draft'`);
      await t.sql(`update blog_posts set status = 'archived' where slug = 'review-archived'`);
    });

    it.each([
      ['missing', ''],
      ['empty', '?slug='],
      ['blank', '?slug=%20%20'],
    ])('answers 400 "Slug is required" when the slug is %s', async (_label, query) => {
      const res = await t.http().get(`${BY_SLUG}${query}`).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: MSG.slugRequired, message: MSG.slugRequired });
    });

    it.each(['no-such-post', 'review-draft', 'review-archived', 'review-scheduled'])('answers 404 {error} for %s', async (slug) => {
      const res = await t.http().get(BY_SLUG).query({ slug }).expect(404);
      expect(res.body).toMatchObject({ statusCode: 404, error: MSG.blogPostNotFound });
    });

    it('answers 404 for a post published without a date', async () => {
      await insert({ slug: 'undated', publishedAt: null });
      await t.http().get(BY_SLUG).query({ slug: 'undated' }).expect(404);
    });
  });

  describe('admin list GET /_api/admin/blog-posts', () => {
    let ids: number[];
    beforeAll(async () => {
      await clear();
      ids = await insert(
        { slug: 'oldest', title: 'FTMO review', authorName: 'Jane Trader', status: 'published', category: 'review', createdAt: daysAgo(3) },
        { slug: 'middle', title: 'Risk guide', authorName: 'John Smith', status: 'draft', category: 'guide', createdAt: daysAgo(2), publishedAt: null },
        { slug: 'newest', title: 'Apex news', authorName: null, status: 'archived', category: 'news', createdAt: daysAgo(1) },
        { slug: 'scheduled', title: 'Coming soon', status: 'published', publishedAt: new Date(Date.now() + DAY), createdAt: daysAgo(4) },
      );
    });

    it('lists every status, newest createdAt first, in full without range, with Content-Range', async () => {
      const res = await admin.get(ADMIN).expect(200);
      expect(res.body.map((p: BlogPostJson) => p.slug)).toEqual(['newest', 'middle', 'oldest', 'scheduled']);
      expect(res.headers['content-range']).toBe('blog-posts 0-3/4');
      expect(res.headers['access-control-expose-headers']).toMatch(/Content-Range/);
      const post = res.body.find((p: BlogPostJson) => p.slug === 'oldest');
      expect(post).toMatchObject({ id: ids[0], title: 'FTMO review', authorName: 'Jane Trader', status: 'published', category: 'review' });
      expect(typeof post.createdAt).toBe('string');
      expect(new Date(post.createdAt).toISOString()).toBe(post.createdAt);
    });

    it('pages with range', async () => {
      const res = await admin.get(ADMIN).query({ range: '[1,2]' }).expect(200);
      expect(res.body.map((p: BlogPostJson) => p.slug)).toEqual(['middle', 'oldest']);
      expect(res.headers['content-range']).toBe('blog-posts 1-2/4');
    });

    it('sorts by any listed field', async () => {
      const res = await admin.get(ADMIN).query({ sort: '["title","ASC"]' }).expect(200);
      expect(res.body.map((p: BlogPostJson) => p.title)).toEqual(['Apex news', 'Coming soon', 'FTMO review', 'Risk guide']);
      await admin.get(ADMIN).query({ sort: '["content","ASC"]' }).expect(400);
    });

    it('searches q in the title or the author name, case-insensitively', async () => {
      const q = async (text: string) => (await admin.get(ADMIN).query({ filter: JSON.stringify({ q: text }) }).expect(200)).body.map((p: BlogPostJson) => p.slug);
      expect(await q('ftmo')).toEqual(['oldest']);
      expect(await q('smith')).toEqual(['middle']);
      expect(await q('r')).toEqual(['middle', 'oldest']);
      expect(await q('  JANE ')).toEqual(['oldest']);
      expect(await q('100%_')).toEqual([]);
    });

    it('filters by status, category and id list', async () => {
      const list = async (filter: object) => {
        const res = await admin.get(ADMIN).query({ filter: JSON.stringify(filter) }).expect(200);
        return res.body.map((p: BlogPostJson) => p.slug);
      };
      expect(await list({ status: 'draft' })).toEqual(['middle']);
      expect(await list({ status: 'published' })).toEqual(['oldest', 'scheduled']);
      expect(await list({ category: 'news' })).toEqual(['newest']);
      expect(await list({ status: 'published', category: 'review' })).toEqual(['oldest']);
      expect(await list({ id: [ids[0], ids[2]] })).toEqual(['newest', 'oldest']);
      expect(await list({ id: ids[1] })).toEqual(['middle']);
      await admin.get(ADMIN).query({ filter: JSON.stringify({ id: [99999999999] }) }).expect(400);
      expect(await list({ status: '' })).toHaveLength(4);
    });

    it('refuses unknown filter values with the allowed ones named', async () => {
      const status = await admin.get(ADMIN).query({ filter: '{"status":"live"}' }).expect(400);
      expect(status.body.error).toBe(MSG.blogStatusInvalid);
      const category = await admin.get(ADMIN).query({ filter: '{"category":"reviews"}' }).expect(400);
      expect(category.body.error).toBe(MSG.blogCategoryInvalid);
      await admin.get(ADMIN).query({ filter: '{bad json' }).expect(400);
    });

    it('is for admins only', async () => {
      await t.http().get(ADMIN).expect(401);
    });
  });

  describe('admin REST face of issue #7: pages without content, every contract sort, strict filters', () => {
    let ids: number[];
    const page = async (query: Record<string, string>) => admin.get(ADMIN).query(query).expect(200);
    beforeAll(async () => {
      await clear();
      ids = await insert(
        { slug: 'p1', title: 'Delta', authorName: 'Kim', status: 'published', category: 'review', createdAt: daysAgo(5), publishedAt: daysAgo(5), content: `<p>${'long text '.repeat(500)}</p>` },
        { slug: 'p2', title: 'Alpha', authorName: 'Lee', status: 'draft', category: 'guide', createdAt: daysAgo(4), publishedAt: null },
        { slug: 'p3', title: 'Charlie', authorName: null, status: 'archived', category: 'news', createdAt: daysAgo(3), publishedAt: daysAgo(9) },
        { slug: 'p4', title: 'Bravo', authorName: 'Kim', status: 'published', category: 'general', createdAt: daysAgo(2), publishedAt: daysAgo(1) },
        { slug: 'p5', title: 'Bravo', authorName: 'Max', status: 'draft', category: 'review', createdAt: daysAgo(1), publishedAt: null },
      );
    });

    it('a page (range) answers every post field except content; the SPEC call without range keeps content', async () => {
      const res = await page({ range: '[0,24]' });
      expect(res.headers['content-range']).toBe('blog-posts 0-4/5');
      for (const item of res.body as AdminBlogPostListItem[]) {
        expect(item).not.toHaveProperty('content');
        expect(Object.keys(item).sort()).toEqual([
          'authorName', 'category', 'companyIds', 'createdAt', 'excerpt', 'featuredImageUrl', 'id', 'metaDescription', 'metaTitle',
          'publishedAt', 'slug', 'status', 'tags', 'title', 'updatedAt', 'version',
        ]);
      }
      const whole = (await admin.get(ADMIN).expect(200)).body as BlogPostJson[];
      expect(whole.find((p) => p.id === ids[0])!.content).toContain('long text');
    });

    it('GET /:id answers the one post with its content (the edit page loads only this)', async () => {
      const res = await admin.get(`${ADMIN}/${ids[0]}`).expect(200);
      expect(res.body).toMatchObject({ id: ids[0], slug: 'p1', title: 'Delta' });
      expect(res.body.content).toContain('long text');
      expect((await admin.get(`${ADMIN}/999999`).expect(404)).body.message).toBe(MSG.blogPostNotFound);
    });

    it('defaults to created date, newest first', async () => {
      const res = await page({ range: '[0,9]' });
      expect(res.body.map((p: AdminBlogPostListItem) => p.slug)).toEqual(['p5', 'p4', 'p3', 'p2', 'p1']);
    });

    it.each(['id', 'title', 'status', 'category', 'publishedAt', 'createdAt'] as const)('sorts by %s both ways, empty last, ties by id', async (field) => {
      for (const order of ['ASC', 'DESC'] as const) {
        const res = await page({ sort: JSON.stringify([field, order]), range: '[0,9]' });
        expect(res.body).toHaveLength(5);
        expectContractOrder(res.body as AdminBlogPostListItem[], (p) => p[field], order);
      }
    });

    it('pages to the last page without overlap, with Content-Range', async () => {
      const sort = '["title","ASC"]';
      const first = await page({ sort, range: '[0,1]' });
      const second = await page({ sort, range: '[2,3]' });
      const last = await page({ sort, range: '[4,5]' });
      expect(last.headers['content-range']).toBe('blog-posts 4-4/5');
      const seen = [...first.body, ...second.body, ...last.body].map((p: AdminBlogPostListItem) => p.id);
      expect(new Set(seen).size).toBe(5);
      expect(seen.slice(1, 3).map((id) => ids.indexOf(id))).toEqual([3, 4]); // the two 'Bravo' posts, by id
      const beyond = await page({ sort, range: '[25,49]' });
      expect(beyond.body).toEqual([]);
    });

    it('combines the filters with a sort and a page', async () => {
      const res = await page({ filter: JSON.stringify({ q: 'kim', status: 'published' }), sort: '["title","ASC"]', range: '[0,0]' });
      expect(res.body.map((p: AdminBlogPostListItem) => p.slug)).toEqual(['p4']);
      expect(res.headers['content-range']).toBe('blog-posts 0-0/2');
      const cleared = await page({ filter: JSON.stringify({ status: null, category: '' }), range: '[0,9]' });
      expect(cleared.body).toHaveLength(5);
    });

    it('refuses a filter or sort field the list does not have with 400, naming it', async () => {
      const filter = await admin.get(ADMIN).query({ filter: '{"authorName":"Kim"}' }).expect(400);
      expect(filter.body).toMatchObject({ statusCode: 400, message: 'Invalid filter parameter', errors: { filter: MSG.unknownProperties(['authorName']) } });
      const sort = await admin.get(ADMIN).query({ sort: '["content","ASC"]' }).expect(400);
      expect(sort.body.message).toBe('Invalid sort parameter');
    });

    it('PUT /:id with only a status changes the status and nothing else (updateMany)', async () => {
      const before = (await admin.get(`${ADMIN}/${ids[1]}`).expect(200)).body as BlogPostJson;
      const res = await admin.put(`${ADMIN}/${ids[1]}`).send({ status: 'archived' }).expect(200);
      // Each save moves the optimistic-locking version on (issue #20).
      expect(res.body).toEqual({ ...before, status: 'archived', updatedAt: res.body.updatedAt, version: before.version + 1 });
      expect((await admin.put(`${ADMIN}/${ids[1]}`).send({ status: 'live' }).expect(400)).body.message).toBe(MSG.blogStatusInvalid);
      expect((await admin.get(`${ADMIN}/${ids[1]}`).expect(200)).body.status).toBe('archived');
    });
  });

  describe('GET /_api/admin/blog-posts/export.csv (issue #18: every row of the filter, streamed)', () => {
    it('exports 1,200 posts as 1,200 rows, newest first, only the filter\'s, for admins only', async () => {
      await clear();
      // 1,200 posts, one a minute back in time (some at the same instant, so the keyset's id tie-break matters);
      // every third a draft.
      await t.sql(
        `insert into blog_posts (slug, title, content, status, category, created_at)
         select 'p-' || g, 'Post ' || g, '<p>x</p>', case when g % 3 = 0 then 'draft' else 'published' end, 'news',
                now() - make_interval(mins => g / 2)
         from generate_series(1, 1200) g`,
      );
      await t.http().get(`${ADMIN}/export.csv`).expect(401);
      const res = await admin.get(`${ADMIN}/export.csv`).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="blog_posts_\d{4}-\d\d-\d\d\.csv"$/);
      const lines = res.text.trim().split('\r\n');
      expect(lines[0]).toBe('id,title,slug,status,category,author,tags,published_at,created_at');
      const slugs = lines.slice(1).map((l) => l.split('","')[2]!);
      expect(slugs).toHaveLength(1200);
      expect(new Set(slugs).size).toBe(1200);
      // Newest first; p-2 and p-3 share an instant, the higher id first (as the admin list orders).
      expect(slugs.slice(0, 3)).toEqual(['p-1', 'p-3', 'p-2']);
      const drafts = await admin.get(`${ADMIN}/export.csv?filter=${encodeURIComponent('{"status":"draft"}')}`).expect(200);
      expect(drafts.text.trim().split('\r\n')).toHaveLength(1 + 400);
      const bad = await admin.get(`${ADMIN}/export.csv?filter=${encodeURIComponent('{"colour":"red"}')}`).expect(400);
      expect(bad.body.statusCode).toBe(400);
      await clear();
    });
  });

  describe('POST /_api/admin/blog-posts/bulk (issue #18: select all = every post of the filter, on the server)', () => {
    /** Every post as `slug → status|published_at|version`, to compare before and after. */
    const snapshot = async () =>
      new Map((await t.sql<{ slug: string; status: string; published_at: Date | null; version: number }>(
        'select slug, status, published_at, version from blog_posts',
      )).map((r) => [r.slug, `${r.status}|${r.published_at?.toISOString() ?? ''}|${r.version}`]));

    it('publishes exactly the posts matching the filter in one request, and logs one audit entry', async () => {
      await clear();
      // 1,200 drafts titled "Bulk …" by Ann, plus look-alikes outside the filter: another author's drafts, an archived
      // "Bulk" post (other status), a scheduled draft inside it keeps its date.
      await t.sql(
        `insert into blog_posts (slug, title, content, status, category, author_name)
         select 'bulk-' || g, 'Bulk post ' || g, '<p>x</p>', 'draft', 'news', 'Ann' from generate_series(1, 1200) g`,
      );
      const tomorrow = new Date(Date.now() + DAY);
      await insert(
        { slug: 'other-draft', title: 'Other draft', status: 'draft', publishedAt: null, authorName: 'Bob' },
        { slug: 'bulk-archived', title: 'Bulk archived', status: 'archived', publishedAt: null, authorName: 'Ann' },
        { slug: 'bulk-guide', title: 'Bulk guide', status: 'draft', category: 'guide', publishedAt: null, authorName: 'Ann' },
      );
      await t.sql(`update blog_posts set published_at = $1 where slug = 'bulk-7'`, [tomorrow]);
      const before = await snapshot();
      const filter = { q: 'bulk', status: 'draft', category: 'news' };
      const total = (await admin.get(`${ADMIN}?range=[0,24]&filter=${encodeURIComponent(JSON.stringify(filter))}`).expect(200))
        .headers['content-range'];
      expect(total).toBe('blog-posts 0-24/1200');

      const res = await admin.post(`${ADMIN}/bulk`).send({ action: 'publish', filter }).expect(200);
      expect(res.body).toEqual({ action: 'publish', count: 1200 });

      const after = await snapshot();
      for (const [slug, was] of before) {
        const now = after.get(slug)!;
        if (/^bulk-\d+$/.test(slug)) {
          const [status, publishedAt, version] = now.split('|');
          expect(status).toBe('published');
          expect(Number(version)).toBe(Number(was.split('|')[2]) + 1);
          if (slug === 'bulk-7') expect(publishedAt).toBe(tomorrow.toISOString());
          else expect(publishedAt).not.toBe('');
        } else {
          expect(now).toBe(was);
        }
      }
      // The public list shows them at once (the cache was dropped), the scheduled one not yet.
      const page = superjson.deserialize<BlogListResponse>((await t.http().get(`${PUBLIC}?limit=50`).expect(200)).body);
      expect(page.pagination.totalPages).toBe(Math.ceil(1199 / 50));

      const [entry] = await t.sql<{ action: string; resource: string; changes: Record<string, [unknown, unknown]> }>(
        `select action, resource, changes from audit_log where resource = 'blog-posts' order by id desc limit 1`,
      );
      expect(entry).toEqual({ action: 'bulk', resource: 'blog-posts', changes: { action: [null, 'publish'], filter: [null, filter], count: [null, 1200] } });

      // Again: nothing left to publish, nothing written.
      expect((await admin.post(`${ADMIN}/bulk`).send({ action: 'publish', filter }).expect(200)).body.count).toBe(0);
      expect(await snapshot()).toEqual(after);
      await clear();
    });

    it('acts on ticked ids; unpublishes, archives and deletes', async () => {
      await clear();
      const ids = await insert({ slug: 'a' }, { slug: 'b' }, { slug: 'c' }, { slug: 'd' });
      expect((await admin.post(`${ADMIN}/bulk`).send({ action: 'unpublish', ids: [ids[0], ids[1]] }).expect(200)).body.count).toBe(2);
      expect((await admin.post(`${ADMIN}/bulk`).send({ action: 'archive', ids: [ids[1]] }).expect(200)).body.count).toBe(1);
      expect((await admin.post(`${ADMIN}/bulk`).send({ action: 'delete', filter: { status: 'published' } }).expect(200)).body.count).toBe(2);
      const rows = await t.sql<{ slug: string; status: string }>('select slug, status from blog_posts order by slug');
      expect(rows).toEqual([{ slug: 'a', status: 'draft' }, { slug: 'b', status: 'archived' }]);
      await clear();
    });

    it('refuses a bad action, scope or filter with 400 and changes nothing; a visitor gets 401', async () => {
      await clear();
      const ids = await insert({ slug: 'x', status: 'draft', publishedAt: null }, { slug: 'y', status: 'draft', publishedAt: null });
      const before = await snapshot();
      const refused: Array<[object, string]> = [
        [{ action: 'explode', filter: {} }, 'Action must be one of: publish, unpublish, archive, delete'],
        [{ filter: {} }, 'Action must be one of: publish, unpublish, archive, delete'],
        [{ action: 'publish' }, 'Send either ids (the selected records) or filter (every record matching it), not both'],
        [{ action: 'publish', ids, filter: {} }, 'Send either ids (the selected records) or filter (every record matching it), not both'],
        [{ action: 'publish', filter: { colour: 'red' } }, MSG.invalidListParam('filter')],
        [{ action: 'publish', filter: { status: 'live' } }, MSG.blogStatusInvalid],
        [{ action: 'publish', filter: ['draft'] }, "filter must be an object of the list's filters"],
        [{ action: 'publish', filter: 'status=draft' }, "filter must be an object of the list's filters"],
        [{ action: 'publish', ids: [] }, 'ids must be a list of 1 to 1000 record ids'],
        [{ action: 'publish', ids: [1.5] }, 'ids must be a list of 1 to 1000 record ids'],
        [{ action: 'publish', ids: [2 ** 31] }, 'ids must be a list of 1 to 1000 record ids'],
        [{ action: 'publish', filter: { id: ['x'] } }, MSG.invalidListParam('filter')],
        [{ action: 'publish', filter: {}, extra: 1 }, ''],
      ];
      for (const [body, message] of refused) {
        const res = await admin.post(`${ADMIN}/bulk`).send(body);
        expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
        if (message) expect([JSON.stringify(body), res.body.message]).toEqual([JSON.stringify(body), message]);
      }
      await t.http().post(`${ADMIN}/bulk`).send({ action: 'publish', filter: {} }).expect(401);
      expect(await snapshot()).toEqual(before);
      await clear();
    });
  });

  describe('SPEC face: POST /_api/admin/blog-posts, /update, /delete', () => {
    beforeEach(clear);

    it('creates a post with defaults draft and general, and answers 201 with the stored post', async () => {
      const res = await admin.post(ADMIN).send(validBody()).expect(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        slug: 'how-ftmo-pays-out',
        title: 'How FTMO pays out',
        excerpt: null,
        content: '<h2>Payouts</h2><p>Every 14 days.</p>',
        metaTitle: null,
        metaDescription: null,
        featuredImageUrl: null,
        publishedAt: null,
        authorName: null,
        category: 'general',
        tags: [],
        companyIds: [],
        status: 'draft',
        createdAt: expect.any(String),
        version: 1,
        updatedAt: expect.any(String),
      });
      const [row] = await t.sql('select status, category from blog_posts where id = $1', [res.body.id]);
      expect(row).toEqual({ status: 'draft', category: 'general' });
    });

    it('stores every field of docs/spec.md §7, trimming text and normalising tags', async () => {
      const body = validBody({
        title: '  Spaced title  ',
        status: 'published',
        category: 'review',
        excerpt: ' Short summary ',
        featuredImageUrl: 'https://cdn.example.com/ftmo.png',
        authorName: 'Jane Trader',
        tags: [' payouts ', 'forex', '', '  ', 'payouts', 'risk-management'],
        publishedAt: '2025-03-01T09:30:00.000Z',
        metaTitle: 'FTMO payouts',
        metaDescription: 'How and when FTMO pays.',
      });
      const res = await admin.post(ADMIN).send(body).expect(201);
      expect(res.body).toMatchObject({
        title: 'Spaced title',
        status: 'published',
        category: 'review',
        excerpt: 'Short summary',
        featuredImageUrl: 'https://cdn.example.com/ftmo.png',
        authorName: 'Jane Trader',
        tags: ['payouts', 'forex', 'risk-management'],
        publishedAt: '2025-03-01T09:30:00.000Z',
        metaTitle: 'FTMO payouts',
        metaDescription: 'How and when FTMO pays.',
      });
      const post = await bySlug('how-ftmo-pays-out');
      expect(post.publishedAt).toEqual(new Date('2025-03-01T09:30:00.000Z'));
      expect(post.tags).toEqual(['payouts', 'forex', 'risk-management']);
    });

    it('accepts tags as the comma-separated text of the form', async () => {
      const res = await admin.post(ADMIN).send(validBody({ tags: 'payouts, forex,, scaling ,forex' })).expect(201);
      expect(res.body.tags).toEqual(['payouts', 'forex', 'scaling']);
    });

    it('sets publishedAt to now when a post is published without one', async () => {
      const before = Date.now();
      const res = await admin.post(ADMIN).send(validBody({ status: 'published' })).expect(201);
      const at = new Date(res.body.publishedAt).getTime();
      expect(at).toBeGreaterThanOrEqual(before - 1000);
      expect(at).toBeLessThanOrEqual(Date.now() + 1000);
      expect((await publicList()).posts.map((p) => p.slug)).toEqual(['how-ftmo-pays-out']);
    });

    it('keeps a future publishedAt: the post is scheduled and not public yet', async () => {
      const future = new Date(Date.now() + 3 * DAY).toISOString();
      const res = await admin.post(ADMIN).send(validBody({ status: 'published', publishedAt: future })).expect(201);
      expect(res.body.publishedAt).toBe(future);
      expect((await publicList()).posts).toEqual([]);
      await t.http().get(BY_SLUG).query({ slug: 'how-ftmo-pays-out' }).expect(404);
    });

    it('accepts a date without time, and an empty or null publishedAt as none', async () => {
      expect((await create({ slug: 'a', publishedAt: '2025-01-05' })).publishedAt).toBe('2025-01-05T00:00:00.000Z');
      expect((await create({ slug: 'b', publishedAt: '' })).publishedAt).toBeNull();
      expect((await create({ slug: 'c', publishedAt: null })).publishedAt).toBeNull();
    });

    it('accepts a featured image as a URL, a /media/ path or an uploaded data: image', async () => {
      expect((await create({ slug: 'a', featuredImageUrl: '/media/abc.webp' })).featuredImageUrl).toBe('/media/abc.webp');
      expect((await create({ slug: 'b', featuredImageUrl: '' })).featuredImageUrl).toBeNull();
      const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0099ff' } }).png().toBuffer();
      const post = await create({ slug: 'c', featuredImageUrl: `data:image/png;base64,${png.toString('base64')}` });
      // Stored through MediaService.resolveImage: a /media/ file once the media store is in, the data itself before.
      expect(post.featuredImageUrl).toMatch(/^\/media\/[\w.-]+$|^data:image\/png;base64,/);
    });

    it.each([
      ['no title', { title: undefined }, MSG.titleRequired, 'title'],
      ['an empty title', { title: '' }, MSG.titleRequired, 'title'],
      ['a blank title', { title: '   ' }, MSG.titleRequired, 'title'],
      ['a null title', { title: null }, MSG.titleRequired, 'title'],
      ['no slug', { slug: undefined }, MSG.slugRequired, 'slug'],
      ['an empty slug', { slug: '' }, MSG.slugRequired, 'slug'],
      ['an uppercase slug', { slug: 'How-FTMO' }, MSG.slugFormat, 'slug'],
      ['a slug with spaces', { slug: 'how ftmo' }, MSG.slugFormat, 'slug'],
      ['a slug with underscores', { slug: 'how_ftmo' }, MSG.slugFormat, 'slug'],
      ['a slug with accents', { slug: 'café' }, MSG.slugFormat, 'slug'],
      ['no content', { content: undefined }, MSG.contentRequired, 'content'],
      ['empty content', { content: '' }, MSG.contentRequired, 'content'],
      ['content that is only a script', { content: '<script>alert(1)</script>' }, MSG.contentRequired, 'content'],
      ['a bad status', { status: 'live' }, MSG.blogStatusInvalid, 'status'],
      ['a null status', { status: null }, MSG.blogStatusInvalid, 'status'],
      ['a bad category', { category: 'reviews' }, MSG.blogCategoryInvalid, 'category'],
      ['a featured image that is no URL', { featuredImageUrl: 'not a url' }, MSG.invalidImage('Featured image'), 'featuredImageUrl'],
      ['a javascript: featured image', { featuredImageUrl: 'javascript:alert(1)' }, MSG.invalidImage('Featured image'), 'featuredImageUrl'],
      ['tags that are not a list', { tags: 42 }, MSG.blogTagsInvalid, 'tags'],
      ['tags that are not text', { tags: ['ok', 7] }, MSG.blogTagsInvalid, 'tags'],
      ['too many tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, MSG.blogTooManyTags(20), 'tags'],
      ['a very long tag', { tags: ['x'.repeat(51)] }, MSG.blogTagTooLong(50), 'tags'],
      ['a publishedAt that is no date', { publishedAt: 'yesterday' }, MSG.blogPublishedAtInvalid, 'publishedAt'],
      ['an impossible publishedAt', { publishedAt: '2025-02-30T10:00:00Z' }, MSG.blogPublishedAtInvalid, 'publishedAt'],
      ['a numeric publishedAt', { publishedAt: 1700000000000 }, MSG.blogPublishedAtInvalid, 'publishedAt'],
    ])('refuses %s with 400 "%s"', async (_label, overrides, message, field) => {
      const res = await admin.post(ADMIN).send(validBody(overrides)).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: message, message });
      expect(res.body.errors?.[field]).toBe(message);
      expect(await t.sql('select id from blog_posts')).toEqual([]);
    });

    it('reports the first problem in SPEC order and every field in errors', async () => {
      const res = await admin.post(ADMIN).send({ slug: 'Bad Slug', status: 'live' }).expect(400);
      expect(res.body.error).toBe(MSG.titleRequired);
      expect(res.body.errors).toEqual({
        title: MSG.titleRequired,
        slug: MSG.slugFormat,
        content: MSG.contentRequired,
        status: MSG.blogStatusInvalid,
      });
    });

    it('names unknown properties', async () => {
      const res = await admin.post(ADMIN).send(validBody({ views: 10 })).expect(400);
      expect(res.body.error).toBe(MSG.unknownProperties(['views']));
    });

    it('answers 409 with a clear message when the slug is taken, on create and on update', async () => {
      const first = await create();
      const res = await admin.post(ADMIN).send(validBody({ title: 'Another' })).expect(409);
      const message = 'A post with the slug "how-ftmo-pays-out" already exists. Choose another slug.';
      expect(res.body).toMatchObject({ statusCode: 409, error: message, message, errors: { slug: message } });
      const other = await create({ slug: 'other' });
      const upd = await admin.post(`${ADMIN}/update`).send({ id: other.id, slug: first.slug }).expect(409);
      expect(upd.body.error).toBe(message);
      await admin.put(`${ADMIN}/${other.id}`).send({ ...other, slug: first.slug }).expect(409);
      // Keeping its own slug is no clash.
      await admin.post(`${ADMIN}/update`).send({ id: first.id, slug: first.slug, title: 'Renamed' }).expect(200);
    });

    it('answers 409, never 500, when concurrent requests race for the same slug', async () => {
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => admin.post(ADMIN).send(validBody({ title: `Racer ${i}`, slug: 'race' }))),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
      for (const r of results.filter((x) => x.status === 409)) {
        expect(r.body.error).toBe(MSG.blogSlugTaken('race'));
      }
      expect(await t.sql(`select count(*)::int as n from blog_posts where slug = 'race'`)).toEqual([{ n: 1 }]);
    });

    it('updates only the fields sent, by id', async () => {
      const post = await create({ excerpt: 'Keep me', tags: ['payouts'], authorName: 'Jane' });
      const res = await admin.post(`${ADMIN}/update`).send({ id: post.id, title: 'New title', tags: ['forex', ' forex ', ''] }).expect(200);
      expect(res.body).toMatchObject({ id: post.id, title: 'New title', excerpt: 'Keep me', authorName: 'Jane', tags: ['forex'], slug: post.slug });
      expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(post.updatedAt).getTime());
      const cleared = await admin.post(`${ADMIN}/update`).send({ id: post.id, excerpt: null, authorName: '' }).expect(200);
      expect(cleared.body).toMatchObject({ excerpt: null, authorName: null, title: 'New title' });
    });

    it('publishing a draft through update stamps publishedAt; unpublishing keeps it', async () => {
      const post = await create();
      const published = await admin.post(`${ADMIN}/update`).send({ id: post.id, status: 'published' }).expect(200);
      expect(published.body.publishedAt).toEqual(expect.any(String));
      expect((await publicList()).posts.map((p) => p.id)).toEqual([post.id]);
      const archived = await admin.post(`${ADMIN}/update`).send({ id: post.id, status: 'archived' }).expect(200);
      expect(archived.body.publishedAt).toBe(published.body.publishedAt);
      expect((await publicList()).posts).toEqual([]);
      await t.http().get(BY_SLUG).query({ slug: post.slug }).expect(404);
    });

    it.each([
      ['an empty title', { title: '' }, MSG.titleRequired],
      ['an empty slug', { slug: '' }, MSG.slugRequired],
      ['a bad slug', { slug: 'Bad Slug' }, MSG.slugFormat],
      ['empty content', { content: '   ' }, MSG.contentRequired],
      ['a null status', { status: null }, MSG.blogStatusInvalid],
      ['a null category', { category: null }, MSG.blogCategoryInvalid],
      ['a bad publishedAt', { publishedAt: 'soon' }, MSG.blogPublishedAtInvalid],
    ])('update refuses %s', async (_label, changes, message) => {
      const post = await create();
      const res = await admin.post(`${ADMIN}/update`).send({ id: post.id, ...changes }).expect(400);
      expect(res.body.error).toBe(message);
    });

    it('update and delete need an existing id', async () => {
      expect((await admin.post(`${ADMIN}/update`).send({ title: 'x' }).expect(400)).body.error).toBe(MSG.idRequired);
      expect((await admin.post(`${ADMIN}/update`).send({ id: 0 }).expect(400)).body.error).toBe(MSG.idInteger);
      expect((await admin.post(`${ADMIN}/update`).send({ id: 424242, title: 'x' }).expect(404)).body.error).toBe(MSG.blogPostNotFound);
      // Beyond the integer id column: refused at the door, never sent to SQL.
      expect((await admin.post(`${ADMIN}/update`).send({ id: 99999999999, title: 'x' }).expect(400)).body.error).toBe(MSG.idInteger);
      expect((await admin.post(`${ADMIN}/delete`).send({}).expect(400)).body.error).toBe(MSG.idRequired);
      expect((await admin.post(`${ADMIN}/delete`).send({ id: 'abc' }).expect(400)).body.error).toBe(MSG.idRequired);
      expect((await admin.post(`${ADMIN}/delete`).send({ id: 424242 }).expect(404)).body.error).toBe(MSG.blogPostNotFound);
    });

    it('deletes by id and answers with the deleted post', async () => {
      const post = await create({ status: 'published' });
      const res = await admin.post(`${ADMIN}/delete`).send({ id: post.id }).expect(200);
      expect(res.body).toMatchObject({ id: post.id, slug: post.slug });
      expect(await t.sql('select id from blog_posts')).toEqual([]);
      await t.http().get(BY_SLUG).query({ slug: post.slug }).expect(404);
      await admin.post(`${ADMIN}/delete`).send({ id: post.id }).expect(404);
    });

    it('is for admins only', async () => {
      await t.http().post(ADMIN).send(validBody()).expect(401);
      await t.http().post(`${ADMIN}/update`).send({ id: 1, title: 'x' }).expect(401);
      await t.http().post(`${ADMIN}/delete`).send({ id: 1 }).expect(401);
      expect(await t.sql('select id from blog_posts')).toEqual([]);
    });
  });

  describe('REST face (ra-data-simple-rest): GET /:id, POST, PUT /:id, DELETE /:id', () => {
    beforeEach(clear);

    it('walks a post through its life as react-admin does', async () => {
      const created = await admin.post(ADMIN).send(validBody({ tags: ['payouts'] })).expect(201);
      const id = created.body.id;

      const one = await admin.get(`${ADMIN}/${id}`).expect(200);
      expect(one.body).toEqual(created.body);

      // react-admin sends back the whole record it holds, read-only fields included.
      const record = { ...one.body, title: 'Edited title', status: 'published', tags: ['payouts', 'scaling'] };
      const put = await admin.put(`${ADMIN}/${id}`).send(record).expect(200);
      expect(put.body).toMatchObject({ id, title: 'Edited title', status: 'published', tags: ['payouts', 'scaling'], createdAt: created.body.createdAt });
      expect(put.body.publishedAt).toEqual(expect.any(String));

      const many = await admin.get(ADMIN).query({ filter: JSON.stringify({ id: [id] }) }).expect(200);
      expect(many.body).toEqual([put.body]);

      const del = await admin.delete(`${ADMIN}/${id}`).expect(200);
      expect(del.body.id).toBe(id);
      await admin.get(`${ADMIN}/${id}`).expect(404);
    });

    it('PUT refuses a different id in the body and validates like update', async () => {
      const post = await create();
      expect((await admin.put(`${ADMIN}/${post.id}`).send({ ...post, id: 999, title: 'Kept id' }).expect(400)).body.message).toBe(MSG.readOnlyChanged(['id']));
      const res = await admin.put(`${ADMIN}/${post.id}`).send({ ...post, title: 'Kept id' }).expect(200);
      expect(res.body.id).toBe(post.id);
      expect((await admin.put(`${ADMIN}/${post.id}`).send({ ...post, slug: 'Bad Slug' }).expect(400)).body.error).toBe(MSG.slugFormat);
      expect((await admin.put(`${ADMIN}/${post.id}`).send({ ...post, views: 1 }).expect(400)).body.error).toBe(MSG.unknownProperties(['views']));
    });

    it('answers 404 for missing ids and 400 for ids that are not numbers or too large', async () => {
      expect((await admin.get(`${ADMIN}/424242`).expect(404)).body.error).toBe(MSG.blogPostNotFound);
      expect((await admin.get(`${ADMIN}/99999999999`).expect(400)).body.error).toBe(MSG.idInteger);
      await admin.put(`${ADMIN}/424242`).send(validBody()).expect(404);
      await admin.delete(`${ADMIN}/424242`).expect(404);
      expect((await admin.get(`${ADMIN}/abc`).expect(400)).body.error).toBe(MSG.idInteger);
    });

    it('is for admins only', async () => {
      const post = await create();
      await t.http().get(`${ADMIN}/${post.id}`).expect(401);
      await t.http().put(`${ADMIN}/${post.id}`).send({ title: 'x' }).expect(401);
      await t.http().delete(`${ADMIN}/${post.id}`).expect(401);
      await admin.get(`${ADMIN}/${post.id}`).expect(200);
    });
  });

  describe('content sanitisation', () => {
    beforeAll(clear);

    const EVIL = [
      '<h2>Safe heading</h2>',
      '<p onclick="steal()">Paragraph <a href="javascript:alert(1)">bad link</a> <a href="https://ftmo.com" target="_blank">FTMO</a></p>',
      '<script>alert("x")</script>',
      '<img src="x" onerror="alert(1)"><img src="/media/ok.webp" alt="ok" onerror="alert(2)">',
      '<iframe src="https://evil.example"></iframe>',
      '<style>body{display:none}</style>',
      '<a href="JaVaScRiPt:alert(1)">caps</a><a href="java&#x09;script:alert(1)">tab</a>',
      '<svg onload="alert(1)"></svg><object data="x"></object>',
    ].join('');

    const UNSAFE = /<script|onerror|onclick|onload|javascript:|<iframe|<style|<svg|<object/i;

    async function everyResponse(slug: string, id: number): Promise<string[]> {
      const bodies = [
        (await admin.get(ADMIN)).text,
        (await admin.get(`${ADMIN}/${id}`)).text,
        (await t.http().get(PUBLIC)).text,
        (await t.http().get(PUBLIC).query({ q: 'paragraph' })).text,
        (await t.http().get(BY_SLUG).query({ slug })).text,
        (await t.http().get(BY_SLUG).query({ slug: 'neighbour' })).text,
      ];
      return bodies;
    }

    it('strips scripts, handlers, javascript: links, iframes and styles on create; nothing unsafe comes back anywhere', async () => {
      await insert({ slug: 'neighbour', publishedAt: daysAgo(3) });
      const res = await admin.post(ADMIN).send(validBody({ slug: 'evil-create', content: EVIL, status: 'published' })).expect(201);
      expect(res.body.content).toBe(
        '<h2>Safe heading</h2><p>Paragraph <a>bad link</a> <a href="https://ftmo.com" target="_blank" rel="noopener noreferrer">FTMO</a></p>' +
          '<img src="/media/ok.webp" alt="ok" /><a>caps</a><a>tab</a>',
      );
      const [row] = await t.sql<{ content: string }>('select content from blog_posts where id = $1', [res.body.id]);
      expect(row.content).toBe(res.body.content);
      for (const body of await everyResponse('evil-create', res.body.id)) expect(body).not.toMatch(UNSAFE);
      expect((await bySlug('neighbour')).related.map((p) => p.slug)).toContain('evil-create');
    });

    it('sanitises on update through both faces too', async () => {
      const post = await create({ slug: 'evil-update', status: 'published' });
      const upd = await admin.post(`${ADMIN}/update`).send({ id: post.id, content: EVIL }).expect(200);
      expect(upd.body.content).not.toMatch(UNSAFE);
      // react-admin sends the record it holds, with its current version (an older one would be a 409).
      await admin.put(`${ADMIN}/${post.id}`).send({ ...upd.body, content: `<p>ok</p>${EVIL}` }).expect(200);
      const [row] = await t.sql<{ content: string }>('select content from blog_posts where id = $1', [post.id]);
      expect(row.content).toMatch(/^<p>ok<\/p><h2>Safe heading<\/h2>/);
      expect(row.content).not.toMatch(UNSAFE);
      for (const body of await everyResponse('evil-update', post.id)) expect(body).not.toMatch(UNSAFE);
    });

    it('keeps the formatting a post needs', async () => {
      const html =
        '<h2>Rules</h2><h3>Drawdown</h3><p><strong>5%</strong> daily, <em>10%</em> overall.</p><ul><li>One</li></ul><ol><li>Two</li></ol>' +
        '<blockquote>Quote</blockquote><pre><code>risk = 0.01</code></pre>' +
        '<table><thead><tr><th>Firm</th><th>Split</th></tr></thead><tbody><tr><td>FTMO</td><td>90%</td></tr></tbody></table>' +
        '<p><a href="mailto:help@example.com">Mail</a> <a href="/blog/guides">Guides</a></p><img src="https://example.com/chart.png" alt="Chart" />';
      const post = await create({ slug: 'formatting', content: html });
      expect(post.content).toBe(html);
    });
  });

  describe('demo seed', () => {
    beforeAll(clear);

    it('adds 30 posts over every category and status, once', async () => {
      const em = t.app.get(EntityManager).fork();
      expect(await seedBlogPosts(em)).toBe(30);
      expect(await seedBlogPosts(em.fork())).toBe(0);
      const rows = await t.sql<{ slug: string; status: string; category: string; tags: string[]; published_at: Date | null; content: string; author_name: string; excerpt: string; featured_image_url: string | null }>(
        'select slug, status, category, tags, published_at, content, author_name, excerpt, featured_image_url from blog_posts',
      );
      expect(rows).toHaveLength(30);
      const count = (pred: (r: (typeof rows)[number]) => boolean) => rows.filter(pred).length;
      const now = Date.now();
      expect(count((r) => r.status === 'draft')).toBeGreaterThanOrEqual(2);
      expect(count((r) => r.status === 'archived')).toBe(1);
      expect(count((r) => r.status === 'published' && r.published_at !== null && r.published_at.getTime() > now)).toBe(1);
      for (const category of ['review', 'guide', 'news', 'general']) expect(count((r) => r.category === category)).toBeGreaterThanOrEqual(4);
      for (const firm of ['fundednext', 'ftmo', 'the5ers', 'topstep', 'apex-trader-funding', 'e8-markets', 'alpha-capital-group', 'funding-pips']) {
        expect(rows.some((r) => r.category === 'review' && r.slug.startsWith(firm))).toBe(true);
      }
      for (const r of rows) {
        expect(isValidSlug(r.slug)).toBe(true);
        expect(r.tags.length).toBeGreaterThan(0);
        expect(r.tags.every((tag) => (DEMO_TAGS as readonly string[]).includes(tag))).toBe(true);
        expect(r.content).toMatch(/<h2>/);
        expect(r.content).toMatch(/<(ul|ol)>/);
        expect(r.author_name).toBeTruthy();
        expect(r.excerpt).toBeTruthy();
        expect(r.featured_image_url).toBeNull();
      }
    });

    it('gives the public list 25 posts, 3 pages of 9, and every post 3 related', async () => {
      const first = await publicList({ limit: 9 });
      expect(first.pagination).toEqual({ page: 1, totalPages: 3 });
      const all = await publicList({ limit: 50 });
      expect(all.posts).toHaveLength(25);
      const dates = all.posts.map((p) => p.publishedAt!.getTime());
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
      expect((await publicList({ tag: 'payouts' })).posts.length).toBeGreaterThan(3);
      expect((await publicList({ q: 'payout' })).posts.length).toBeGreaterThan(3);
      for (const post of all.posts) expect((await bySlug(post.slug)).related).toHaveLength(3);
      const review = all.posts.find((p) => p.category === 'review')!;
      expect((await bySlug(review.slug)).related.every((p) => p.category === 'review')).toBe(true);
    });
  });
});
