import superjson from 'superjson';
import type { NewsletterSubscriberDto } from '../../common/api-types.js';
import { NEWSLETTER_LIMITS } from '../../common/constants.js';
import { NEWSLETTER_SOURCES } from '../../common/enums.js';
import { MSG } from '../../common/messages.js';
import { NewsletterService } from '../src/newsletter/newsletter.service.js';
import { createUnsubscribeToken } from '../src/mail/unsubscribe-token.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const SUBSCRIBE = '/_api/newsletter/subscribe';
const UNSUBSCRIBE = '/_api/newsletter/unsubscribe';
const ADMIN = '/_api/admin/newsletter-subscribers';

interface Row {
  id: number;
  email: string;
  subscribed_at: Date;
  status: string;
  source: string | null;
}

/** Splits a CSV answer into its lines, without the final empty one. */
const csvLines = (text: string) => text.split('\r\n').filter((line, i, all) => line !== '' || i < all.length - 1);
const today = () => new Date().toISOString().slice(0, 10);

describe('newsletter', () => {
  let t: TestApp;
  // Trust the loopback proxy so a test can speak for several client addresses with X-Forwarded-For.
  beforeAll(async () => {
    t = await startTestApp({ trustProxy: 'loopback' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.sql('delete from rate_limits');
    await t.sql('delete from newsletter_subscribers');
  });

  const rows = (email?: string) =>
    t.sql<Row>(`select * from newsletter_subscribers ${email ? 'where email = $1' : ''} order by id`, email ? [email] : []);
  const subscribe = (body: unknown, ip?: string) => {
    const req = t.http().post(SUBSCRIBE);
    if (ip) req.set('X-Forwarded-For', ip);
    return req.send(body as object);
  };
  const service = () => t.app.get(NewsletterService);
  const tokenOf = (id: number) => new URL(service().unsubscribeUrl({ id })).searchParams.get('token')!;

  describe('POST /_api/newsletter/subscribe', () => {
    it('subscribes a new address from a plain body, stored trimmed and lower-cased', async () => {
      const res = await subscribe({ email: '  New.Trader@Example.COM ', source: 'homepage' }).expect(200);
      expect(res.body).toEqual({ message: MSG.newsletterSubscribed });
      expect(res.body.message).toBe('Thanks for subscribing! Watch your inbox for verified deals.');
      const [row] = await rows();
      expect(row).toMatchObject({ email: 'new.trader@example.com', status: 'subscribed', source: 'homepage' });
      expect(Date.now() - row.subscribed_at.getTime()).toBeLessThan(60_000);
    });

    it('accepts the superjson body the site sends (docs/spec.md §7), with and without meta', async () => {
      await subscribe(superjson.serialize({ email: 'rich@example.com', source: 'blog-sidebar' })).expect(200, { message: MSG.newsletterSubscribed });
      // superjson marks an undefined source in meta; it arrives as "no source" (shown as Direct).
      const withMeta = superjson.serialize({ email: 'meta@example.com', source: undefined });
      expect(withMeta.meta).toBeDefined();
      await subscribe(withMeta).expect(200, { message: MSG.newsletterSubscribed });
      expect((await rows()).map((r) => [r.email, r.source])).toEqual([['rich@example.com', 'blog-sidebar'], ['meta@example.com', null]]);
    });

    it('validates a superjson body exactly like a plain one', async () => {
      const res = await subscribe(superjson.serialize({ email: 'not-an-email' })).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: MSG.newsletterEmailInvalid, message: MSG.newsletterEmailInvalid });
      const extra = await subscribe(superjson.serialize({ email: 'a@example.com', name: 'Ann' })).expect(400);
      expect(extra.body.message).toBe(MSG.unknownProperties(['name']));
    });

    it('refuses a broken superjson envelope with 400, never 500', async () => {
      for (const body of [{ json: 'just text' }, { json: { email: 'a@example.com' }, meta: { values: { email: ['nonsense'] } } }, { json: { email: 'a@example.com' }, meta: { values: { '__proto__.polluted': ['undefined'] } } }]) {
        const res = await subscribe(body).expect(400);
        expect(res.body.message).toBe(MSG.invalidSuperjson);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(await rows()).toHaveLength(0);
    });

    it.each([
      ['missing', {}],
      ['empty', { email: '' }],
      ['blank', { email: '   ' }],
      ['without a domain', { email: 'trader@' }],
      ['without a dot in the domain', { email: 'trader@localhost' }],
      ['with spaces inside', { email: 'tra der@example.com' }],
      ['not text', { email: 42 }],
      ['null', { email: null }],
      ['too long', { email: `${'a'.repeat(250)}@example.com` }],
    ])('refuses an email that is %s with docs/spec.md §5 words', async (_case, body) => {
      const res = await subscribe(body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Please enter a valid email address.', errors: { email: MSG.newsletterEmailInvalid } });
    });

    it('accepts every source label of docs/spec.md §3, blog-post-{slug}, and no source at all', async () => {
      const sources = [...NEWSLETTER_SOURCES, 'blog-post-ftmo-vs-fundednext', undefined, null, ''];
      for (const [i, source] of sources.entries()) {
        await subscribe({ email: `s${i}@example.com`, source }, `10.0.1.${i}`).expect(200);
      }
      expect((await rows()).map((r) => r.source)).toEqual([...NEWSLETTER_SOURCES, 'blog-post-ftmo-vs-fundednext', null, null, null]);
    });

    it.each(['twitter', 'Homepage', 'blog-post-', 'blog-post-Not A Slug', 'blog-post-x--y', 42, true])(
      'refuses the unknown source %p with a clear message',
      async (source) => {
        const res = await subscribe({ email: 'a@example.com', source }).expect(400);
        expect(res.body).toMatchObject({ message: MSG.newsletterSourceInvalid, errors: { source: MSG.newsletterSourceInvalid } });
        expect(res.body.message).toMatch(/^Source must be one of blog_sidebar_vtf, .* or blog-post-\{slug\}\.$/);
        expect(await rows()).toHaveLength(0);
      },
    );

    it('names an unknown property', async () => {
      const res = await subscribe({ email: 'a@example.com', name: 'Ann' }).expect(400);
      expect(res.body.message).toBe('Unknown property: name');
    });

    it('answers an address already subscribed kindly, with 200, and keeps one untouched row', async () => {
      await subscribe({ email: 'twice@example.com', source: 'homepage' }).expect(200);
      const [before] = await rows();
      const res = await subscribe({ email: ' TWICE@example.com', source: 'discounts-page' }).expect(200);
      expect(res.body).toEqual({ message: "You're already subscribed. Thanks for being with us!" });
      const after = await rows();
      expect(after).toEqual([before]);
    });

    it('subscribes an unsubscribed address again: welcome back, a fresh subscribedAt, the new source, its old confirmation cleared', async () => {
      await subscribe({ email: 'back@example.com', source: 'homepage' }).expect(200);
      await t.sql("update newsletter_subscribers set status = 'unsubscribed', subscribed_at = now() - interval '30 days', confirmed_at = now() - interval '30 days'");
      const [old] = await rows();
      const res = await subscribe({ email: 'back@example.com', source: 'about-page-cta' }).expect(200);
      expect(res.body).toEqual({ message: MSG.newsletterResubscribed });
      expect(res.body.message).toMatch(/^Welcome back!/);
      const [row] = await rows();
      expect(row).toMatchObject({ id: old.id, status: 'subscribed', source: 'about-page-cta' });
      expect(row.subscribed_at.getTime()).toBeGreaterThan(old.subscribed_at.getTime() + 29 * 86_400_000);
      // Consent given before does not carry over (issue #35): a new double opt-in starts.
      expect((await t.sql<{ confirmed_at: Date | null }>('select confirmed_at from newsletter_subscribers'))[0]!.confirmed_at).toBeNull();
      // Coming back without a source keeps the one on record.
      await t.sql("update newsletter_subscribers set status = 'unsubscribed'");
      await subscribe({ email: 'back@example.com' }).expect(200, { message: MSG.newsletterResubscribed });
      expect((await rows())[0].source).toBe('about-page-cta');
    });

    it('30 concurrent signups of one address: all answer 200, exactly one row, exactly one "new"', async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => subscribe({ email: 'flood@example.com', source: 'homepage' }, `10.0.2.${i}`)),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(30).fill(200));
      const messages = answers.map((r) => r.body.message);
      expect(messages.filter((m) => m === MSG.newsletterSubscribed)).toHaveLength(1);
      expect(messages.filter((m) => m === MSG.newsletterAlreadySubscribed)).toHaveLength(29);
      expect(await rows()).toHaveLength(1);
    });

    it('30 concurrent returns of an unsubscribed address: one welcome back, the rest already subscribed', async () => {
      await subscribe({ email: 'flood@example.com' }).expect(200);
      await t.sql("update newsletter_subscribers set status = 'unsubscribed'");
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => subscribe({ email: 'FLOOD@example.com' }, `10.0.3.${i}`)),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(30).fill(200));
      const messages = answers.map((r) => r.body.message);
      expect(messages.filter((m) => m === MSG.newsletterResubscribed)).toHaveLength(1);
      expect(messages.filter((m) => m === MSG.newsletterAlreadySubscribed)).toHaveLength(29);
      expect(await rows()).toMatchObject([{ email: 'flood@example.com', status: 'subscribed' }]);
    });

    it(`allows ${NEWSLETTER_LIMITS.perIp} calls per address per 10 minutes, then 429 with a message and Retry-After`, async () => {
      for (let i = 0; i < NEWSLETTER_LIMITS.perIp; i++) {
        // Failed attempts count too: a bot cannot probe without limit.
        await subscribe(i % 2 ? { email: `r${i}@example.com` } : { email: 'bad' }, '10.0.4.1').expect(i % 2 ? 200 : 400);
      }
      const res = await subscribe({ email: 'late@example.com' }, '10.0.4.1').expect(429);
      expect(res.body).toMatchObject({ statusCode: 429, message: MSG.tooManySubscribeAttempts(10) });
      expect(res.body.error).toBe('Too many signup attempts. Please try again in 10 minutes.');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(590);
      expect(await rows('late@example.com')).toHaveLength(0);
      // Another address is not affected.
      await subscribe({ email: 'late@example.com' }, '10.0.4.2').expect(200);
    });

    it('keeps the global rules for writes: JSON only, same origin only', async () => {
      const form = await t.http().post(SUBSCRIBE).type('form').send('email=a%40example.com').expect(415);
      expect(form.body.message).toBe(MSG.jsonRequired);
      const cross = await t.http().post(SUBSCRIBE).set('Origin', 'https://evil.example').send({ email: 'a@example.com' }).expect(403);
      expect(cross.body.message).toBe(MSG.crossOrigin);
      expect(await rows()).toHaveLength(0);
    });
  });

  describe('unsubscribing without an account', () => {
    it('makes a link on the public site that carries a signed token', async () => {
      await subscribe({ email: 'leaver@example.com' }).expect(200);
      const [row] = await rows();
      const url = service().unsubscribeUrl({ id: row.id });
      expect(url.startsWith(`${t.config.publicSiteUrl}/newsletter/unsubscribe?token=`)).toBe(true);
      const token = new URL(url).searchParams.get('token')!;
      expect(Buffer.from(token.split('.')[0], 'base64url').toString()).toBe(String(row.id));
    });

    it('unsubscribes with a valid token, idempotently', async () => {
      await subscribe({ email: 'leaver@example.com' }).expect(200);
      await subscribe({ email: 'stayer@example.com' }).expect(200);
      const [leaver] = await rows('leaver@example.com');
      for (let i = 0; i < 2; i++) {
        const res = await t.http().post(UNSUBSCRIBE).send({ token: tokenOf(leaver.id) }).expect(200);
        expect(res.body).toEqual({ message: MSG.newsletterUnsubscribed });
      }
      expect((await rows()).map((r) => [r.email, r.status])).toEqual([['leaver@example.com', 'unsubscribed'], ['stayer@example.com', 'subscribed']]);
      // They can come back through the form.
      await subscribe({ email: 'leaver@example.com' }).expect(200, { message: MSG.newsletterResubscribed });
    });

    it('still honours links sent before the unsubscribe key was derived (signed with the session secret), but signs with the new key', async () => {
      await subscribe({ email: 'old-link@example.com' }).expect(200);
      const [row] = await rows();
      const legacy = createUnsubscribeToken(row.id, t.config.sessionSecret);
      expect(legacy).not.toBe(tokenOf(row.id));
      await t.http().post(UNSUBSCRIBE).send({ token: legacy }).expect(200, { message: MSG.newsletterUnsubscribed });
      expect((await rows()).map((r) => r.status)).toEqual(['unsubscribed']);
    });

    it('refuses a tampered, foreign or missing token with 400 and changes nothing', async () => {
      await subscribe({ email: 'a@example.com' }).expect(200);
      await subscribe({ email: 'b@example.com' }).expect(200);
      const [a, b] = await rows();
      const [, sigA] = tokenOf(a.id).split('.');
      const [idB] = tokenOf(b.id).split('.');
      const flipped = tokenOf(a.id).slice(0, -3) + (tokenOf(a.id).at(-3) === 'x' ? 'y' : 'x') + tokenOf(a.id).slice(-2);
      for (const token of [`${idB}.${sigA}`, flipped, `${Buffer.from(String(a.id)).toString('base64url')}.`, 'garbage', '', 42]) {
        const res = await t.http().post(UNSUBSCRIBE).send({ token }).expect(400);
        expect(res.body).toMatchObject({ statusCode: 400, message: MSG.newsletterTokenInvalid });
      }
      await t.http().post(UNSUBSCRIBE).send({}).expect(400);
      expect((await rows()).map((r) => r.status)).toEqual(['subscribed', 'subscribed']);
    });
  });

  describe('admin: /_api/admin/newsletter-subscribers', () => {
    /** Six subscribers with known dates (newest: f), statuses and sources. */
    async function seedSix() {
      await t.sql(`insert into newsletter_subscribers (email, subscribed_at, status, source) values
        ('alice@example.com', now() - interval '40 days', 'subscribed', 'homepage'),
        ('bob@example.org', now() - interval '20 days', 'unsubscribed', null),
        ('carol_x@mail.test', now() - interval '10 days', 'subscribed', 'blog-sidebar'),
        ('dave%pct@example.com', now() - interval '6 days', 'subscribed', 'blog-post-my-post'),
        ('erin@example.org', now() - interval '2 days', 'unsubscribed', 'discounts-page'),
        ('frank@example.com', now() - interval '1 hour', 'subscribed', null)`);
      return rows();
    }

    it('has the indexes that keep a page fast at 100,000 rows (trigram search where pg_trgm exists)', async () => {
      const names = (await t.sql<{ indexname: string }>("select indexname from pg_indexes where tablename = 'newsletter_subscribers'")).map((r) => r.indexname);
      expect(names).toEqual(expect.arrayContaining([
        'newsletter_subscribers_email_unique',
        'newsletter_subscribers_subscribed_at_id_index',
        'newsletter_subscribers_status_subscribed_at_id_index',
        'newsletter_subscribers_email_trgm_index',
      ]));
    });

    it('refuses a visitor without an admin session', async () => {
      await t.http().get(ADMIN).expect(401);
      await t.http().get(`${ADMIN}/stats`).expect(401);
      await t.http().get(`${ADMIN}/export.csv`).expect(401);
    });

    it('bulk (issue #18): one request unsubscribes every subscriber of a filter, and only them; bad input is a 400 that changes nothing', async () => {
      await seedSix();
      // 1,500 more: "@bulk.example" addresses, every third already unsubscribed.
      await t.sql(`insert into newsletter_subscribers (email, status, subscribed_at)
        select 'n' || g || '@bulk.example', case when g % 3 = 0 then 'unsubscribed' else 'subscribed' end, now() - make_interval(days => g % 30)
        from generate_series(1, 1500) g`);
      const snapshot = async () => (await t.sql<{ email: string; status: string; subscribed_at: Date }>(
        'select email, status, subscribed_at from newsletter_subscribers order by email')).map((r) => `${r.email}|${r.status}|${r.subscribed_at.toISOString()}`);
      const before = await snapshot();
      const agent = await t.signedIn();
      const filter = { q: '@bulk.example', status: 'subscribed' };
      const res = await agent.post(`${ADMIN}/bulk`).send({ action: 'unsubscribe', filter }).expect(200);
      expect(res.body).toEqual({ action: 'unsubscribe', count: 1000 });
      const after = await snapshot();
      // Exactly the filter's rows changed, and only their status (the signup date stays).
      const changed = before.filter((row, i) => row !== after[i]);
      expect(changed).toHaveLength(1000);
      for (const row of changed) {
        expect(row).toMatch(/@bulk\.example\|subscribed\|/);
        expect(after).toContain(row.replace('|subscribed|', '|unsubscribed|'));
      }
      const [entry] = await t.sql<{ action: string; changes: object }>(`select action, changes from audit_log where resource = 'newsletter-subscribers' order by id desc limit 1`);
      expect(entry).toEqual({ action: 'bulk', changes: { action: [null, 'unsubscribe'], filter: [null, filter], count: [null, 1000] } });

      for (const body of [{ action: 'purge', filter: {} }, { action: 'delete' }, { action: 'delete', filter: { colour: 'red' } },
        { action: 'delete', filter: { status: 'gone' } }, { action: 'delete', ids: [0] }, { action: 'delete', filter: { confirmed: 'maybe' } }]) {
        expect([body, (await agent.post(`${ADMIN}/bulk`).send(body)).status]).toEqual([body, 400]);
      }
      await t.http().post(`${ADMIN}/bulk`).send({ action: 'delete', filter: {} }).expect(401);
      expect(await snapshot()).toEqual(after);

      const ids = (await rows()).filter((r) => r.email.endsWith('@example.com')).map((r) => r.id);
      expect((await agent.post(`${ADMIN}/bulk`).send({ action: 'delete', ids }).expect(200)).body.count).toBe(ids.length);
      expect((await rows()).filter((r) => r.email.endsWith('@example.com'))).toEqual([]);
      expect(await rows()).toHaveLength(1506 - ids.length);
    });

    it('SPEC face: the whole list, newest first, in docs/spec.md §3 shape', async () => {
      const seeded = await seedSix();
      const agent = await t.signedIn();
      const res = await agent.get(ADMIN).expect(200);
      const list = res.body as NewsletterSubscriberDto[];
      expect(list.map((s) => s.email)).toEqual(['frank@example.com', 'erin@example.org', 'dave%pct@example.com', 'carol_x@mail.test', 'bob@example.org', 'alice@example.com']);
      const bob = seeded.find((r) => r.email === 'bob@example.org')!;
      expect(list[4]).toEqual({ id: bob.id, email: 'bob@example.org', subscribedAt: bob.subscribed_at.toISOString(), status: 'unsubscribed', source: null, confirmedAt: null, bouncedAt: null });
      expect(res.headers['content-range']).toBe('newsletter-subscribers 0-5/6');
    });

    it('REST face: sort, range and Content-Range', async () => {
      await seedSix();
      const agent = await t.signedIn();
      const page = async (query: Record<string, unknown>) => {
        const res = await agent.get(ADMIN).query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]))).expect(200);
        return { emails: (res.body as NewsletterSubscriberDto[]).map((s) => s.email), range: res.headers['content-range'], expose: res.headers['access-control-expose-headers'] };
      };
      expect(await page({ sort: ['subscribedAt', 'DESC'], range: [0, 1] })).toEqual({ emails: ['frank@example.com', 'erin@example.org'], range: 'newsletter-subscribers 0-1/6', expose: 'Content-Range' });
      expect((await page({ sort: ['subscribedAt', 'DESC'], range: [2, 3] })).emails).toEqual(['dave%pct@example.com', 'carol_x@mail.test']);
      expect((await page({ sort: ['subscribedAt', 'ASC'], range: [0, 0] })).emails).toEqual(['alice@example.com']);
      expect((await page({ sort: ['email', 'ASC'], range: [0, 2] })).emails).toEqual(['alice@example.com', 'bob@example.org', 'carol_x@mail.test']);
      expect((await page({ sort: ['email', 'DESC'], range: [0, 0] })).emails).toEqual(['frank@example.com']);
      expect((await page({ sort: ['status', 'DESC'], range: [0, 5] })).emails).toEqual(['erin@example.org', 'bob@example.org', 'frank@example.com', 'dave%pct@example.com', 'carol_x@mail.test', 'alice@example.com']);
      expect((await page({ sort: ['status', 'ASC'], range: [0, 1] })).emails).toEqual(['alice@example.com', 'carol_x@mail.test']);
      expect(await page({ range: [4, 9] })).toMatchObject({ emails: ['bob@example.org', 'alice@example.com'], range: 'newsletter-subscribers 4-5/6' });
      expect(await page({ range: [10, 19] })).toMatchObject({ emails: [], range: 'newsletter-subscribers 10-10/6' });
    });

    it('REST face: deep pages (read from the far end) answer exactly the rows of the whole list at that position', async () => {
      // Timestamps repeat every 7 rows, so the order depends on the id tie-break, in both directions.
      await t.sql(`insert into newsletter_subscribers (email, subscribed_at, status)
        select 'deep' || lpad(g::text, 4, '0') || '@example.com', now() - (g % 7) * interval '1 day',
               case when g % 3 = 0 then 'unsubscribed' else 'subscribed' end
        from generate_series(1, 2500) g`);
      const agent = await t.signedIn();
      const emails = async (query: Record<string, unknown>) => {
        const res = await agent.get(ADMIN).query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]))).expect(200);
        return { emails: (res.body as NewsletterSubscriberDto[]).map((s) => s.email), range: res.headers['content-range'] };
      };
      for (const [sort, filter] of [[undefined, {}], [['subscribedAt', 'ASC'], {}], [['email', 'DESC'], {}], [['status', 'ASC'], { status: 'subscribed' }]] as const) {
        const whole = (await emails({ ...(sort && { sort }), filter })).emails;
        const total = whole.length;
        for (const [start, end] of [[1000, 1019], [total - 20, total - 1], [total - 5, total + 14], [1200, 1299]]) {
          const page = await emails({ ...(sort && { sort }), filter, range: [start, end] });
          expect(page.emails).toEqual(whole.slice(start, end + 1));
          expect(page.range).toBe(`newsletter-subscribers ${start}-${Math.min(end, total - 1)}/${total}`);
        }
      }
    });

    it('REST face: filters q (escaped), status and id', async () => {
      const seeded = await seedSix();
      const agent = await t.signedIn();
      const emails = async (filter: unknown, extra: Record<string, string> = {}) => {
        const res = await agent.get(ADMIN).query({ filter: JSON.stringify(filter), range: '[0,19]', ...extra }).expect(200);
        return [(res.body as NewsletterSubscriberDto[]).map((s) => s.email), res.headers['content-range']];
      };
      expect(await emails({ q: 'EXAMPLE.org' })).toEqual([['erin@example.org', 'bob@example.org'], 'newsletter-subscribers 0-1/2']);
      // % and _ are literal characters, not wildcards.
      expect((await emails({ q: '%' }))[0]).toEqual(['dave%pct@example.com']);
      expect((await emails({ q: '_x' }))[0]).toEqual(['carol_x@mail.test']);
      expect((await emails({ q: '  ' }))[0]).toHaveLength(6);
      expect(await emails({ status: 'unsubscribed' })).toEqual([['erin@example.org', 'bob@example.org'], 'newsletter-subscribers 0-1/2']);
      expect((await emails({ status: 'subscribed', q: 'example.com' }))[0]).toEqual(['frank@example.com', 'dave%pct@example.com', 'alice@example.com']);
      const ids = seeded.filter((r) => ['alice@example.com', 'frank@example.com'].includes(r.email)).map((r) => r.id);
      expect((await emails({ id: ids }))[0]).toEqual(['frank@example.com', 'alice@example.com']);
      expect((await emails({ id: [] }))[0]).toEqual([]);
    });

    it('REST face: bad parameters answer 400 with a message', async () => {
      const agent = await t.signedIn();
      for (const [query, message] of [
        [{ sort: '["source","ASC"]' }, MSG.invalidListParam('sort')],
        [{ sort: '["email","UP"]' }, MSG.invalidListParam('sort')],
        [{ range: '[5,2]' }, MSG.invalidListParam('range')],
        [{ filter: '{not json' }, MSG.invalidListParam('filter')],
        [{ filter: '{"status":"pending"}' }, MSG.subscriberStatusInvalid],
        [{ filter: '{"id":["x"]}' }, MSG.invalidListParam('filter')],
        [{ filter: '{"source":"footer"}' }, MSG.invalidListParam('filter')],
      ] as const) {
        const res = await agent.get(ADMIN).query(query).expect(400);
        expect(res.body.message).toBe(message);
      }
      // An unknown filter is named, not silently ignored (the list would look filtered when it is not).
      const unknown = await agent.get(ADMIN).query({ filter: '{"source":"footer","email":"a"}' }).expect(400);
      expect(unknown.body.errors).toEqual({ filter: MSG.unknownProperties(['source', 'email']) });
      await agent.get(`${ADMIN}/export.csv`).query({ filter: '{"source":"footer"}' }).expect(400);
    });

    it('stats: total, new in the last 7 days, active and unsubscribed', async () => {
      const agent = await t.signedIn();
      expect((await agent.get(`${ADMIN}/stats`).expect(200)).body).toEqual({ total: 0, newLast7Days: 0, active: 0, unsubscribed: 0, confirmed: 0 });
      await seedSix();
      const res = await agent.get(`${ADMIN}/stats`).expect(200);
      // Rows inserted directly (no confirmation link opened) are unconfirmed: none counts as confirmed.
      expect(res.body).toEqual({ total: 6, newLast7Days: 3, active: 4, unsubscribed: 2, confirmed: 0 });
    });

    describe('export.csv', () => {
      it('streams every row with the exact header, ISO dates, quoting and unknown for a missing source', async () => {
        const seeded = await seedSix();
        const agent = await t.signedIn();
        const res = await agent.get(`${ADMIN}/export.csv`).buffer(true).parse((r, cb) => {
          let text = '';
          r.setEncoding('utf8');
          r.on('data', (c: string) => (text += c));
          r.on('end', () => cb(null, text));
        }).expect(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(res.headers['content-disposition']).toBe(`attachment; filename="newsletter_subscribers_${today()}.csv"`);
        const lines = csvLines(res.body as string);
        expect(lines[0]).toBe('email,subscribed_at,status,source');
        expect(lines).toHaveLength(7);
        const bob = seeded.find((r) => r.email === 'bob@example.org')!;
        expect(lines).toContain(`"bob@example.org","${bob.subscribed_at.toISOString()}","unsubscribed","unknown"`);
        expect(lines[1]).toMatch(/^"frank@example\.com","\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z","subscribed","unknown"$/);
        expect(lines[6]).toMatch(/^"alice@example\.com","[^"]+","subscribed","homepage"$/);
      });

      const download = async (query: Record<string, string> = {}) => {
        const agent = await t.signedIn();
        const res = await agent.get(`${ADMIN}/export.csv`).query(query).buffer(true).parse((r, cb) => {
          let text = '';
          r.setEncoding('utf8');
          r.on('data', (c: string) => (text += c));
          r.on('end', () => cb(null, text));
        }).expect(200);
        return csvLines(res.body as string);
      };

      it('neutralises spreadsheet formulas: = + - @ tab and CR gain a leading quote', async () => {
        await subscribe({ email: '+1@example.com', source: 'homepage' }).expect(200);
        await subscribe({ email: '-2@example.com' }).expect(200);
        await t.sql(`insert into newsletter_subscribers (email, subscribed_at, source) values
          ('=cmd()', now() - interval '1 day', '@x'),
          ('@x', now() - interval '2 days', '=HYPERLINK("http://evil.example","click")'),
          ('tab@example.com', now() - interval '3 days', E'\\tsum'),
          ('cr@example.com', now() - interval '4 days', E'\\rsum'),
          ('safe@example.com', now() - interval '5 days', 'a=b')`);
        const lines = await download();
        const byEmail = (prefix: string) => lines.find((l) => l.startsWith(`"${prefix}`))!;
        expect(byEmail("'+1@")).toMatch(/^"'\+1@example\.com",".+","subscribed","homepage"$/);
        expect(byEmail("'-2@")).toMatch(/^"'-2@example\.com",".+","subscribed","unknown"$/);
        expect(byEmail("'=cmd")).toMatch(/^"'=cmd\(\)",".+","subscribed","'@x"$/);
        expect(byEmail("'@x")).toMatch(/^"'@x",".+","subscribed","'=HYPERLINK\(""http:\/\/evil\.example"",""click""\)"$/);
        expect(byEmail('tab@')).toMatch(/"'\tsum"$/);
        expect(lines.join('\r\n')).toContain('"\'\rsum"');
        expect(byEmail('safe@')).toMatch(/"a=b"$/);
        // Every data field is quoted.
        for (const line of lines.slice(1).filter((l) => l.startsWith('"'))) expect(line).toMatch(/^"[^]*"$/);
      });

      it('applies the q and status filters, as filter JSON or as plain parameters', async () => {
        await seedSix();
        const emails = (lines: string[]) => lines.slice(1).map((l) => l.split('","')[0].slice(1));
        expect(emails(await download({ filter: JSON.stringify({ status: 'unsubscribed' }) }))).toEqual(['erin@example.org', 'bob@example.org']);
        expect(emails(await download({ status: 'subscribed', q: 'EXAMPLE.COM' }))).toEqual(['frank@example.com', 'dave%pct@example.com', 'alice@example.com']);
        expect(emails(await download({ q: '%' }))).toEqual(['dave%pct@example.com']);
        expect(await download({ q: 'nobody' })).toEqual(['email,subscribed_at,status,source']);
      });

      it('reads in batches: 2,500 rows, many sharing one timestamp, each exactly once in newest-first order', async () => {
        await t.sql(`insert into newsletter_subscribers (email, subscribed_at, status, source)
          select 'bulk' || g || '@example.com', timestamptz '2025-01-01T00:00:00.123456Z' + (g / 700) * interval '1 microsecond',
                 case when g % 4 = 0 then 'unsubscribed' else 'subscribed' end, null
          from generate_series(1, 2500) g`);
        const lines = await download();
        expect(lines).toHaveLength(2501);
        const expected = await t.sql<{ email: string }>('select email from newsletter_subscribers order by subscribed_at desc, id desc');
        expect(lines.slice(1).map((l) => l.split('","')[0].slice(1))).toEqual(expected.map((r) => r.email));
        expect(await download({ status: 'unsubscribed' })).toHaveLength(626);
      });

      it('refuses a bad status filter with 400 before any CSV is sent', async () => {
        const agent = await t.signedIn();
        const res = await agent.get(`${ADMIN}/export.csv`).query({ status: 'pending' }).expect(400);
        expect(res.body.message).toBe(MSG.subscriberStatusInvalid);
      });
    });

    it('GET /:id, and 404 for an unknown id, 400 for a non-numeric one', async () => {
      const [first] = await seedSix();
      const agent = await t.signedIn();
      expect((await agent.get(`${ADMIN}/${first.id}`).expect(200)).body).toEqual({
        id: first.id, email: 'alice@example.com', subscribedAt: first.subscribed_at.toISOString(), status: 'subscribed', source: 'homepage',
        confirmedAt: null, bouncedAt: null,
      });
      expect((await agent.get(`${ADMIN}/999999`).expect(404)).body.message).toBe('Subscriber not found');
      expect((await agent.get(`${ADMIN}/abc`).expect(400)).body.message).toBe(MSG.idInteger);
    });

    it('PUT /:id changes the status from the whole record react-admin sends, ignoring read-only fields', async () => {
      const [alice] = await seedSix();
      const agent = await t.signedIn();
      const record = (await agent.get(`${ADMIN}/${alice.id}`)).body as NewsletterSubscriberDto;
      const refused = await agent.put(`${ADMIN}/${alice.id}`).send({ ...record, status: 'unsubscribed', email: 'changed@example.com', subscribedAt: '2000-01-01T00:00:00.000Z' }).expect(400);
      expect(refused.body.message).toBe(MSG.readOnlyChanged(['email', 'subscribedAt']));
      const res = await agent.put(`${ADMIN}/${alice.id}`).send({ ...record, status: 'unsubscribed' }).expect(200);
      expect(res.body).toEqual({ ...record, status: 'unsubscribed' });
      expect((await rows('alice@example.com'))[0]).toMatchObject({ status: 'unsubscribed', subscribed_at: alice.subscribed_at });
      const bad = await agent.put(`${ADMIN}/${alice.id}`).send({ ...record, status: 'gone' }).expect(400);
      expect(bad.body.message).toBe(MSG.subscriberStatusInvalid);
      await agent.put(`${ADMIN}/999999`).send({ status: 'subscribed' }).expect(404);
      const unknown = await agent.put(`${ADMIN}/${alice.id}`).send({ status: 'subscribed', note: 'x' }).expect(400);
      expect(unknown.body.message).toBe('Unknown property: note');
    });

    it('POST /update ({id, status}) as SPEC calls go', async () => {
      const [alice] = await seedSix();
      const agent = await t.signedIn();
      const res = await agent.post(`${ADMIN}/update`).send({ id: alice.id, status: 'unsubscribed' }).expect(200);
      expect(res.body).toMatchObject({ id: alice.id, status: 'unsubscribed' });
      await agent.post(`${ADMIN}/update`).send({ id: alice.id, status: 'subscribed' }).expect(200);
      expect((await rows('alice@example.com'))[0].status).toBe('subscribed');
      expect((await agent.post(`${ADMIN}/update`).send({ id: alice.id }).expect(400)).body.message).toBe(MSG.subscriberStatusInvalid);
      expect((await agent.post(`${ADMIN}/update`).send({ status: 'subscribed' }).expect(400)).body.errors).toHaveProperty('id');
      await agent.post(`${ADMIN}/update`).send({ id: 999999, status: 'subscribed' }).expect(404);
    });

    it('DELETE /:id and POST /delete remove a subscriber', async () => {
      const [alice, bob] = await seedSix();
      const agent = await t.signedIn();
      expect((await agent.delete(`${ADMIN}/${alice.id}`).expect(200)).body).toMatchObject({ id: alice.id, email: 'alice@example.com' });
      expect((await agent.post(`${ADMIN}/delete`).send({ id: bob.id }).expect(200)).body).toMatchObject({ id: bob.id, email: 'bob@example.org' });
      expect((await rows()).map((r) => r.email)).not.toEqual(expect.arrayContaining(['alice@example.com', 'bob@example.org']));
      expect(await rows()).toHaveLength(4);
      await agent.delete(`${ADMIN}/${alice.id}`).expect(404);
      await agent.post(`${ADMIN}/delete`).send({ id: bob.id }).expect(404);
      // A deleted address can sign up again as new.
      await subscribe({ email: 'alice@example.com' }).expect(200, { message: MSG.newsletterSubscribed });
    });
  });
});
