/**
 * Issue 22, "Site": the edges a visitor reaches without JavaScript or with an odd URL, tried over HTTP
 * against the whole app (real PostgreSQL, the built server renderer): the sign-in form as a plain
 * HTML post, list URLs whose page is not a page, empty searches, tags and pages past the end, an
 * oversized address, and search pages kept out of the index.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BLOG_TEXT, MSG, PAGE_TEXT } from '../../common/messages.js';
import { ADMIN, startTestApp, type TestApp } from './support/test-app.js';

const DAY = 86_400_000;

/** The text of #root without tags, as a reader of the HTML sees it. */
function visibleText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="ssr-state">'));
  return root.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/\s+/g, ' ');
}

const robotsOf = (html: string) => /<meta name="robots" content="([^"]*)"/.exec(html)?.[1];

/** Over a real socket (supertest cannot send an address Node refuses). */
async function raw(t: TestApp, path: string, headers: Record<string, string>): Promise<{ status: number; type: string; body: string }> {
  const server = t.app.getHttpServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      const req = httpRequest({ port, host: '127.0.0.1', path, headers }, (r) => {
        let body = '';
        r.on('data', (d) => (body += d));
        r.on('end', () => resolve({ status: r.statusCode!, type: String(r.headers['content-type']), body }));
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    await new Promise((r) => server.close(r));
  }
}

describe('the site at its edges (issue 22)', () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await startTestApp();
    origin = new URL(t.config.publicSiteUrl).origin;
    for (let i = 1; i <= 11; i++) {
      await t.sql(
        `insert into blog_posts (slug, title, content, status, category, tags, published_at, created_at) values ($1, $2, '<p>Body.</p>', 'published', $3, $4, $5, now())`,
        [`post-${i}`, `Payout guide number ${i}`, i % 2 ? 'guide' : 'news', ['payouts'], new Date(Date.now() - i * DAY)],
      );
    }
  }, 300_000);
  afterAll(() => t?.close());

  describe('a page parameter that is not a page answers the not-found page, without a list', () => {
    const odd = ['abc', '0', '-1', '2.5', '1e3', ''];
    it.each(['/blog', '/blog/news', '/blog/guides', '/blog/reviews'].flatMap((path) => odd.filter(Boolean).map((p) => `${path}?page=${p}`)))('%s', async (url) => {
      const res = await t.http().get(url).expect(404);
      const text = visibleText(res.text);
      expect(text).toContain(PAGE_TEXT.notFound.heading);
      expect(text).toContain('Return to Homepage');
      expect(res.text).not.toMatch(/class="post-card/);
      expect(text).not.toContain('Payout guide number');
      expect(robotsOf(res.text)).toBe('noindex');
    });

    it('page=1 and no page are the list itself', async () => {
      for (const url of ['/blog', '/blog?page=1', '/blog/guides?page=1']) {
        const res = await t.http().get(url).expect(200);
        expect(visibleText(res.text)).toContain('Payout guide number');
      }
    });
  });

  it('a page past the end says so, with the number of pages and a link to all posts (404)', async () => {
    const res = await t.http().get('/blog?page=7').expect(404);
    const text = visibleText(res.text);
    expect(text).toContain(BLOG_TEXT.pastTheEnd(7, 2));
    expect(text).not.toContain(BLOG_TEXT.emptyText);
    expect(res.text).toMatch(/<a[^>]*href="\/blog"[^>]*>See all posts<\/a>/);
    const category = visibleText((await t.http().get('/blog/news?page=3').expect(404)).text);
    expect(category).toContain(BLOG_TEXT.pastTheEnd(3, 1));
  });

  it('a search that finds nothing says what was searched, links to all posts, and is not indexed', async () => {
    const res = await t.http().get('/blog?q=zzzqqq').expect(200);
    const text = visibleText(res.text);
    expect(text).toContain(BLOG_TEXT.noSearchResults('zzzqqq'));
    expect(text).not.toContain(BLOG_TEXT.emptyText);
    expect(res.text).toMatch(/<a[^>]*href="\/blog"[^>]*>See all posts<\/a>/);
    expect(robotsOf(res.text)).toBe('noindex, follow');
    expect(res.headers['x-robots-tag']).toBe('noindex, follow');
    // A search that finds posts is not indexed either; the plain list is.
    const found = await t.http().get('/blog?q=payout').expect(200);
    expect(visibleText(found.text)).toContain('Payout guide number');
    expect(robotsOf(found.text)).toBe('noindex, follow');
    expect(robotsOf((await t.http().get('/blog').expect(200)).text)).toBe('index, follow');
  });

  it('an unknown tag says which tag, with a link to all posts', async () => {
    const res = await t.http().get('/blog?tag=no-such-tag').expect(200);
    expect(visibleText(res.text)).toContain(BLOG_TEXT.noTaggedPosts('no-such-tag'));
    expect(res.text).toMatch(/<a[^>]*href="\/blog"[^>]*>See all posts<\/a>/);
  });

  describe('a 20,000-character query (431 stays the status)', () => {
    const long = `q=${'a'.repeat(20_000)}`;
    it('a browser asking for a page gets an HTML page with the message', async () => {
      const res = await raw(t, `/blog?${long}`, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
      expect(res.status).toBe(431);
      expect(res.type).toBe('text/html; charset=utf-8');
      expect(res.body).toContain(`<p>${MSG.headersTooLarge}</p>`);
      expect(res.body).toContain('<a href="/">Return to Homepage</a>');
    });

    it('the API, or a client that does not ask for HTML, gets the one JSON error shape', async () => {
      const body = { statusCode: 431, error: MSG.headersTooLarge, message: MSG.headersTooLarge };
      for (const [path, accept] of [[`/_api/blog-posts?${long}`, 'text/html,*/*'], [`/blog?${long}`, 'application/json'], [`/blog?${long}`, '*/*']]) {
        const res = await raw(t, path, { accept });
        expect({ path: path.slice(0, 20), accept, status: res.status, type: res.type }).toEqual({ path: path.slice(0, 20), accept, status: 431, type: 'application/json; charset=utf-8' });
        expect(JSON.parse(res.body)).toEqual(body);
      }
    });
  });

  describe('signing in with the plain HTML form (no JavaScript): POST /login', () => {
    const form = (agent: ReturnType<TestApp['http']>, path: string, fields: Record<string, string>, headers: Record<string, string> = { Origin: origin }) =>
      agent.post(path).set(headers).type('form').send(fields);

    it('success: 303 to where the visitor came from, signed in', async () => {
      const agent = t.http();
      const res = await form(agent, '/login?next=%2Fadmin%2Fdiscounts', { email: ADMIN.email, password: ADMIN.password }).expect(303);
      expect(res.headers.location).toBe('/admin/discounts');
      const cookie = res.headers['set-cookie'] as unknown as string[];
      const session = await t.http().get('/_api/auth/session').set('Cookie', cookie.map((c) => c.split(';')[0]).join('; ')).expect(200);
      expect(session.body.user.email).toBe(ADMIN.email);
      // Without ?next= it goes to / (SPEC §2); a next that leaves the site goes to / too.
      expect((await form(t.http(), '/login', { email: ADMIN.email, password: ADMIN.password }).expect(303)).headers.location).toBe('/');
      for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/login']) {
        const r = await form(t.http(), `/login?next=${encodeURIComponent(next)}`, { email: ADMIN.email, password: ADMIN.password }).expect(303);
        expect({ next, location: r.headers.location }).toEqual({ next, location: '/' });
      }
    });

    it('failure: back to the sign-in page, which says why in its HTML', async () => {
      const cases: Array<[Record<string, string>, string]> = [
        [{ email: ADMIN.email, password: 'wrong-password' }, MSG.invalidCredentials],
        [{ email: '', password: 'x' }, MSG.emailRequired],
        [{ email: ADMIN.email, password: '' }, MSG.passwordRequired],
      ];
      for (const [fields, message] of cases) {
        const res = await form(t.http(), '/login?next=%2Fadmin', fields).expect(303);
        expect(res.headers.location).toMatch(/^\/login\?next=%2Fadmin&error=/);
        expect(res.headers['set-cookie'] ?? []).toEqual([]);
        const page = await t.http().get(res.headers.location).expect(200);
        expect(page.text).toContain(`<p role="alert" class="error">${message}</p>`);
        // The form posts to the same place again, keeping where to go.
        expect(page.text).toContain('action="/login?next=%2Fadmin"');
      }
      // A code we never issued shows nothing.
      expect((await t.http().get('/login?error=<b>hacked</b>').expect(200)).text).not.toContain('role="alert"');
    });

    it('keeps the same-origin (CSRF) defence: no Origin or another one is refused, and signs no one in', async () => {
      const fields = { email: ADMIN.email, password: ADMIN.password };
      const foreign = await form(t.http(), '/login', fields, { Origin: 'https://evil.example' }).expect(403);
      expect(foreign.body).toEqual({ statusCode: 403, error: MSG.crossOrigin, message: MSG.crossOrigin });
      // A plain client's form post with no Origin: told the origin could not be confirmed, not to send JSON (issue #34).
      const none = await form(t.http(), '/login', fields, {}).expect(403);
      expect(none.body.message).toBe(MSG.originUnconfirmed);
      for (const res of [foreign, none]) expect(res.headers['set-cookie'] ?? []).toEqual([]);
      // The JSON API is as it was.
      await t.http().post('/_api/auth/login_with_password').send(fields).expect(200);
    });
  });
});
