import { EntityManager } from '@mikro-orm/postgresql';
import type { PublicDiscountDto } from '../../common/api-types.js';
import { DIGEST_TIME, nextDigestRun, nextWeeklyRun } from '../../common/digest-schedule.js';
import { sizeLabel } from '../../common/price-rule.js';
import { seedDemoContent } from '../src/seeders/demo.seeder.js';
import { NewsletterSettingsService } from '../src/newsletter/newsletter-settings.service.js';
import { JobsService } from '../src/jobs/jobs.service.js';
import { startTestApp, startTestAppWithSmtp } from './support/test-app.js';

type T = Awaited<ReturnType<typeof startTestAppWithSmtp>>;

/** US dollars as the cards write them, from the API's number: $165, $549.99 (whole cents shown when there are any). */
const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })}`;

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function seedSubscribers(t: T) {
  await t.sql(`insert into newsletter_subscribers (email, status, source, confirmed_at) values
    ('a@example.com', 'subscribed', 'homepage', now()),
    ('b@example.com', 'subscribed', 'discounts-page', now()),
    ('c@example.com', 'subscribed', 'homepage', now()),
    ('unconfirmed@example.com', 'subscribed', 'homepage', null),
    ('left@example.com', 'unsubscribed', 'homepage', now())`);
  await t.sql(`insert into newsletter_subscribers (email, status, confirmed_at, bounced_at) values ('bounced@example.com', 'subscribed', now(), now())`);
}

describe('campaigns over real SMTP', () => {
  let t: T;
  beforeAll(async () => {
    t = await startTestAppWithSmtp({ publicSiteUrl: 'http://deals.test', mailFrom: 'VTF <news@deals.test>' });
    await seedSubscribers(t);
  });
  afterAll(() => t?.close());

  it('an admin creates, test-sends and sends a campaign: only confirmed subscribers get it, once, with RFC 8058 headers, a footer and tracked links', async () => {
    const admin = await t.signedIn();
    expect((await t.http().get('/_api/admin/campaigns')).status).toBe(401);
    const created = await admin.post('/_api/admin/campaigns').send({
      subject: 'Big week', previewText: 'Three new codes', html: '<p>Hello <a href="https://firm.example/offer?x=1&amp;y=2">the offer</a></p><script>alert(1)</script>',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ subject: 'Big week', status: 'draft', audience: { kind: 'all' }, stats: { recipients: 0, sent: 0 } });
    expect(created.body.html).not.toContain('<script>');
    const id = created.body.id as number;

    const test = await admin.post(`/_api/admin/campaigns/${id}/test`).send({ email: 'Editor@Example.com' });
    expect(test.status).toBe(200);
    const [copy] = await t.smtp.waitFor(1, { filter: (m) => m.envelope.to.includes('editor@example.com') });
    expect(copy!.parsed.subject).toBe('[Test] Big week');
    expect((await admin.post(`/_api/admin/campaigns/${id}/test`).send({ email: 'nope' })).status).toBe(400);

    const sent = await admin.post(`/_api/admin/campaigns/${id}/send`);
    expect(sent.status).toBe(200);
    await waitUntil(async () => (await admin.get(`/_api/admin/campaigns/${id}`)).body.status === 'sent');
    const mails = t.smtp.messages.filter((m) => m.parsed.subject === 'Big week');
    expect(mails.map((m) => m.envelope.to[0]).sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    const stats = (await admin.get(`/_api/admin/campaigns/${id}`)).body.stats;
    expect(stats).toEqual({ recipients: 3, sent: 3, failed: 0, inDoubt: 0, bounced: 0, unsubscribed: 0, clicks: 0 });

    const mail = mails.find((m) => m.envelope.to[0] === 'a@example.com')!;
    // Header lines unfolded (RFC 5322 folds long ones).
    const lines = Object.fromEntries(mail.parsed.headerLines.map((h) => [h.key, h.line.slice(h.key.length + 1).replace(/\r?\n[ \t]+/g, ' ').trim()]));
    expect(lines['list-unsubscribe']).toMatch(/^<http:\/\/deals\.test\/_api\/newsletter\/unsubscribe\?token=[\w.-]+>, <mailto:news@deals\.test\?subject=unsubscribe>$/);
    expect(lines['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(lines['message-id']).toMatch(/^<.+@deals\.test>$/);
    expect(lines['date']).toBeTruthy();
    expect(mail.parsed.text).toContain('Unsubscribe');
    expect(String(mail.parsed.html)).toContain('Email preferences');

    // The tracked link: one click per recipient and link, however often it is followed.
    const click = /http:\/\/deals\.test(\/_api\/newsletter\/click\/\d+\/0\?r=[\w.-]+)/.exec(String(mail.parsed.html))![1]!;
    for (let i = 0; i < 3; i++) {
      const res = await t.http().get(click);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('https://firm.example/offer?x=1&y=2');
    }
    expect((await admin.get(`/_api/admin/campaigns/${id}`)).body.stats.clicks).toBe(1);

    // RFC 8058 one-click: a form POST with no cookie and no Origin, 200, no redirect.
    const oneClick = lines['list-unsubscribe']!.slice(1, lines['list-unsubscribe']!.indexOf('>')).replace('http://deals.test', '');
    const res = await t.http().post(oneClick).type('form').send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'You have been unsubscribed and will not receive our newsletter any more.' });
    expect((await t.sql<{ status: string }>(`select status from newsletter_subscribers where email = 'a@example.com'`))[0]!.status).toBe('unsubscribed');
    expect((await admin.get(`/_api/admin/campaigns/${id}`)).body.stats.unsubscribed).toBe(1);

    // Sent: it cannot be sent or changed again.
    expect((await admin.post(`/_api/admin/campaigns/${id}/send`)).status).toBe(409);
    expect((await admin.put(`/_api/admin/campaigns/${id}`).send({ subject: 'x' })).status).toBe(409);
  });

  it('a permanent 5xx marks the delivery bounced and the subscriber bouncedAt, never mailed again', async () => {
    await t.sql(`insert into newsletter_subscribers (email, status, confirmed_at) values ('will-bounce@example.com', 'subscribed', now())`);
    t.smtp.refuse(550, (a) => a === 'will-bounce@example.com');
    const admin = await t.signedIn();
    const id = (await admin.post('/_api/admin/campaigns').send({ subject: 'Second', html: '<p>Hi</p>' })).body.id;
    await admin.post(`/_api/admin/campaigns/${id}/send`).expect(200);
    await waitUntil(async () => (await admin.get(`/_api/admin/campaigns/${id}`)).body.status === 'sent');
    t.smtp.refuse(null);
    expect((await admin.get(`/_api/admin/campaigns/${id}`)).body.stats).toMatchObject({ bounced: 1 });
    const [row] = await t.sql<{ bounced_at: Date | null }>(`select bounced_at from newsletter_subscribers where email = 'will-bounce@example.com'`);
    expect(row!.bounced_at).toBeInstanceOf(Date);
    const list = (await admin.get('/_api/admin/newsletter-subscribers').query({ filter: JSON.stringify({ q: 'will-bounce' }) })).body;
    expect(list[0].bouncedAt).toBeTruthy();
  });

  it('saving with a future scheduledAt schedules it; cancelling stops it; a past time is refused', async () => {
    const admin = await t.signedIn();
    const past = await admin.post('/_api/admin/campaigns').send({ subject: 'Past', html: '<p>x</p>', scheduledAt: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ statusCode: 400, message: 'The scheduled time must be in the future.' });
    const at = new Date(Date.now() + 3000).toISOString();
    const scheduled = (await admin.post('/_api/admin/campaigns').send({ subject: 'Later', html: '<p>x</p>', scheduledAt: at })).body;
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduledAt: at });
    const cancelled = await admin.post(`/_api/admin/campaigns/${scheduled.id}/cancel`);
    expect(cancelled.body.status).toBe('cancelled');
    await new Promise((r) => setTimeout(r, 5000));
    expect(t.smtp.messages.filter((m) => m.parsed.subject === 'Later')).toHaveLength(0);
    expect((await admin.get(`/_api/admin/campaigns/${scheduled.id}`)).body.status).toBe('cancelled');

    const soon = (await admin.post('/_api/admin/campaigns').send({ subject: 'Soon', html: '<p>x</p>', scheduledAt: new Date(Date.now() + 1500).toISOString() })).body;
    await waitUntil(async () => (await admin.get(`/_api/admin/campaigns/${soon.id}`)).body.status === 'sent');
    expect(t.smtp.messages.filter((m) => m.parsed.subject === 'Soon').length).toBe((await admin.get(`/_api/admin/campaigns/${soon.id}`)).body.stats.sent);
  });

  it('an audience by signup source reaches only those sources; the preview renders deal and post cards by id', async () => {
    const admin = await t.signedIn();
    const preview = (await admin.post('/_api/admin/campaigns').send({ subject: 'Cards', html: '<p>{{deal:999}}</p><p>{{post:998}}</p><p>End</p>' })).body;
    const shown = await admin.get(`/_api/admin/campaigns/${preview.id}/preview`);
    expect(shown.status).toBe(200);
    expect(shown.body.html).toContain('End');
    expect(shown.body.html).not.toContain('{{deal');
    const c = (await admin.post('/_api/admin/campaigns').send({ subject: 'Homepage only', html: '<p>x</p>', audience: { kind: 'sources', sources: ['discounts-page'] } })).body;
    await admin.post(`/_api/admin/campaigns/${c.id}/send`).expect(200);
    await waitUntil(async () => (await admin.get(`/_api/admin/campaigns/${c.id}`)).body.status === 'sent');
    expect(t.smtp.messages.filter((m) => m.parsed.subject === 'Homepage only').map((m) => m.envelope.to[0])).toEqual(['b@example.com']);
  });

  it('the webhook needs its secret and marks bounces and complaints', async () => {
    expect((await t.http().post('/_api/newsletter/events').send({ type: 'bounce', email: 'b@example.com' })).status).toBe(401);
  });

  it('digest: GET answers the next Monday 09:00 New York; POST drafts nothing in an empty week and says so', async () => {
    const admin = await t.signedIn();
    const info = (await admin.get('/_api/admin/campaigns/digest')).body;
    expect(info).toMatchObject({ autoSend: false, lastDigestAt: null });
    expect(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).format(new Date(info.nextRunAt))).toBe('Mon 09:00');
    const empty = await admin.post('/_api/admin/campaigns/digest');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ campaign: null, message: 'Nothing new since the last digest: no digest drafted.' });
    expect((await admin.get('/_api/admin/campaigns/digest')).body.lastDigestAt).toBeTruthy();
  });

  it('digest: each deal card says "Was … now …" exactly as GET /_api/discounts prices that deal (issue #18: one price rule)', async () => {
    const admin = await t.signedIn();
    const quiet = { log: () => undefined, error: () => undefined, warn: () => undefined };
    await seedDemoContent(t.app.get(EntityManager).fork(), quiet);
    // Every demo deal counts as new this week, so the digest carries them all.
    await t.sql(`update discounts set created_at = now() - interval '1 minute'`);
    await t.app.get(NewsletterSettingsService).update({ lastDigestAt: new Date(Date.now() - 86_400_000).toISOString() });
    const drafted = await admin.post('/_api/admin/campaigns/digest').expect(200);
    const campaignId = drafted.body.campaign.id as number;
    const { html } = (await admin.get(`/_api/admin/campaigns/${campaignId}/preview`).expect(200)).body as { html: string };

    const api = (await t.http().get('/_api/discounts').expect(200)).body as PublicDiscountDto[];
    const inDigest = [...(drafted.body.campaign.html as string).matchAll(/\{\{deal:(\d+)\}\}/g)].map((m) => Number(m[1]));
    expect(inDigest.length).toBeGreaterThan(3);
    let priced = 0;
    for (const id of inDigest) {
      const deal = api.find((d) => d.id === id)!;
      expect(deal).toBeDefined();
      const line = new RegExp(`data-deal-prices="${id}">([^]*?)</div>`).exec(html)?.[1];
      const e = deal.priceExample;
      if (e && e.priceAfterCode < e.price) {
        priced++;
        expect(0 < e.priceAfterCode && e.priceAfterCode <= e.price).toBe(true);
        const text = line!.replace(/<[^>]+>/g, '');
        expect(text).toBe(`Was ${usd(e.price)} now ${usd(e.priceAfterCode)} (${e.program}, ${sizeLabel(e.size)} account)`);
      } else {
        expect(line).toBeUndefined();
      }
    }
    expect(priced).toBeGreaterThan(2);
  });

  it('privacy: the admin exports everything about one address, then deletes it', async () => {
    const admin = await t.signedIn();
    const exported = await admin.get('/_api/admin/newsletter-privacy').query({ email: 'B@example.com' });
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({ email: 'b@example.com', subscriber: { email: 'b@example.com', source: 'discounts-page' } });
    expect(exported.body.deliveries.length).toBeGreaterThanOrEqual(1);
    expect((await admin.delete('/_api/admin/newsletter-privacy').query({ email: 'b@example.com' })).body).toEqual({ email: 'b@example.com', deleted: true });
    expect(await t.sql(`select 1 from newsletter_subscribers where email = 'b@example.com'`)).toEqual([]);
    expect(await t.sql(`select 1 from campaign_deliveries where email = 'b@example.com'`)).toEqual([]);
    expect((await admin.get('/_api/admin/newsletter-privacy').query({ email: 'b@example.com' })).status).toBe(404);
    expect((await admin.get('/_api/admin/newsletter-privacy').query({ email: 'bad' })).status).toBe(400);
    expect((await t.http().get('/_api/admin/newsletter-privacy').query({ email: 'c@example.com' })).status).toBe(401);
  });

  it('jobs stay registered: the campaign queue is stately', async () => {
    const boss = await t.app.get(JobsService).ready();
    expect((await boss.getQueue('campaign-send'))?.policy).toBe('stately');
  });

  it('the weekly jobs wait for their New York time, one each, and no pg-boss cron is left to evaluate', async () => {
    const boss = await t.app.get(JobsService).ready();
    expect(await boss.getSchedules()).toEqual([]);
    const waiting = await t.sql<{ name: string; start_after: Date }>(
      `select name, start_after from pgboss.job where state = 'created' and name in ('newsletter-digest', 'alerts-weekly', 'alerts-weekly-catch-up') order by name`,
    );
    const now = new Date();
    expect(waiting.map((j) => [j.name, new Date(j.start_after).toISOString()])).toEqual([
      ['alerts-weekly', nextWeeklyRun(now, DIGEST_TIME).toISOString()],
      ['alerts-weekly-catch-up', nextWeeklyRun(now, { weekday: 2, hour: 10 }).toISOString()],
      ['newsletter-digest', nextDigestRun(now).toISOString()],
    ]);
    // A second instance's start keeps the one waiting (the queue is stately): still one each.
    const again = await startTestApp({ databaseUrl: t.databaseUrl });
    try {
      const [{ n }] = await t.sql<{ n: number }>(`select count(*)::int as n from pgboss.job where state = 'created' and name = 'newsletter-digest'`);
      expect(n).toBe(1);
    } finally {
      await again.close();
    }
  });
});

describe('the provider webhook with a secret', () => {
  let t: T;
  beforeAll(async () => {
    t = await startTestAppWithSmtp({ newsletterWebhookSecret: 'w'.repeat(24) });
    await t.sql(`insert into newsletter_subscribers (email, status, confirmed_at) values ('complains@example.com', 'subscribed', now())`);
  });
  afterAll(() => t?.close());

  it('a complaint with the secret sets bouncedAt; a bad body is a 400 that changes nothing', async () => {
    const bad = await t.http().post('/_api/newsletter/events').set('Authorization', `Bearer ${'w'.repeat(24)}`).send({ type: 'open', email: 'complains@example.com' });
    expect(bad.status).toBe(400);
    expect((await t.http().post('/_api/newsletter/events').set('X-Webhook-Secret', 'wrong').send({ type: 'bounce', email: 'complains@example.com' })).status).toBe(401);
    expect((await t.sql<{ bounced_at: Date | null }>(`select bounced_at from newsletter_subscribers where email = 'complains@example.com'`))[0]!.bounced_at).toBeNull();
    const ok = await t.http().post('/_api/newsletter/events').set('X-Webhook-Secret', 'w'.repeat(24)).send({ type: 'complaint', email: 'Complains@example.com' });
    expect(ok.body).toEqual({ received: true, matched: true });
    expect((await t.sql<{ bounced_at: Date | null }>(`select bounced_at from newsletter_subscribers where email = 'complains@example.com'`))[0]!.bounced_at).toBeInstanceOf(Date);
  });
});
