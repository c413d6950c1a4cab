import pg from 'pg';
import superjson from 'superjson';
import type TestAgent from 'supertest/lib/agent.js';
import type { BlogListResponse, CompanyDto, PublicDiscountDto } from '../../common/api-types.js';
import { ENTRY_OVERHEAD_BYTES, LISTENER_NAME, PublicCacheService } from '../src/cache/public-cache.service.js';
import { eventually } from './support/wait.js';
import { queriesDuring } from './support/queries.js';
import { startTestApp, type TestApp } from './support/test-app.js';


const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


const discountTitles = async (t: TestApp) =>
  ((await t.http().get('/_api/discounts').expect(200)).body as PublicDiscountDto[]).map((d) => d.title);
const postSlugs = async (t: TestApp, query = 'page=1&limit=9') =>
  (superjson.deserialize((await t.http().get(`/_api/blog-posts?${query}`).expect(200)).body) as BlogListResponse).posts.map((p) => p.slug);

// Two instances on one database. passport keeps its serializers on a process-wide singleton
// (reset by every createApp), so sessions are deserialised by the second app: both share the database.
let t: TestApp;
let t2: TestApp;
let admin: TestAgent;
let company: CompanyDto;
let direct: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  t2 = await startTestApp({ databaseUrl: t.databaseUrl });
  admin = await t.signedIn();
  company = (await admin.post('/_api/admin/companies').send({ name: 'Cachefirm', websiteUrl: 'https://cache.example' }).expect(201)).body;
  // A client of its own, outside the test helper (whose t.sql waits for the NOTIFY to arrive).
  direct = new pg.Client({ connectionString: t.databaseUrl });
  await direct.connect();
});
afterAll(async () => {
  await direct?.end();
  await t2?.close();
  await t?.close();
});

