/**
 * Issue #8: what a crawler, a link-preview bot or an answer engine gets without running JavaScript.
 * Every public route answers its real content in the HTML, with the right status, and the state the
 * browser hydrates from; an admin previews a draft that everyone else gets as a 404.
 */
import { MSG } from '../../common/messages.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const DAY = 86_400_000;

/** The text of #root without tags, as a reader of the HTML sees it. */
function visibleText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="ssr-state">'));
  return root.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');
}

describe('Pages rendered on the server (issue #8)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    const admin = await t.signedIn();
    const firm = (await admin.post('/_api/admin/companies').send({ name: 'Alpha Funding', websiteUrl: 'https://alpha.example' }).expect(201)).body;
    await admin.post('/_api/admin/companies').send({ name: 'Beta Capital', websiteUrl: 'https://beta.example' }).expect(201);
    for (const title of ['Alpha 30% challenge code', 'Alpha free reset deal']) {
      await admin.post('/_api/admin/discounts').send({ title, companyId: firm.id, discountPercentage: 30, discountCode: 'ALPHA30' }).expect(201);
    }
    const post = (slug: string, title: string, status: string, publishedAt: Date | null, category = 'guide', content = `<p>First paragraph of ${title}.</p><h2>More</h2><p>Rest.</p>`) =>
      t.sql(
        `insert into blog_posts (slug, title, content, status, category, tags, published_at, created_at) values ($1, $2, $3, $4, $5, $6, $7, now())`,
        [slug, title, content, status, category, ['ftmo'], publishedAt],
      );
    for (let i = 1; i <= 11; i++) await post(`guide-${i}`, `Guide number ${i}`, 'published', new Date(Date.now() - i * DAY));
    await post('news-one', 'Market news one', 'published', new Date(Date.now() - DAY), 'news');
    await post('secret-draft', 'Secret draft title', 'draft', null, 'review', '<p>Draft body only admins read.</p>');
    await post('scheduled', 'Scheduled title', 'published', new Date(Date.now() + 3 * DAY));
    // On a fresh clone this includes building the front end once.
  }, 300_000);
  afterAll(() => t.close());

  it('home: the hero and every partner firm', async () => {
    const res = await t.http().get('/').expect(200);
    const text = visibleText(res.text);
    expect(text).toContain('We test prop firms so you don’t have to');
    expect(text).toContain('Alpha Funding');
    expect(text).toContain('Beta Capital');
    // The first paint decides the splash: the script is inline and allowed by its CSP hash, not by unsafe-inline.
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp.split(';').find((d) => d.startsWith('script-src '))).not.toContain('unsafe-inline');
    expect(res.text).toMatch(/<script>\(function\(\)\{try\{var s=window\.sessionStorage/);
  });

  it('/discounts: each discount title, with its code, and the same traders-used numbers on every load of the day', async () => {
    const first = await t.http().get('/discounts').expect(200);
    const text = visibleText(first.text);
    expect(text).toContain('Alpha 30% challenge code');
    expect(text).toContain('Alpha free reset deal');
    expect(text).toContain('2 Verified Opportunities');
    const used = (html: string) => [...visibleText(html).matchAll(/(\d{3}) traders used this deal/g)].map((m) => m[1]);
    expect(used(first.text)).toHaveLength(2);
    expect(used((await t.http().get('/discounts').expect(200)).text)).toEqual(used(first.text));
  });

  it('/about and /login and /newsletter/unsubscribe show their content', async () => {
    expect(visibleText((await t.http().get('/about').expect(200)).text)).toMatch(/verif/i);
    expect(visibleText((await t.http().get('/login').expect(200)).text)).toMatch(/sign in|log in/i);
    expect(visibleText((await t.http().get('/newsletter/unsubscribe').expect(200)).text)).toContain(MSG.newsletterTokenMissing);
  });

  it('/blog lists the newest posts, links each, and pages through ?page', async () => {
    const res = await t.http().get('/blog').expect(200);
    const text = visibleText(res.text);
    expect(text).toContain('Market news one');
    expect(text).toContain('Guide number 1');
    expect(text).not.toContain('Secret draft title');
    expect(text).not.toContain('Scheduled title');
    expect(res.text).toContain('href="/blog/guide-1"');
    const page2 = visibleText((await t.http().get('/blog?page=2').expect(200)).text);
    expect(page2).toContain('Guide number 11');
    await t.http().get('/blog?page=3').expect(404);
  });

  it('filters by category route, ?tag, ?q and ?category', async () => {
    const news = visibleText((await t.http().get('/blog/news').expect(200)).text);
    expect(news).toContain('Market news one');
    expect(news).not.toContain('Guide number 1 ');
    const guides = visibleText((await t.http().get('/blog?category=guide').expect(200)).text);
    expect(guides).toContain('Guide number 2');
    expect(guides).not.toContain('Market news one');
    expect(visibleText((await t.http().get('/blog?tag=ftmo').expect(200)).text)).toContain('Guide number 3');
    expect(visibleText((await t.http().get('/blog?q=market').expect(200)).text)).toContain('Market news one');
  });

  it('a post: its title, first paragraph and related posts; the state for hydration carries it', async () => {
    const res = await t.http().get('/blog/guide-1').expect(200);
    const text = visibleText(res.text);
    expect(text).toContain('Guide number 1');
    expect(text).toContain('First paragraph of Guide number 1.');
    expect(text).toContain('Related articles');
    expect(res.text).toContain('<meta name="robots" content="index, follow">');
    expect(res.text).toMatch(/<script type="application\/json" id="ssr-state">\{"json":\{"queries"/);
  });

  it('missing, draft and scheduled posts and unknown routes are 404 with their not-found text, for visitors', async () => {
    for (const path of ['/blog/nope', '/blog/secret-draft', '/blog/scheduled']) {
      const res = await t.http().get(path).expect(404);
      expect(visibleText(res.text)).toContain('Post not found');
      expect(res.text).not.toContain('Draft body only admins read');
      expect(res.headers['x-robots-tag']).toBe('noindex');
    }
    const res = await t.http().get('/no-such-page').expect(404);
    expect(visibleText(res.text)).toContain('Page Not Found');
  });

  it('an admin previews a draft: marked Preview, noindex, never stored', async () => {
    const admin = await t.signedIn();
    const res = await admin.get('/blog/secret-draft').expect(200);
    const text = visibleText(res.text);
    expect(text).toContain('Preview');
    expect(text).toContain('Draft body only admins read.');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.text).toContain('<meta name="robots" content="noindex">');
    // A published post is not a preview, even for an admin: it is the page every reader gets (no session is rendered).
    const published = await admin.get('/blog/guide-1').expect(200);
    expect(visibleText(published.text)).not.toContain('Preview');
    const visitor = await t.http().get('/blog/guide-1').expect(200);
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(published.text).toBe(visitor.text);
    // And the visitor next to them still gets a 404.
    await t.http().get('/blog/secret-draft').expect(404);
  });

  it('the admin area stays a client-only shell', async () => {
    const res = await t.http().get('/admin').expect(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).not.toContain('id="ssr-state"');
  });

  it('a post that fails to load on the server is noindex, without its title, and says so with 503', async () => {
    // A post no earlier test opened: a page the cache already holds would (rightly) still be served.
    await t.sql('alter table blog_posts rename to blog_posts_away');
    try {
      const res = await t.http().get('/blog/guide-9').expect(503);
      expect(res.text).toContain('<meta name="robots" content="noindex">');
      expect(res.text).not.toContain('<title>Guide number 9');
      expect(visibleText(res.text)).toContain('Post not found');
    } finally {
      await t.sql('alter table blog_posts_away rename to blog_posts');
    }
  });

  describe('the newsletter form works before (and without) its script', () => {
    const post = (fields: Record<string, string>, origin: string | null = 'http://vtf.test') => {
      const req = t.http().post('/newsletter/subscribe').set('Host', 'vtf.test').type('form');
      return (origin ? req.set('Origin', origin) : req).send(fields);
    };

    it('the home page sends a plain form that posts to the server, enabled from the first paint', async () => {
      const html = (await t.http().get('/').expect(200)).text;
      const form = /<form class="newsletter-form"(?=[^>]*method="post")[^>]*action="\/newsletter\/subscribe"[^>]*>([\s\S]*?)<\/form>/.exec(html);
      expect(form).not.toBeNull();
      expect(form![1]).toContain('name="email"');
      expect(form![1]).toContain('<input type="hidden" name="source" value="homepage"/>');
      expect(form![1]).not.toContain('disabled');
    });

    it('subscribes and goes back to the page, which shows SPEC\'s message', async () => {
      const res = await post({ email: ' Form.Poster@Example.com ', source: 'homepage', return: '/' }).expect(303);
      expect(res.headers.location).toBe('/?newsletter=subscribed&source=homepage#newsletter');
      expect(await t.sql("select source from newsletter_subscribers where email = 'form.poster@example.com'")).toEqual([{ source: 'homepage' }]);
      expect(visibleText((await t.http().get('/?newsletter=subscribed&source=homepage').expect(200)).text)).toContain(MSG.newsletterSubscribed);
      const again = await post({ email: 'form.poster@example.com', source: 'homepage', return: '/' }).expect(303);
      expect(again.headers.location).toBe('/?newsletter=already&source=homepage#newsletter');
    });

    it('a bad address goes back with the invalid-email message and stores nothing', async () => {
      const res = await post({ email: 'not-an-email', source: 'about-page-cta', return: '/about' }).expect(303);
      expect(res.headers.location).toBe('/about?newsletter=invalid&source=about-page-cta#newsletter');
      expect(visibleText((await t.http().get('/about?newsletter=invalid&source=about-page-cta').expect(200)).text)).toContain(
        `Subscription failed: ${MSG.newsletterEmailInvalid}`,
      );
      expect(await t.sql("select 1 from newsletter_subscribers where email = 'not-an-email'")).toEqual([]);
    });

    it('never redirects off the site, and refuses forms from another origin or without one (CSRF)', async () => {
      expect((await post({ email: 'x@example.com', return: '//evil.example/' }).expect(303)).headers.location).toBe('/?newsletter=subscribed#newsletter');
      await post({ email: 'y@example.com' }, 'https://evil.example').expect(403);
      // No Origin at all: the origin could not be confirmed (issue #34), not a request for JSON.
      await post({ email: 'z@example.com' }, null).expect(403);
      expect(await t.sql("select 1 from newsletter_subscribers where email in ('y@example.com', 'z@example.com')")).toEqual([]);
      // The JSON API still takes no form.
      await t.http().post('/_api/newsletter/subscribe').set('Host', 'vtf.test').set('Origin', 'http://vtf.test').type('form').send({ email: 'w@example.com' }).expect(415);
    });
  });
});
