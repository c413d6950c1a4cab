import type TestAgent from 'supertest/lib/agent.js';
import { FOLLOW_MSG } from '../../common/follow-api-types.js';
import { AlertsService } from '../src/alerts/alerts.service.js';
import { startTestAppWithSmtp, type TestApp } from './support/test-app.js';
import type { SmtpSink } from './support/smtp-sink.js';

const COMPANIES = '/_api/admin/companies';
const WINDOW_SECONDS = 4;
const program = (over: Record<string, unknown> = {}) => ({
  name: 'Classic', type: 'two-step', profitTargets: [8, 5], dailyLoss: 5, maxLoss: 10, drawdownType: 'static',
  minTradingDays: 3, timeLimitDays: null, profitSplit: 80, firstPayoutDays: 14, payoutFrequency: 'Bi-weekly',
  refundableFee: false, activationFee: null, resetPrice: null, sizes: [{ size: 100000, price: 500 }],
  ...over,
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A header as sent (mailparser reads List-* headers into objects of its own). */
const header = (mail: { parsed: { headerLines: ReadonlyArray<{ key: string; line: string }> } }, key: string) =>
  mail.parsed.headerLines.find((h) => h.key === key)?.line.slice(key.length + 1).replace(/\r?\n\s+/g, ' ').trim();

describe('follow a firm: follows and alerts (issue #19)', () => {
  let t: TestApp & { smtp: SmtpSink };
  let admin: TestAgent;
  const traders: Record<string, TestAgent> = {};
  let firm: { id: number; slug: string };
  beforeAll(async () => {
    // The 15-minute window shortened, the fan-out every second: the same pipeline in test time.
    t = await startTestAppWithSmtp({ alertWindowSeconds: WINDOW_SECONDS, alertTickSeconds: 1 });
    admin = await t.signedIn();
    for (const name of ['ann', 'bob', 'cat']) {
      await t.createUser(`${name}@traders.example`, 'trader-password-1', 'user');
      traders[name] = await t.signedIn({ email: `${name}@traders.example`, password: 'trader-password-1' });
    }
    firm = (await admin.post(COMPANIES).send({ name: 'Acme Funding', programs: [program()] }).expect(201)).body;
  }, 60_000);
  afterAll(() => t.close());

  const mailsTo = (who: string) => t.smtp.messages.filter((m) => m.envelope.to.includes(`${who}@traders.example`));

  it('follow, list, unfollow; signed-out visitors and bad input are refused with the error shape', async () => {
    await t.http().get('/_api/me/follows').expect(401);
    await t.http().post('/_api/me/follows').send({ companyId: firm.id }).expect(401);
    expect((await traders.cat!.post('/_api/me/follows').send({ companyId: 'x' }).expect(400)).body).toMatchObject({
      statusCode: 400, errors: { companyId: FOLLOW_MSG.companyId },
    });
    await traders.cat!.post('/_api/me/follows').send({ companyId: 999999 }).expect(404);

    const followed = (await traders.cat!.post('/_api/me/follows').send({ companyId: firm.id }).expect(201)).body;
    expect(followed).toMatchObject({ frequency: 'immediate', follows: [{ companyId: firm.id, slug: 'acme-funding', name: 'Acme Funding', latestChange: null }] });
    await traders.cat!.post('/_api/me/follows').send({ companyId: firm.id }).expect(201);
    const mine = await traders.cat!.get('/_api/me/follows').expect(200);
    expect(mine.body.follows).toHaveLength(1);
    // A trader's own answers are kept by no cache, not even a shared browser's (issue 35).
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await t.http().get('/_api/firms/acme-funding').expect(200)).body.followers).toBe(1);
    expect((await traders.cat!.delete(`/_api/me/follows/${firm.id}`).expect(200)).body.follows).toEqual([]);
    expect((await t.sql('select * from follows')).length).toBe(0);
  });

  it('one change → one grouped email to each follower naming it, none to a non-follower; the next changes wait for the window', async () => {
    await traders.ann!.post('/_api/me/follows').send({ companyId: firm.id }).expect(201);
    await traders.bob!.post('/_api/me/follows').send({ companyId: firm.id }).expect(201);
    const saved = Date.now();
    await admin.post(`${COMPANIES}/update`).send({ id: firm.id, programs: [program({ maxLoss: 8, resetPrice: 79 })] }).expect(200);

    const [ann] = await t.smtp.waitFor(1, { filter: (m) => m.envelope.to.includes('ann@traders.example'), timeoutMs: 20_000 });
    await t.smtp.waitFor(1, { filter: (m) => m.envelope.to.includes('bob@traders.example'), timeoutMs: 20_000 });
    expect(Date.now() - saved).toBeLessThan(60_000);
    const text = ann!.parsed.text ?? '';
    expect(text).toContain('Classic: Max loss 10 % \u2192 8 %');
    expect(text).toContain('Classic: Reset price none \u2192 $79');
    expect(ann!.parsed.html).toMatch(/href="http:\/\/[^"]+\/firms\/acme-funding#change-e\d+"/);
    expect(header(ann!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header(ann!, 'list-unsubscribe')).toMatch(/^<http:\/\/[^>]+\/_api\/alerts\/unsubscribe\?token=[^>]+>$/);
    expect(text).toContain('/account');
    expect(mailsTo('ann')).toHaveLength(1);
    expect(mailsTo('cat')).toHaveLength(0);

    // Two more changes inside the window: nothing at once, then one mail with both at the window's end.
    await admin.post(`${COMPANIES}/update`).send({ id: firm.id, status: 'paused' }).expect(200);
    await admin.post(`${COMPANIES}/update`).send({ id: firm.id, programs: [program({ maxLoss: 8, resetPrice: 79, profitSplit: 90 })] }).expect(200);
    await sleep(1500);
    expect(mailsTo('ann')).toHaveLength(1);
    const [, second] = await t.smtp.waitFor(2, { filter: (m) => m.envelope.to.includes('ann@traders.example'), timeoutMs: 20_000 });
    expect(second!.parsed.text).toContain('Status Active \u2192 Payouts paused');
    expect(second!.parsed.text).toContain('Classic: Profit split 80 % \u2192 90 %');
    await sleep(1500);
    expect(mailsTo('ann')).toHaveLength(2);
    expect(mailsTo('cat')).toHaveLength(0);
  }, 60_000);

  it('/account data: each followed firm with its latest change', async () => {
    const { follows } = (await traders.ann!.get('/_api/me/follows').expect(200)).body;
    expect(follows[0].latestChange.text).toBe('Classic: Profit split 80 % \u2192 90 %');
  });

  it('a new code is an alert too, linking to the code', async () => {
    const sent = mailsTo('bob').length;
    await sleep(WINDOW_SECONDS * 1000);
    await admin.post('/_api/admin/discounts').send({ companyId: firm.id, title: 'Deal', status: 'active', discountCode: 'ACME10', discountPercentage: 10 }).expect(201);
    const mails = await t.smtp.waitFor(sent + 1, { filter: (m) => m.envelope.to.includes('bob@traders.example'), timeoutMs: 20_000 });
    const last = mails[mails.length - 1]!;
    expect(last.parsed.text).toContain('New code ACME10');
    expect(last.parsed.html).toMatch(/\/firms\/acme-funding#deal-\d+/);
  }, 30_000);

  it('one-click unsubscribe (RFC 8058): a POST with no cookie and no Origin answers 200 and stops alert mails', async () => {
    const mail = mailsTo('bob')[0]!;
    const url = new URL(/<([^>]+)>/.exec(header(mail, 'list-unsubscribe')!)![1]!);
    await t.http().get(`${url.pathname}${url.search}`).expect(200);
    expect((await t.sql(`select frequency from alert_settings s join users u on u.id = s.user_id where u.email = 'bob@traders.example'`))).toEqual([]);
    const res = await t.http().post(`${url.pathname}${url.search}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(res.body.message).toBe(FOLLOW_MSG.unsubscribed);
    expect((await traders.bob!.get('/_api/me/follows').expect(200)).body.frequency).toBe('off');
    // A forged or empty token: 400 in the one error shape, like the newsletter's one-click (issue 35).
    for (const token of ['x.y', '']) {
      const forged = await t.http().post(`${url.pathname}?token=${encodeURIComponent(token)}`).type('form').send('List-Unsubscribe=One-Click').expect(400);
      expect(forged.body).toMatchObject({ statusCode: 400, error: FOLLOW_MSG.badToken, message: FOLLOW_MSG.badToken, errors: { token: FOLLOW_MSG.badToken } });
    }

    const bobBefore = mailsTo('bob').length;
    const annBefore = mailsTo('ann').length;
    await sleep(WINDOW_SECONDS * 1000);
    await admin.post(`${COMPANIES}/update`).send({ id: firm.id, status: 'active' }).expect(200);
    await t.smtp.waitFor(annBefore + 1, { filter: (m) => m.envelope.to.includes('ann@traders.example'), timeoutMs: 20_000 });
    await sleep(1500);
    expect(mailsTo('bob')).toHaveLength(bobBefore);
  }, 40_000);
  it('a code ending within 3 days is an alert, naming the code and its last day', async () => {
    const sent = mailsTo('ann').length;
    await sleep(WINDOW_SECONDS * 1000);
    const ends = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    await admin.post('/_api/admin/discounts').send({
      companyId: firm.id, title: 'Last days', status: 'active', discountCode: 'ACME3DAYS', discountPercentage: 5, validUntil: ends.toISOString(),
    }).expect(201);
    const line = `Code ACME3DAYS ends on ${ends.toISOString().slice(0, 10)}`;
    const [ending] = await t.smtp.waitFor(1, { filter: (m) => m.envelope.to.includes('ann@traders.example') && (m.parsed.text ?? '').includes(line), timeoutMs: 30_000 });
    expect(ending!.parsed.html).toMatch(/\/firms\/acme-funding#deal-\d+/);
    expect(mailsTo('ann').length).toBeGreaterThan(sent);
    expect(mailsTo('cat').filter((m) => (m.parsed.text ?? '').includes('ACME3DAYS'))).toEqual([]);
  }, 45_000);

  it('weekly: folded into the Monday digest for a digest reader; a mail of its own for a trader who gets no digest', async () => {
    const alerts = t.app.get(AlertsService);
    for (const name of ['gil', 'hal']) {
      await t.createUser(`${name}@traders.example`, 'trader-password-1', 'user');
      traders[name] = await t.signedIn({ email: `${name}@traders.example`, password: 'trader-password-1' });
      await traders[name]!.put('/_api/me/alert-settings').send({ frequency: 'weekly' }).expect(200);
      await traders[name]!.post('/_api/me/follows').send({ companyId: firm.id }).expect(201);
    }
    // gil reads the newsletter (confirmed, digest on); hal does not.
    await t.sql(`insert into newsletter_subscribers (email, status, source, confirmed_at) values ('gil@traders.example', 'subscribed', 'test', now())`);
    await admin.post(`${COMPANIES}/update`).send({ id: firm.id, programs: [program({ maxLoss: 8, resetPrice: 79, profitSplit: 85 })] }).expect(200);
    const pending = async () => (await t.sql<{ email: string }>(
      `select u.email from alert_items i join users u on u.id = i.user_id where i.delivery_id is null and u.email in ('gil@traders.example', 'hal@traders.example')`)).length;
    for (let i = 0; i < 40 && (await pending()) < 2; i++) await sleep(250);
    expect(await pending()).toBe(2);

    // Monday 09:00: hal gets the week as a mail of its own; gil's week waits for the digest.
    expect(await alerts.weekly()).toBe(1);
    const [own] = await t.smtp.waitFor(1, { filter: (m) => m.envelope.to.includes('hal@traders.example'), timeoutMs: 20_000 });
    expect(own!.parsed.subject).toBe('This week at the firms you follow: 1 change');
    expect(own!.parsed.text).toContain('Classic: Profit split 90 % \u2192 85 %');
    expect(header(own!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    const { campaign } = (await admin.post('/_api/admin/campaigns/digest').expect(200)).body;
    expect(campaign).not.toBeNull();
    await admin.post(`/_api/admin/campaigns/${campaign.id}/send`).expect(200);
    const [digest] = await t.smtp.waitFor(1, { filter: (m) => m.envelope.to.includes('gil@traders.example'), timeoutMs: 20_000 });
    expect(digest!.parsed.subject).toBe(campaign.subject);
    expect(digest!.parsed.text).toContain('Firms you follow');
    expect(digest!.parsed.text).toContain('Classic: Profit split 90 % \u2192 85 %');
    expect(digest!.parsed.html).toContain('Firms you follow');
    expect(digest!.parsed.html).toMatch(/href="http:\/\/[^"]+\/firms\/acme-funding#change-e\d+"/);
    expect(digest!.parsed.text).not.toContain('%%FOLLOWS%%');

    // Delivered once: the catch-up finds nothing left, and gil got no mail of its own.
    expect(await alerts.weeklyCatchUp()).toBe(0);
    await sleep(1500);
    expect(mailsTo('gil')).toHaveLength(1);
    expect(mailsTo('hal')).toHaveLength(1);
    expect(await t.sql(`select d.kind, d.sent_at is not null as sent from alert_deliveries d join users u on u.id = d.user_id where u.email = 'gil@traders.example'`))
      .toEqual([{ kind: 'digest', sent: true }]);
  }, 60_000);

  describe('a visitor who is not signed in comes back to the follow', () => {
    const origin = () => new URL(t.config.publicSiteUrl).origin;
    const intentNext = () => `/firms/acme-funding?follow=${firm.id}`;
    const followHref = (next: string) => `/login?next=${encodeURIComponent(next)}`;
    /** The page's rendered body (its state script carries render times, which differ when the page is rendered anew). */
    const html = (text: string) => text.slice(text.indexOf('<div id="root">'), text.indexOf('<script type="application/json" id="ssr-state">'));

    /** The plain follow forms in a page's HTML: their fields and their button's words. */
    const followForms = (text: string) => [...text.matchAll(/<form[^>]*action="\/follow"[^>]*>(.*?)<\/form>/g)].map(([, inner]) => ({
      ...Object.fromEntries([...inner!.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"\/>/g)].map(([, k, v]) => [k, v!.replace(/&amp;/g, '&')])),
      button: /<button[^>]*>(.*?)<\/button>/.exec(inner!)?.[1]?.replace(/<!-- -->/g, ''),
    }));
    const followForm = (next: string, action = 'follow', name = 'Acme Funding') =>
      ({ companyId: String(firm.id), action, next, button: `${action === 'follow' ? 'Follow' : 'Unfollow'} ${name}` });
    const post = (agent: TestAgent, fields: Record<string, string>) => agent.post('/follow').set({ Origin: origin() }).type('form').send(fields);

    it('the Follow button of the cached page is the same plain form for everyone, on the profile, the /firms rows and the cards', async () => {
      const anon = await t.http().get('/firms/acme-funding').expect(200);
      expect(followForms(anon.text)).toEqual([followForm('/firms/acme-funding')]);
      // The shared (cached) page is the signed-out one; a signed-in page is private, and even there the server
      // does not know the follow: the followed state comes after hydration, from /_api/me/follows.
      expect(html((await t.http().get('/firms/acme-funding').expect(200)).text)).toBe(html(anon.text));
      const follower = await traders.ann!.get('/firms/acme-funding').expect(200);
      expect(follower.text).not.toContain('Following Acme Funding');
      // The /firms rows: the form returns to the table as it was (its query kept).
      expect(followForms((await t.http().get('/firms?size=100000').expect(200)).text)).toContainEqual(followForm('/firms?size=100000'));
      expect(followForms((await t.http().get('/discounts').expect(200)).text)).toContainEqual(followForm('/discounts'));
    });

    it('POST /follow without JavaScript: signed out → /login with the intent; signed in → follows, back to the page saying so; unfollows', async () => {
      await t.createUser('gus@traders.example', 'trader-password-1', 'user');
      const gus = await t.signedIn({ email: 'gus@traders.example', password: 'trader-password-1' });
      const gusFollows = () => t.sql(`select f.company_id from follows f join users u on u.id = f.user_id where u.email = 'gus@traders.example'`);

      const anon = await post(t.http(), { companyId: String(firm.id), action: 'follow', next: '/firms?size=100000' }).expect(303);
      expect(anon.headers.location).toBe(followHref(`/firms?size=100000&follow=${firm.id}`));

      const followed = await post(gus, { companyId: String(firm.id), action: 'follow', next: '/firms/acme-funding' }).expect(303);
      expect(followed.headers.location).toBe(`/firms/acme-funding?followed=${firm.id}`);
      expect(await gusFollows()).toEqual([{ company_id: firm.id }]);
      // The page it lands on says so and offers the unfollow (from its URL: the same page for everyone who opens it).
      const landed = await t.http().get(followed.headers.location!).expect(200);
      expect(landed.text).toContain('You now follow <!-- -->Acme Funding<!-- -->.');
      expect(followForms(landed.text)).toEqual([followForm(`/firms/acme-funding?followed=${firm.id}`, 'unfollow')]);

      const unfollowed = await post(gus, { companyId: String(firm.id), action: 'unfollow', next: followed.headers.location! }).expect(303);
      expect(unfollowed.headers.location).toBe(`/firms/acme-funding?unfollowed=${firm.id}`);
      expect(await gusFollows()).toEqual([]);
      expect((await t.http().get(unfollowed.headers.location!).expect(200)).text).toContain('You no longer follow <!-- -->Acme Funding<!-- -->.');
      // A hostile next never leaves the site.
      expect((await post(gus, { companyId: String(firm.id), action: 'unfollow', next: '//evil.example/x' }).expect(303)).headers.location)
        .toBe(`/?unfollowed=${firm.id}`);
    });

    it('POST /follow refuses what is not our own form, with the error shape, and changes nothing', async () => {
      await t.createUser('hap@traders.example', 'trader-password-1', 'user');
      const hap = await t.signedIn({ email: 'hap@traders.example', password: 'trader-password-1' });
      const fields = { companyId: String(firm.id), action: 'follow', next: '/firms' };
      // CSRF: a form post from another site, or one without Origin (browsers always send it on a form post).
      expect((await hap.post('/follow').set({ Origin: 'https://evil.example' }).type('form').send(fields).expect(403)).body)
        .toMatchObject({ statusCode: 403, error: expect.any(String), message: expect.any(String) });
      await hap.post('/follow').type('form').send(fields).expect(403);
      for (const bad of [{ ...fields, companyId: 'x' }, { ...fields, action: 'delete' }, { next: '/firms' }]) {
        expect((await post(hap, bad).expect(400)).body).toMatchObject({ statusCode: 400, message: FOLLOW_MSG.form, errors: { companyId: FOLLOW_MSG.companyId } });
      }
      await post(hap, { ...fields, companyId: '999999' }).expect(404);
      expect(await t.sql(`select 1 from follows f join users u on u.id = f.user_id where u.email = 'hap@traders.example'`)).toEqual([]);
    });

    it('/account lists the follows in its server HTML, each with a plain Unfollow form (no script needed)', async () => {
      await t.createUser('ivy@traders.example', 'trader-password-1', 'user');
      const ivy = await t.signedIn({ email: 'ivy@traders.example', password: 'trader-password-1' });
      await post(ivy, { companyId: String(firm.id), action: 'follow', next: '/account' }).expect(303);
      const account = await ivy.get('/account').expect(200);
      expect(account.text).toContain(`data-follow-id="${firm.id}"`);
      expect(followForms(account.text)).toEqual([followForm('/account', 'unfollow')]);
      // The alert-emails choice too: a plain form posting the select.
      expect(account.text).toMatch(/<form(?=[^>]*method="post")[^>]*action="\/alert-settings"[^>]*>.*?<select id="alert-frequency" name="frequency">/);
    });

    it('POST /alert-settings without JavaScript: saves the choice and goes back to /account saying so; refuses anything else', async () => {
      await t.createUser('jon@traders.example', 'trader-password-1', 'user');
      const jon = await t.signedIn({ email: 'jon@traders.example', password: 'trader-password-1' });
      const form = (agent: TestAgent, fields: Record<string, string>) => agent.post('/alert-settings').set({ Origin: origin() }).type('form').send(fields);
      expect((await form(jon, { frequency: 'weekly' }).expect(303)).headers.location).toBe('/account?alerts=saved#follows');
      expect((await jon.get('/_api/me/follows').expect(200)).body.frequency).toBe('weekly');
      expect((await jon.get('/account?alerts=saved').expect(200)).text).toContain('<option value="weekly" selected="">');
      expect((await form(jon, { frequency: 'daily' }).expect(400)).body).toMatchObject({ statusCode: 400, errors: { frequency: FOLLOW_MSG.frequency } });
      await jon.post('/alert-settings').set({ Origin: 'https://evil.example' }).type('form').send({ frequency: 'off' }).expect(403);
      expect((await form(t.http(), { frequency: 'off' }).expect(303)).headers.location).toBe('/login?next=%2Faccount');
      expect((await jon.get('/_api/me/follows').expect(200)).body.frequency).toBe('weekly');
    });

    it('/login says why, and both sign-in forms return to the page with the intent', async () => {
      const page = await t.http().get(followHref(intentNext())).expect(200);
      expect(page.text).toContain('Sign in to follow the firm');
      expect(page.text).toContain(`action="${followHref(intentNext()).replace(/&/g, '&amp;')}"`);
      await t.createUser('dan@traders.example', 'trader-password-1', 'user');
      const posted = await t.http().post(followHref(intentNext())).set({ Origin: origin() }).type('form')
        .send({ email: 'dan@traders.example', password: 'trader-password-1' }).expect(303);
      // Without the page's script, signing in does the follow and says so on the page.
      expect(posted.headers.location).toBe(`/firms/acme-funding?followed=${firm.id}`);
      expect(await t.sql(`select f.company_id from follows f join users u on u.id = f.user_id where u.email = 'dan@traders.example'`)).toEqual([{ company_id: firm.id }]);
      for (const hostile of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
        const r = await t.http().post(followHref(hostile)).set({ Origin: origin() }).type('form')
          .send({ email: 'dan@traders.example', password: 'trader-password-1' }).expect(303);
        expect({ hostile, location: r.headers.location }).toEqual({ hostile, location: '/' });
      }
    });

    it('the email sign-in link carries next in its signed token and lands there; a foreign next lands on /account', async () => {
      const linkFor = async (email: string, next: unknown) => {
        const count = t.smtp.to(email).length;
        await t.http().post('/_api/auth/email-link').send({ email, next }).expect(200);
        const mails = await t.smtp.waitFor(count + 1, { filter: (m) => m.envelope.to.includes(email) });
        const url = new URL(/https?:\/\/\S+\/auth\/email-link\?token=[\w%.-]+/.exec(mails[count]!.parsed.text ?? '')![0]);
        // next is inside the token, not beside it: the link has nothing else to alter.
        expect([...url.searchParams.keys()]).toEqual(['token']);
        return `${url.pathname}${url.search}`;
      };
      // The link opens a page; its button posts the token (issue #35).
      const open = async (path: string) => {
        await t.http().get(path).expect(200);
        const token = new URL(path, origin()).searchParams.get('token');
        return t.http().post('/auth/email-link').set({ Origin: origin() }).type('form').send({ token });
      };
      const opened = await open(await linkFor('eve@traders.example', intentNext()));
      expect(opened.status).toBe(303);
      expect(opened.headers.location).toBe(`/firms/acme-funding?followed=${firm.id}`);
      expect(await t.sql(`select f.company_id from follows f join users u on u.id = f.user_id where u.email = 'eve@traders.example'`)).toEqual([{ company_id: firm.id }]);
      for (const hostile of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
        const r = await open(await linkFor('fay@traders.example', hostile));
        expect(r.status).toBe(303);
        expect({ hostile, location: r.headers.location }).toEqual({ hostile, location: '/account' });
      }
      const bad = await t.http().post('/_api/auth/email-link').send({ email: 'fay@traders.example', next: 42 }).expect(400);
      expect(bad.body.errors).toEqual({ next: 'next must be a path on this site.' });
    }, 30_000);
  });
});