describe('public reads are answered from the cache', () => {
  beforeAll(async () => {
    await admin.post('/_api/admin/discounts').send({ title: 'Cached offer', companyId: company.id }).expect(201);
    await admin.post('/_api/admin/blog-posts').send({ title: 'Cached post', slug: 'cached-post', content: '<p>Hi</p>', status: 'published' }).expect(201);
  });

  it.each([
    ['/_api/companies'],
    ['/_api/discounts'],
    ['/_api/blog-posts?page=1&limit=9'],
    ['/_api/blog-posts/by-slug?slug=cached-post'],
  ])('%s: the second GET runs no SQL and answers the same bytes with a strong ETag', async (path) => {
    const first = await t.http().get(path).expect(200);
    let second!: Awaited<ReturnType<ReturnType<TestApp['http']>['get']>>;
    const sql = await queriesDuring(t, async () => {
      second = await t.http().get(path).expect(200);
    });
    expect(sql).toEqual([]);
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers.etag).toMatch(/^"[^"]+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('answers a repeat with the same headers as the first answer (security headers included), with or without a session', async () => {
    const first = await t.http().get('/_api/blog-posts?page=2&limit=3').expect(200);
    const second = await t.http().get('/_api/blog-posts?page=2&limit=3').expect(200);
    const names = (h: Record<string, unknown>) => Object.keys(h).filter((n) => n !== 'date').sort();
    expect(names(second.headers)).toEqual(names(first.headers));
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['content-length']).toBe(first.headers['content-length']);
    // A signed-in read is the same shared answer, and never carries a cookie (the session is rolled by the page's own
    // session check: docs/decisions/signed-in-readers-share-cached-pages.md).
    const signedIn = await admin.get('/_api/blog-posts?page=2&limit=3').expect(200);
    expect(signedIn.text).toBe(first.text);
    expect(signedIn.headers['set-cookie']).toBeUndefined();
    // HEAD gets the headers without the body.
    const head = await t.http().head('/_api/blog-posts?page=2&limit=3').expect(200);
    expect(head.headers.etag).toBe(first.headers.etag);
  });

  it('compresses a repeat for a client that accepts gzip, as the compression middleware does', async () => {
    const path = '/_api/discounts';
    await admin.post('/_api/admin/discounts').send({ title: 'Long offer', companyId: company.id, description: 'Save. '.repeat(300) }).expect(201);
    const first = await t.http().get(path).set('Accept-Encoding', 'gzip').expect(200);
    const second = await t.http().get(path).set('Accept-Encoding', 'gzip, deflate, br').expect(200);
    expect(second.text).toBe(first.text);
    expect(Buffer.byteLength(second.text)).toBeGreaterThan(1024);
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(second.headers.vary).toBe('Accept-Encoding');
    const identity = await t.http().get(path).set('Accept-Encoding', 'identity').expect(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.text).toBe(first.text);
    await t.http().get(path).set('Accept-Encoding', 'gzip').set('If-None-Match', second.headers.etag!).expect(304);
    await t.http().get(path).set('If-None-Match', second.headers.etag!).expect(304);
  });

  it('answers If-None-Match with 304 and no body; a stale tag gets the body', async () => {
    const first = await t.http().get('/_api/discounts').expect(200);
    const etag = first.headers.etag!;
    const res = await t.http().get('/_api/discounts').set('If-None-Match', etag).expect(304);
    expect(res.text ?? '').toBe('');
    expect(res.headers.etag).toBe(etag);
    await t.http().get('/_api/discounts').set('If-None-Match', `"other", W/${etag}`).expect(304);
    const stale = await t.http().get('/_api/discounts').set('If-None-Match', '"not-it"').expect(200);
    expect(stale.text).toBe(first.text);
  });

  it('keeps the public answers in their shapes: superjson for blog posts, plain JSON arrays otherwise', async () => {
    const list = (await t.http().get('/_api/blog-posts?page=1&limit=9').expect(200)).body;
    expect(Object.keys(list).sort()).toEqual(['json', 'meta']);
    const post = superjson.deserialize<{ slug: string; publishedAt: Date }>((await t.http().get('/_api/blog-posts/by-slug?slug=cached-post').expect(200)).body);
    expect(post.slug).toBe('cached-post');
    expect(post.publishedAt).toBeInstanceOf(Date);
    expect(Array.isArray((await t.http().get('/_api/discounts').expect(200)).body)).toBe(true);
  });

  it('never caches an error: a missing post stays 404 and appears as soon as it exists', async () => {
    const miss = await t.http().get('/_api/blog-posts/by-slug?slug=later-post').expect(404);
    expect(miss.body).toMatchObject({ statusCode: 404 });
    await t.http().get('/_api/blog-posts?page=0').expect(400);
    await admin.post('/_api/admin/blog-posts').send({ title: 'Later', slug: 'later-post', content: '<p>x</p>', status: 'published' }).expect(201);
    await t.http().get('/_api/blog-posts/by-slug?slug=later-post').expect(200);
  });

  it('keys the list by the validated query: equivalent query strings share one entry', async () => {
    await t.http().get('/_api/blog-posts?page=1&limit=9&q=').expect(200);
    const sql = await queriesDuring(t, () => t.http().get('/_api/blog-posts?limit=9&page=01').expect(200));
    expect(sql).toEqual([]);
  });
});

