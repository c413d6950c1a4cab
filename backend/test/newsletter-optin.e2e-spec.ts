import { NewsletterService } from '../src/newsletter/newsletter.service.js';
import { startTestAppWithSmtp } from './support/test-app.js';

/** Double opt-in against a real SMTP server (issue #16). */
describe('newsletter double opt-in', () => {
  let t: Awaited<ReturnType<typeof startTestAppWithSmtp>>;
  beforeAll(async () => {
    t = await startTestAppWithSmtp({ publicSiteUrl: 'http://site.test' });
  });
  afterAll(() => t?.close());

  const subscribe = (email: string) => t.http().post('/_api/newsletter/subscribe').send({ email, source: 'homepage' });
  const linkIn = (text: string) => /http:\/\/site\.test\/newsletter\/confirm\?token=[\w%.-]+/.exec(text)?.[0];
  const row = async (email: string) =>
    (await t.sql<{ confirmed_at: Date | null; status: string }>('select confirmed_at, status from newsletter_subscribers where email = $1', [email]))[0];

  it('subscribe answers SPEC’s message, stores the address unconfirmed and mails a confirmation with a button and a plain link; the link confirms once', async () => {
    const res = await subscribe('New.Reader@Example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Thanks for subscribing! Watch your inbox for verified deals.' });
    expect((await row('new.reader@example.com'))?.confirmed_at).toBeNull();

    const [mail] = await t.smtp.waitFor(1, { filter: (m) => m.envelope.to.includes('new.reader@example.com') });
    expect(mail!.parsed.subject).toBe('Confirm your subscription to Verified Trader Funding');
    const html = String(mail!.parsed.html);
    expect(html).toContain('Confirm my subscription');
    const link = linkIn(mail!.parsed.text ?? '');
    expect(link).toBeDefined();
    expect(html).toContain(link!.replace(/&/g, '&amp;'));

    const admin = await t.signedIn();
    const before = (await admin.get('/_api/admin/newsletter-subscribers').query({ filter: JSON.stringify({ confirmed: false }) })).body;
    expect(before.map((s: { email: string }) => s.email)).toEqual(['new.reader@example.com']);

    const path = link!.replace('http://site.test', '');
    const page = await t.http().get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Your subscription is confirmed.');
    const confirmedAt = (await row('new.reader@example.com'))!.confirmed_at;
    expect(confirmedAt).toBeInstanceOf(Date);
    // Again: the same page, nothing changed.
    const again = await t.http().get(path);
    expect(again.status).toBe(200);
    expect((await row('new.reader@example.com'))!.confirmed_at).toEqual(confirmedAt);

    const list = (await admin.get('/_api/admin/newsletter-subscribers').query({ filter: JSON.stringify({ confirmed: true }) })).body;
    expect(list).toEqual([expect.objectContaining({ email: 'new.reader@example.com', confirmedAt: confirmedAt!.toISOString(), bouncedAt: null })]);
    expect((await admin.get('/_api/admin/newsletter-subscribers/stats')).body).toMatchObject({ confirmed: 1 });

    // A confirmed address subscribing again: SPEC's answer and no mail.
    expect((await subscribe('new.reader@example.com')).body).toEqual({ message: "You're already subscribed. Thanks for being with us!" });
    await new Promise((r) => setTimeout(r, 1500));
    expect(t.smtp.to('new.reader@example.com')).toHaveLength(1);
  });

  it('an altered or unknown token gets a clear 400 page and changes nothing', async () => {
    await subscribe('altered@example.com');
    const [mail] = await t.smtp.waitFor(1, { filter: (m) => m.envelope.to.includes('altered@example.com') });
    const link = linkIn(mail!.parsed.text ?? '')!.replace('http://site.test', '');
    const altered = link.slice(0, -3) + (link.endsWith('AAA') ? 'BBB' : 'AAA');
    for (const path of [altered, '/newsletter/confirm?token=nope', '/newsletter/confirm']) {
      const res = await t.http().get(path);
      expect(res.status).toBe(400);
      expect(res.text).toContain('This confirmation link is invalid.');
    }
    expect((await row('altered@example.com'))!.confirmed_at).toBeNull();
  });

  it('re-subscribing an unconfirmed address re-sends the confirmation at most once an hour', async () => {
    await subscribe('twice@example.com');
    await t.smtp.waitFor(1, { filter: (m) => m.envelope.to.includes('twice@example.com') });
    const answers = await Promise.all([subscribe('twice@example.com'), subscribe('twice@example.com'), subscribe('twice@example.com')]);
    for (const a of answers) expect(a.body).toEqual({ message: "You're already subscribed. Thanks for being with us!" });
    await new Promise((r) => setTimeout(r, 1500));
    expect(t.smtp.to('twice@example.com')).toHaveLength(1);
    // An hour later, one more.
    await t.sql(`update newsletter_subscribers set confirmation_sent_at = now() - interval '61 minutes' where email = 'twice@example.com'`);
    await Promise.all([subscribe('twice@example.com'), subscribe('twice@example.com')]);
    await t.smtp.waitFor(2, { filter: (m) => m.envelope.to.includes('twice@example.com') });
    await new Promise((r) => setTimeout(r, 1000));
    expect(t.smtp.to('twice@example.com')).toHaveLength(2);
  });

  it('a mail server that is down never fails a subscribe; the confirmation arrives when it is back', async () => {
    await t.smtp.down();
    const res = await subscribe('while-down@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Thanks for subscribing! Watch your inbox for verified deals.' });
    await new Promise((r) => setTimeout(r, 1500));
    await t.smtp.up();
    const got = await t.smtp.waitFor(1, { timeoutMs: 30_000, filter: (m) => m.envelope.to.includes('while-down@example.com') });
    expect(linkIn(got[0]!.parsed.text ?? '')).toBeDefined();
  }, 45_000);

  describe('consent survives a re-subscribe (issue #35)', () => {
    // The per-client signup limit is tested elsewhere; these tests sign up more often than it allows.
    beforeEach(() => t.sql('delete from rate_limits'));
    const stateOf = async (email: string) =>
      (await t.sql<{ status: string; confirmed_at: Date | null; bounced_at: Date | null }>(
        'select status, confirmed_at, bounced_at from newsletter_subscribers where email = $1', [email]))[0];

    /** Subscribes and confirms through the mailed link, then unsubscribes with a signed token. */
    async function confirmedThenUnsubscribed(email: string) {
      await subscribe(email).expect(200);
      const [mail] = await t.smtp.waitFor(1, { filter: (m) => m.envelope.to.includes(email) });
      await t.http().get(linkIn(mail!.parsed.text ?? '')!.replace('http://site.test', '')).expect(200);
      expect((await stateOf(email))!.confirmed_at).toBeInstanceOf(Date);
      const [{ id }] = await t.sql<{ id: number }>('select id from newsletter_subscribers where email = $1', [email]);
      const token = new URL(t.app.get(NewsletterService).unsubscribeUrl({ id })).searchParams.get('token')!;
      await t.http().post('/_api/newsletter/unsubscribe').send({ token }).expect(200);
      expect((await stateOf(email))!.status).toBe('unsubscribed');
      // The hourly limit on confirmation mails is not what this test is about.
      await t.sql(`update newsletter_subscribers set confirmation_sent_at = now() - interval '61 minutes' where email = $1`, [email]);
    }

    it('a re-subscribe of an unsubscribed address answers SPEC’s message, clears the old confirmation and mails a new one; only its link confirms', async () => {
      const email = 'came-back@example.com';
      await confirmedThenUnsubscribed(email);
      const res = await subscribe(email);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Welcome back! You are subscribed again. Watch your inbox for verified deals.' });
      expect(await stateOf(email)).toEqual({ status: 'subscribed', confirmed_at: null, bounced_at: null });
      const mails = await t.smtp.waitFor(2, { filter: (m) => m.envelope.to.includes(email) });
      expect(mails[1]!.parsed.subject).toBe('Confirm your subscription to Verified Trader Funding');
      // Counted as unconfirmed by the admin until the link is opened.
      const admin = await t.signedIn();
      const pending = (await admin.get('/_api/admin/newsletter-subscribers').query({ filter: JSON.stringify({ confirmed: false }) })).body;
      expect(pending.map((s: { email: string }) => s.email)).toContain(email);
      await t.http().get(linkIn(mails[1]!.parsed.text ?? '')!.replace('http://site.test', '')).expect(200);
      expect((await stateOf(email))!.confirmed_at).toBeInstanceOf(Date);
    });

    it('a bounced address that subscribes again starts over too: bounce and confirmation cleared, a new confirmation mail', async () => {
      const email = 'bounced-back@example.com';
      await t.sql(`insert into newsletter_subscribers (email, status, confirmed_at, bounced_at) values ($1, 'subscribed', now(), now())`, [email]);
      expect((await subscribe(email)).body).toEqual({ message: 'Welcome back! You are subscribed again. Watch your inbox for verified deals.' });
      expect(await stateOf(email)).toEqual({ status: 'subscribed', confirmed_at: null, bounced_at: null });
      await t.smtp.waitFor(1, { filter: (m) => m.envelope.to.includes(email) });
    });

    it('a campaign sent while a re-subscribed address is unconfirmed does not reach it', async () => {
      const email = 'not-yet@example.com';
      await confirmedThenUnsubscribed(email);
      await t.sql(`insert into newsletter_subscribers (email, status, confirmed_at) values ('steady@example.com', 'subscribed', now())
                   on conflict (email) do nothing`);
      await subscribe(email).expect(200);
      const admin = await t.signedIn();
      const created = await admin.post('/_api/admin/campaigns').send({ subject: 'Consent check', previewText: 'x', html: '<p>Hello</p>' });
      expect(created.status).toBe(201);
      await admin.post(`/_api/admin/campaigns/${created.body.id}/send`).expect(200);
      const end = Date.now() + 20_000;
      while ((await admin.get(`/_api/admin/campaigns/${created.body.id}`)).body.status !== 'sent') {
        if (Date.now() > end) throw new Error('campaign not sent');
        await new Promise((r) => setTimeout(r, 100));
      }
      const got = t.smtp.messages.filter((m) => m.parsed.subject === 'Consent check').map((m) => m.envelope.to[0]);
      expect(got).toContain('steady@example.com');
      expect(got).not.toContain(email);
    }, 40_000);
  });
});
