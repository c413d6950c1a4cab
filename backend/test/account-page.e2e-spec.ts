/**
 * The trader's side of issue #17 over HTTP: /account is rendered on the server for its owner only (never kept by a
 * cache, never indexed, signed-out readers sent to sign in), and a signed-in trader's public pages are the visitors'
 * cached pages, byte for byte.
 */
import type TestAgent from 'supertest/lib/agent.js';
import { readHead } from './support/markup.js';
import { queriesDuring } from './support/queries.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const TRADER = { email: 'account-owner@test.example', password: 'account-owner-password' };
const OTHER = { email: 'account-other@test.example', password: 'account-other-password' };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('/account and signed-in traders on public pages', () => {
  let t: TestApp;
  let admin: TestAgent;
  let trader: TestAgent;
  let other: TestAgent;
  let firmSlug: string;

  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser(TRADER.email, TRADER.password, 'user');
    await t.createUser(OTHER.email, OTHER.password, 'user');
    [admin, trader, other] = await Promise.all([t.signedIn(), t.signedIn(TRADER), t.signedIn(OTHER)]);
    const firm = (await admin.post('/_api/admin/companies').send({ name: 'Accountable Funding' }).expect(201)).body;
    firmSlug = firm.slug;
    await trader.post('/_api/payout-reports')
      .send({ companyId: firm.id, amount: 1875.5, requestedOn: day(-6), resolvedOn: day(-2), outcome: 'denied', programName: 'Rapid 50K' })
      .expect(201);
  }, 300_000);
  afterAll(() => t?.close());

  describe('/account', () => {
    it('sends a signed-out reader to sign in and come back, with an answer no cache keeps', async () => {
      const res = await t.http().get('/account').expect(303);
      expect(res.headers.location).toBe('/login?next=%2Faccount');
      expect(res.headers['cache-control']).toBe('private, no-store');
      // The form's firm survives the detour (the "Report a payout" link of a firm profile).
      expect((await t.http().get(`/account?report=${firmSlug}`).expect(303)).headers.location).toBe(`/login?next=${encodeURIComponent(`/account?report=${firmSlug}`)}`);
    });

    it('shows its owner their reports on the server, noindex and never stored', async () => {
      const res = await trader.get('/account').expect(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      const head = readHead(res.text);
      expect(head.titles[0]).toMatch(/^Your account \|/);
      expect(res.text).toContain('My payout reports');
      expect(res.text).toContain('Accountable Funding');
      expect(res.text).toContain('$1,875.50');
      expect(res.text).toContain('Awaiting review');
      expect(res.text).toContain('Rapid 50K');
      expect(res.text).toContain('My claims');
      // This page alone carries the session (it is never shared): who is signed in shows from the first paint.
      expect(res.text).toContain(`Signed in as ${TRADER.email}`);
      // Another trader's page has none of it (the firm itself is among every page's report-form choices).
      const theirs = await other.get('/account').expect(200);
      expect(theirs.text).not.toContain('1,875.5');
      expect(theirs.text).not.toContain('1875.5');
      expect(theirs.text).not.toContain('Rapid 50K');
      expect(theirs.text).toContain('You have not reported a payout yet.');
    });

    it('is in no sitemap', async () => {
      const pages = (await t.http().get('/sitemaps/pages.xml').expect(200)).text;
      expect(pages).toContain('/about');
      expect(pages).not.toMatch(/\/account<\/loc>/);
    });
  });

  describe('a signed-in trader on public pages', () => {
    it.each(['/blog', 'firm profile'])('%s: served from the cache (no SQL), byte-identical to the visitor\'s', async (which) => {
      const path = which === '/blog' ? '/blog' : `/firms/${firmSlug}`;
      const visitor = await t.http().get(path).expect(200);
      let signedIn!: Awaited<ReturnType<TestAgent['get']>>;
      expect(await queriesDuring(t, async () => {
        signedIn = await trader.get(path).expect(200);
      })).toEqual([]);
      expect(signedIn.text).toBe(visitor.text);
      expect(signedIn.headers.etag).toBe(visitor.headers.etag);
      expect(signedIn.headers['cache-control']).toBe('no-cache');
      // The server HTML never names the reader: the header's "Account" link comes from the browser's session check.
      expect(signedIn.text).not.toContain(TRADER.email);
    });

    it('a page a trader makes first is the one visitors get (the session is not rendered)', async () => {
      const path = `/firms/${firmSlug}?utm_source=newsletter`;
      const made = await trader.get(path).expect(200);
      expect(made.text).not.toContain(TRADER.email);
      const visitor = await t.http().get(path).expect(200);
      expect(visitor.text).toBe(made.text);
    });
  });
});