describe('invalidation', () => {
  it('a write through the API is visible on the very next GET of the same instance', async () => {
    await discountTitles(t);
    const created = (await admin.post('/_api/admin/discounts').send({ title: 'Fresh offer', companyId: company.id }).expect(201)).body;
    expect(await discountTitles(t)).toContain('Fresh offer');
    await admin.post('/_api/admin/discounts/update').send({ id: created.id, title: 'Renamed offer' }).expect(200);
    expect(await discountTitles(t)).toEqual(expect.arrayContaining(['Renamed offer']));
    await admin.post('/_api/admin/discounts/delete').send({ id: created.id }).expect(200);
    expect(await discountTitles(t)).not.toContain('Renamed offer');

    await postSlugs(t);
    await admin.post('/_api/admin/blog-posts').send({ title: 'Api post', slug: 'api-post', content: '<p>x</p>', status: 'published' }).expect(201);
    expect(await postSlugs(t)).toContain('api-post');
  });

  it('the writing instance drops what its ORM flushed without waiting for any NOTIFY (triggers switched off)', async () => {
    await t.sql('alter table discounts disable trigger user; alter table companies disable trigger user');
    try {
      await discountTitles(t);
      const created = (await admin.post('/_api/admin/discounts').send({ title: 'Flushed offer', companyId: company.id }).expect(201)).body;
      expect(await discountTitles(t)).toContain('Flushed offer');
      // A write inside an explicit transaction (the company service's) is dropped too.
      await t.http().get('/_api/companies').expect(200);
      await admin.post('/_api/admin/companies/update').send({ id: company.id, description: 'Flushed in a transaction' }).expect(200);
      expect((await t.http().get('/_api/companies').expect(200)).body.find((c: CompanyDto) => c.id === company.id).description).toBe('Flushed in a transaction');
      await admin.post('/_api/admin/discounts/delete').send({ id: created.id }).expect(200);
      expect(await discountTitles(t)).not.toContain('Flushed offer');
    } finally {
      await t.sql('alter table discounts enable trigger user; alter table companies enable trigger user');
    }
  });

  it('a company change shows in the cached discount list (its company is embedded)', async () => {
    await discountTitles(t);
    await admin.post('/_api/admin/companies/update').send({ id: company.id, name: 'Cachefirm Renamed' }).expect(200);
    const list = (await t.http().get('/_api/discounts').expect(200)).body as PublicDiscountDto[];
    expect(list.every((d) => d.company.name === 'Cachefirm Renamed')).toBe(true);
  });

  it('a write made directly in SQL becomes visible once its NOTIFY arrives', async () => {
    expect(await postSlugs(t)).not.toContain('sql-post');
    await direct.query(
      `insert into blog_posts (slug, title, content, status, category, tags, published_at, created_at, updated_at)
       values ('sql-post', 'SQL post', '<p>x</p>', 'published', 'general', '{}', now() - interval '1 minute', now(), now())`,
    );
    await eventually(async () => expect(await postSlugs(t)).toContain('sql-post'));
    await direct.query(`update companies set name = 'Renamed in SQL' where id = $1`, [company.id]);
    await eventually(async () => expect((await t.http().get('/_api/companies').expect(200)).body[0].name).toBe('Renamed in SQL'));
  });

  it('a statement that changes no row sends no change notice (a job asking "anything to do?" drops no cached page); one that does sends one', async () => {
    const listener = new pg.Client({ connectionString: t.databaseUrl });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (n) => heard.push(n.payload ?? ''));
      await listener.query('listen content_changed');
      // Notices reach the listener in commit order: the marker closes each round.
      const round = async (marker: string, statements: string[]) => {
        heard.length = 0;
        for (const sql of statements) await direct.query(sql, sql.includes('$1') ? [company.id] : []);
        await direct.query(`select pg_notify('content_changed', '${marker}')`);
        await eventually(async () => expect(heard).toContain(marker));
        return heard.filter((p) => p !== marker);
      };
      expect(await round('marker-1', [
        'update firm_events set fanned_out_at = now() where false',
        'update companies set name = name where false',
        'delete from blog_posts where false',
        'insert into firm_changes (company_id, date, change) select id, current_date, name from companies where false',
      ])).toEqual([]);
      expect(await round('marker-2', ['update companies set name = name where id = $1'])).toEqual(['companies']);
    } finally {
      await listener.end();
    }
  });

  it('a second instance on the same database sees a change made through the first', async () => {
    expect(await discountTitles(t2)).not.toContain('Seen everywhere');
    await discountTitles(t2); // cached on the second instance
    await admin.post('/_api/admin/discounts').send({ title: 'Seen everywhere', companyId: company.id }).expect(201);
    await eventually(async () => expect(await discountTitles(t2)).toContain('Seen everywhere'));
    // ...and serves it from its cache again afterwards.
    expect(await queriesDuring(t2, () => discountTitles(t2))).toEqual([]);
  });

  it('while the LISTEN connection is down nothing is served from the cache, and it reconnects by itself', async () => {
    const cache = t.app.get(PublicCacheService);
    cache.limits.reconnectMs = 1500;
    await discountTitles(t);
    await t.sql(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()`, [LISTENER_NAME]);
    await eventually(async () => expect(cache.isListening).toBe(false), 1000);
    // Not listening: every read goes to the database, so a direct write is seen at once.
    await direct.query(`update discounts set title = 'Changed while deaf' where title = 'Cached offer'`);
    expect(await discountTitles(t)).toContain('Changed while deaf');
    expect((await queriesDuring(t, () => discountTitles(t))).length).toBeGreaterThan(0);
    cache.limits.reconnectMs = 250;
    await eventually(async () => expect(cache.isListening).toBe(true), 10_000);
    await discountTitles(t);
    expect(await queriesDuring(t, () => discountTitles(t))).toEqual([]);
  });
});

describe('clicks', () => {
  it('a loop on /go/:id leaves the discounts cache warm on every instance and counts one click', async () => {
    const linked = (await admin.post('/_api/admin/discounts').send({ title: 'Clicked offer', companyId: company.id, affiliateLink: 'https://cache.example/go' }).expect(201)).body;
    // The creation's own NOTIFY is handled before the lists are warmed.
    await Promise.all([t.app.get(PublicCacheService).sync(), t2.app.get(PublicCacheService).sync()]);
    await discountTitles(t);
    await discountTitles(t2);
    const agent = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
    for (let i = 0; i < 30; i++) await t.http().get(`/go/${linked.id}`).set('User-Agent', agent).expect(302);
    await Promise.all([t.app.get(PublicCacheService).sync(), t2.app.get(PublicCacheService).sync()]);
    expect(await queriesDuring(t, () => discountTitles(t))).toEqual([]);
    expect(await queriesDuring(t2, () => discountTitles(t2))).toEqual([]);
    expect((await t.sql<{ clicks: number }>('select clicks from discounts where id = $1', [linked.id]))[0]!.clicks).toBe(1);
    // The public list does not carry clicks; the admin list does.
    const listed = ((await t.http().get('/_api/discounts').expect(200)).body as PublicDiscountDto[]).find((d) => d.id === linked.id)!;
    expect(listed).not.toHaveProperty('clicks');
    expect((await admin.get(`/_api/admin/discounts/${linked.id}`).expect(200)).body.clicks).toBe(1);
  });
});

describe('time-based visibility without any write', () => {
  it('a discount drops out of the list when its validUntil passes', async () => {
    const validUntil = new Date(Date.now() + 1500).toISOString();
    await admin.post('/_api/admin/discounts').send({ title: 'Ending soon', companyId: company.id, validUntil }).expect(201);
    expect(await discountTitles(t)).toContain('Ending soon');
    expect(await queriesDuring(t, () => discountTitles(t))).toEqual([]); // cached until then
    await sleep(Date.parse(validUntil) - Date.now() + 50);
    expect(await discountTitles(t)).not.toContain('Ending soon');
  });

  it('a scheduled post appears in the list when its publication time comes', async () => {
    const publishedAt = new Date(Date.now() + 1500).toISOString();
    await admin.post('/_api/admin/blog-posts').send({ title: 'Scheduled', slug: 'scheduled-post', content: '<p>x</p>', status: 'published', publishedAt }).expect(201);
    expect(await postSlugs(t)).not.toContain('scheduled-post');
    await t.http().get('/_api/blog-posts/by-slug?slug=scheduled-post').expect(404);
    await sleep(Date.parse(publishedAt) - Date.now() + 50);
    expect(await postSlugs(t)).toContain('scheduled-post');
    await t.http().get('/_api/blog-posts/by-slug?slug=scheduled-post').expect(200);
  });
});

describe('bounds', () => {
  it('stays within its entry cap under many distinct query strings, evicting the least recently used', async () => {
    const cache = t.app.get(PublicCacheService);
    const saved = { ...cache.limits };
    cache.limits.maxEntries = 20;
    try {
      for (let i = 0; i < 60; i++) await t.http().get(`/_api/blog-posts?q=word${i}`).expect(200);
      expect(cache.size.entries).toBeLessThanOrEqual(20);
      // The most recent query is still cached; the first one was evicted.
      expect(await queriesDuring(t, () => t.http().get('/_api/blog-posts?q=word59').expect(200))).toEqual([]);
      expect((await queriesDuring(t, () => t.http().get('/_api/blog-posts?q=word0').expect(200))).length).toBeGreaterThan(0);
    } finally {
      Object.assign(cache.limits, saved);
    }
  });

  it('stays within its byte cap', async () => {
    const cache = t.app.get(PublicCacheService);
    const saved = { ...cache.limits };
    cache.invalidate();
    // An entry counts its body and what keeping it costs besides (its objects and heads).
    const one = Buffer.byteLength((await t.http().get('/_api/blog-posts?q=bytes0').expect(200)).text) + ENTRY_OVERHEAD_BYTES;
    expect(cache.size.bytes).toBe(one);
    cache.limits.maxBytes = one * 5 + 10;
    try {
      for (let i = 1; i < 30; i++) await t.http().get(`/_api/blog-posts?q=bytes${i}`).expect(200);
      expect(cache.size.bytes).toBeLessThanOrEqual(cache.limits.maxBytes);
      expect(cache.size.entries).toBeGreaterThan(0);
    } finally {
      Object.assign(cache.limits, saved);
    }
  });
});

describe('misses take turns', () => {
  it('makes a few misses at once and queues the rest; a kept answer never waits behind them', async () => {
    const cache = t.app.get(PublicCacheService);
    const saved = { ...cache.limits };
    const kept = await t.http().get('/_api/blog-posts?q=keptturn').expect(200);
    cache.limits.makingAtOnce = 2;
    // PostgreSQL holds every read of blog_posts until the lock is let go: the misses being made wait there.
    await direct.query('begin');
    await direct.query('lock table blog_posts in access exclusive mode');
    const misses = ['a', 'b', 'c', 'd', 'e'].map((w) => t.http().get(`/_api/blog-posts?q=turn${w}`).then((r) => r.status));
    try {
      await eventually(() => expect(cache.waitingToMake).toBe(3));
      const { rows } = await direct.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%blog_posts%'`,
      );
      expect(rows[0]!.n).toBe(2);
      const hit = await t.http().get('/_api/blog-posts?q=keptturn').expect(200);
      expect(hit.text).toBe(kept.text);
    } finally {
      await direct.query('commit');
      Object.assign(cache.limits, saved);
    }
    expect(await Promise.all(misses)).toEqual([200, 200, 200, 200, 200]);
    expect(cache.waitingToMake).toBe(0);
  });
});

describe('past its time to live', () => {
  const DISCOUNTS = '/_api/discounts';
  /** What a request has become after `ms`: its answer, or 'waiting'. */
  const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, sleep(ms).then(() => 'waiting' as const)]);
  /** Runs `during` while the one request that makes the list's next answer is held by a lock on discounts. */
  async function whileMaking(during: () => Promise<void>): Promise<void> {
    const cache = t.app.get(PublicCacheService);
    await direct.query('begin');
    await direct.query('lock table discounts in access exclusive mode');
    const making = t.http().get(DISCOUNTS).expect(200).then((r) => r);
    try {
      await eventually(() => expect(cache.pending(DISCOUNTS)).toBeDefined());
      await during();
    } finally {
      await direct.query('commit');
    }
    await making;
  }

  it('a kept answer past its TTL is sent at once while one request makes the next; nobody waits for that render', async () => {
    const cache = t.app.get(PublicCacheService);
    const saved = { ...cache.limits };
    cache.limits.ttlMs = 300;
    try {
      cache.invalidate();
      const kept = await t.http().get(DISCOUNTS).expect(200);
      await sleep(400);
      await whileMaking(async () => {
        const meanwhile = await within(t.http().get(DISCOUNTS).expect(200).then((r) => r), 1000);
        expect(meanwhile === 'waiting' ? meanwhile : meanwhile.headers.etag).toBe(kept.headers.etag);
      });
    } finally {
      Object.assign(cache.limits, saved);
    }
  });

  it('never after a change, nor past its grace: then the others wait for the new answer', async () => {
    const cache = t.app.get(PublicCacheService);
    const saved = { ...cache.limits };
    cache.limits.ttlMs = 300;
    try {
      for (const [staleMs, change] of [[60_000, true], [100, false]] as const) {
        cache.limits.staleMs = staleMs;
        cache.invalidate();
        await t.http().get(DISCOUNTS).expect(200);
        await sleep(450);
        let meanwhile: Promise<unknown> | undefined;
        await whileMaking(async () => {
          if (change) cache.invalidate('discounts');
          meanwhile = t.http().get(DISCOUNTS).expect(200).then((r) => r);
          expect(await within(meanwhile, 500)).toBe('waiting');
        });
        await meanwhile;
      }
    } finally {
      Object.assign(cache.limits, saved);
    }
  });
});
