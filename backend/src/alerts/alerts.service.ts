import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AlertChange } from '../../../common/alert-mail.js';
import { DIGEST_TIME } from '../../../common/digest-schedule.js';
import type { RuleValue } from '../../../common/rule-changes.js';
import { signToken, verifyToken } from '../common/signed-token.js';
import { APP_CONFIG, signingKey, type AppConfig } from '../config/config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { loadMailTemplates } from '../mail/mail-templates.js';
import { MailService } from '../mail/mail.service.js';
import { IN_DOUBT } from '../mail/delivery-rule.js';
import type { OutgoingMail } from '../mail/mail.types.js';
import { runSendLoop, type DeliverySource } from '../mail/send-loop.js';
import { pgArray } from '../common/pg-array.js';
import { deliverableSql } from '../newsletter/subscriber-rules.sql.js';
import { ALERTS_TICK_QUEUE, ALERTS_SEND_QUEUE, ALERTS_WEEKLY_QUEUE, ALERTS_WEEKLY_CATCH_UP_QUEUE } from '../jobs/queues.js';

/**
 * A weekly trader who gets the Monday digest hears of the week in it; what their digest did not carry (no digest
 * sent by Tuesday 10:00 New York: an empty week, or one left waiting for review) goes out as a mail of its own then.
 */
const DIGEST_MISSED_HOURS = 25;
/** Traders who receive the digest: a confirmed, subscribed, unbounced subscriber with the digest on, same address. */
const DIGEST_RECIPIENT = `exists (select 1 from users du join newsletter_subscribers n on n.email = du.email
  where du.id = i.user_id and ${deliverableSql('n')} and n.digest)`;
const UNSUBSCRIBE_PURPOSE = 'alerts-unsubscribe';
/** Rows per statement of the fan-out and the grouping. */
const FAN_OUT_BATCH = 1000;
const GROUP_BATCH = 5000;
/** Deliveries per claim: their sent marks are recorded with the next claim, so at most this many are in doubt after a kill. */
const SEND_ROUND = 8;
/** Pending deliveries per sender started: a few senders share a large fan-out, a small one needs one. */
const DELIVERIES_PER_SENDER = 200;
/** A claimed delivery whose sender died is taken again after this. */
const CLAIM_TIMEOUT_SECONDS = 300;
/** Senders started per tick at most (each takes batches until none is left). */
const MAX_SENDERS = 4;
/** Messages kept rendered (by set of changes); a fan-out of one change needs one. */
const RENDER_CACHE_SIZE = 200;
/** Stands for a copy's own unsubscribe link in a message rendered for many followers. */
const UNSUBSCRIBE_SLOT = 'https://unsubscribe.invalid/%%ALERT_UNSUBSCRIBE%%';
/** How far ahead a code's end is announced. */
const ENDING_WITHIN_DAYS = 3;

/** One alert delivery in the send loop: claimed with its changes, its message rendered once it is being sent. */
interface AlertSend {
  id: string;
  userId: number;
  kind: 'alert' | 'weekly' | 'digest';
  detail: { email: string; changes: AlertChange[] } | undefined;
  message?: OutgoingMail;
}

/**
 * Alerts of followed firms (issue #19), as pg-boss jobs (no timers of our own):
 *
 * - `alerts-tick`, every ALERT_TICK_SECONDS, one at a time: records codes ending within 3 days; fans each new
 *   `firm_events` row out to one `alert_items` row per follower (one statement per batch of events); groups each
 *   trader's pending items into one `alert_deliveries` row when their last alert is older than the window
 *   (ALERT_WINDOW_SECONDS) — the first alert at the next tick, what follows within the window in one mail at its
 *   end; then starts senders.
 * - `alerts-send`: the bulk-mail loop (mail/send-loop.ts): claims rounds of deliveries (SKIP LOCKED), renders and
 *   sends each mail, records the round sent with the next claim. A delivery row
 *   is the queue entry: it survives a crash; a claim never handed over is taken again, one handed over and never
 *   answered is in doubt and not sent again (at most once, as campaigns: mail/delivery-rule.ts).
 * - `alerts-weekly`: Mondays 09:00 New York, one mail of the week's items to each trader who chose "weekly" and
 *   does not get the digest. A weekly trader who gets the digest finds the week as its "Firms you follow" section
 *   (claimDigestSection, called by the digest's sender per recipient); `alerts-weekly-catch-up` (Tuesdays 10:00)
 *   mails what no digest carried. See docs/decisions/weekly-alerts-in-the-digest.md.
 */
@Injectable()
export class AlertsService implements OnModuleInit {
  private readonly logger = new Logger('Alerts');
  private readonly unsubscribeKey: Buffer;
  /** Rendered messages by set of changes (the oldest dropped first): see rendered(). */
  private readonly renderedByChanges = new Map<string, { subject: string; html: string; text: string }>();

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.unsubscribeKey = signingKey(config, UNSUBSCRIBE_PURPOSE);
  }

  onModuleInit(): void {
    void this.jobs.register(ALERTS_TICK_QUEUE, () => this.tick(), { policy: 'stately', retryLimit: 2, expireInSeconds: 300 });
    void this.jobs.register(ALERTS_SEND_QUEUE, () => this.sendPending(), { concurrency: 2, retryLimit: 5, expireInSeconds: 600 });
    void this.jobs.register(ALERTS_WEEKLY_QUEUE, () => this.weekly(), { policy: 'stately', retryLimit: 3 });
    void this.jobs.register(ALERTS_WEEKLY_CATCH_UP_QUEUE, () => this.weeklyCatchUp(), { policy: 'stately', retryLimit: 3 });
    this.jobs.every(ALERTS_TICK_QUEUE, this.config.alertTickSeconds);
    this.jobs.weekly(ALERTS_WEEKLY_QUEUE, DIGEST_TIME);
    this.jobs.weekly(ALERTS_WEEKLY_CATCH_UP_QUEUE, { weekday: 2, hour: 10 });
  }

  /** One pass of the pipeline; returns what it did (for the bench and the logs). */
  async tick(): Promise<{ events: number; items: number; deliveries: number }> {
    const em = this.em.fork();
    await this.recordEndingCodes(em);
    let events = 0;
    let items = 0;
    for (;;) {
      const [r] = await em.execute<Array<{ events: number; items: number }>>(
        `with claimed as (
           update firm_events set fanned_out_at = now()
           where id in (select id from firm_events where fanned_out_at is null order by id limit ${FAN_OUT_BATCH} for update skip locked)
           returning id, company_id
         ), items as (
           insert into alert_items (user_id, event_id)
           select f.user_id, c.id from claimed c
           join follows f on f.company_id = c.company_id
           left join alert_settings s on s.user_id = f.user_id
           where coalesce(s.frequency, 'immediate') <> 'off'
           on conflict do nothing returning 1
         )
         select (select count(*) from claimed)::int as events, (select count(*) from items)::int as items`,
      );
      events += r!.events;
      items += r!.items;
      if (r!.events < FAN_OUT_BATCH) break;
    }
    const deliveries = await this.group(em, 'alert');
    if (await this.pendingCount(em)) await this.startSenders(em);
    if (events || deliveries) this.logger.log(`${events} change(s) → ${items} alert item(s), ${deliveries} mail(s) queued`);
    return { events, items, deliveries };
  }

  /** Each trader's week of items in one mail (those who chose "weekly" and do not get the digest). */
  async weekly(): Promise<number> {
    const em = this.em.fork();
    const deliveries = await this.group(em, 'weekly', `and not ${DIGEST_RECIPIENT}`);
    if (deliveries) await this.startSenders(em);
    return deliveries;
  }

  /** Digest readers' items that no digest carried (older than Monday's digest): a weekly mail of their own. */
  async weeklyCatchUp(): Promise<number> {
    const em = this.em.fork();
    const deliveries = await this.group(em, 'weekly', `and ${DIGEST_RECIPIENT} and i.created_at < now() - interval '${DIGEST_MISSED_HOURS} hours'`);
    if (deliveries) await this.startSenders(em);
    return deliveries;
  }

  /**
   * The "Firms you follow" section of one digest copy: claims the pending items of the weekly trader with this
   * address into a `digest` delivery (null when there is none). The sender then calls digestSectionDone: `sent`,
   * `failed` (a permanent bounce) or `released` (the mail server is away: the items wait for the retry). The section
   * rides in a message being handed over, so it is claimed as sending: one never settled (a crash) is closed in doubt
   * by alerts-send after the claim timeout, like its digest copy, and not mailed again (at most once).
   */
  async claimDigestSection(email: string): Promise<{ deliveryId: string; html: string; text: string } | null> {
    const em = this.em.fork();
    const [made] = await em.execute<Array<{ id: string }>>(
      `with trader as (
         select u.id from users u join alert_settings s on s.user_id = u.id where u.email = ? and s.frequency = 'weekly'
       ), made as (
         insert into alert_deliveries (user_id, kind, claimed_at, sending_at)
         select t.id, 'digest', now(), now() from trader t where exists (select 1 from alert_items i where i.user_id = t.id and i.delivery_id is null)
         returning id, user_id
       ), linked as (
         update alert_items i set delivery_id = m.id from made m where i.user_id = m.user_id and i.delivery_id is null returning 1
       )
       select m.id from made m where (select count(*) from linked) > 0`,
      [email],
    );
    if (!made) return null;
    const detail = (await this.details(em, [String(made.id)])).get(String(made.id));
    if (!detail?.changes.length) {
      await this.digestSectionDone(String(made.id), 'sent');
      return null;
    }
    const { followedSection } = await loadMailTemplates();
    return { deliveryId: String(made.id), ...followedSection(this.config.publicSiteUrl, detail.changes) };
  }

  async digestSectionDone(deliveryId: string, outcome: 'sent' | 'failed' | 'released'): Promise<void> {
    if (outcome === 'released') {
      await this.em.execute('update alert_items set delivery_id = null where delivery_id = ?', [deliveryId]);
      await this.em.execute('delete from alert_deliveries where id = ?', [deliveryId]);
      return;
    }
    await this.em.execute(`update alert_deliveries set ${outcome === 'sent' ? 'sent_at = now(), failed_at = null, error = null' : 'failed_at = now()'} where id = ?`, [deliveryId]);
  }

  /**
   * Takes deliveries until none is left, through the one claim–send–record loop of bulk mail (mail/send-loop.ts)
   * under its one rule: at most once. Each claim carries this sender's token; right before a message is handed over
   * its delivery is marked `sending_at`, and only while the claim is still this sender's, so a sender frozen past the
   * claim timeout (its claims taken over) does not send what another sends. A delivery left `sending_at` by a sender
   * that died is closed in doubt, never sent again. The mail server away (nothing handed over): what this sender holds
   * is given back and the job fails, for pg-boss to retry it later. Returns the messages sent and the deliveries
   * closed in doubt (the job's output; in doubt is also logged).
   */
  async sendPending(): Promise<{ sent: number; inDoubt: number }> {
    const em = this.em.fork();
    const settled = await this.settleInDoubt(em);
    const result = await runSendLoop(this.alertSource(em, randomUUID()), { roundSize: SEND_ROUND, lanes: 1 });
    if (result.inDoubt) this.logger.warn(`${result.inDoubt} alert mail(s) in doubt (handed over, no answer): not sent again`);
    if (result.paused !== undefined) {
      throw new Error(`Alert mails paused after ${result.sent} sent: ${result.paused}`);
    }
    return { sent: result.sent, inDoubt: settled + result.inDoubt };
  }

  /** The alert deliveries as the send loop's source, claimed under `token`. */
  private alertSource(em: EntityManager, token: string): DeliverySource<AlertSend> {
    const stillMine = 'claim_token = ?::uuid and sent_at is null and failed_at is null';
    const recordFailed = (id: string, error: string) =>
      em.execute('update alert_deliveries set failed_at = now(), error = ? where id = ?', [error.slice(0, 500), id]);
    return {
      claim: async (size, accepted) => {
        // The previous round's messages are recorded sent in the claim's statement; sent even if another sender
        // closed one in doubt meanwhile: it did arrive, once.
        const claimed = await em.execute<Array<{ id: string; user_id: number; kind: 'alert' | 'weekly' | 'digest' }>>(
          `with done as (update alert_deliveries set sent_at = now(), failed_at = null, error = null where id = any(?::bigint[]))
           update alert_deliveries set claimed_at = now(), claim_token = ?::uuid
           where id in (
             select id from alert_deliveries
             where sent_at is null and failed_at is null and sending_at is null
               and (claimed_at is null or claimed_at < now() - make_interval(secs => ?))
             order by id limit ? for update skip locked
           ) returning id, user_id, kind`,
          [pgArray(accepted.map((d) => d.id)), token, CLAIM_TIMEOUT_SECONDS, size],
        );
        if (!claimed.length) return [];
        const details = await this.details(em, claimed.map((d) => String(d.id)));
        return claimed.map((d) => ({ id: String(d.id), userId: d.user_id, kind: d.kind, detail: details.get(String(d.id)) }));
      },
      recordSent: async (accepted) => {
        await em.execute('update alert_deliveries set sent_at = now(), failed_at = null, error = null where id = any(?::bigint[])', [pgArray(accepted.map((d) => d.id))]);
      },
      begin: async (d) => {
        if (!d.detail?.changes.length) {
          // Nothing left to tell (its items went elsewhere): closed without a mail.
          await em.execute(`update alert_deliveries set sent_at = now() where id = ? and claim_token = ?::uuid`, [d.id, token]);
          return false;
        }
        const unsubscribeUrl = this.unsubscribeUrl(d.userId);
        d.message = {
          to: d.detail.email,
          ...(await this.rendered(d.detail.changes, d.kind !== 'alert', unsubscribeUrl)),
          headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        };
        // The claim may have been taken over meanwhile (this sender was starved past the timeout): then it is not ours to send.
        const mine = await em.execute<Array<{ id: string }>>(
          `update alert_deliveries set sending_at = now() where id = ? and ${stillMine} and sending_at is null returning id`, [d.id, token],
        );
        return mine.length > 0;
      },
      send: async (d) => {
        await this.mail.send(d.message!);
      },
      recordBounced: async (d, reason) => {
        await recordFailed(d.id, reason);
      },
      recordInDoubt: async (d, reason) => {
        await recordFailed(d.id, `${IN_DOUBT}: ${reason}`);
      },
      release: async (d) => {
        await em.execute(`update alert_deliveries set claimed_at = null, claim_token = null, sending_at = null where id = ? and ${stillMine}`, [d.id, token]);
      },
    };
  }

  /** Deliveries a sender marked sending and never settled (it died or was frozen past the claim timeout): in doubt. */
  private async settleInDoubt(em: EntityManager): Promise<number> {
    const rows = await em.execute<Array<{ id: string }>>(
      `update alert_deliveries set failed_at = now(), error = ?
       where sent_at is null and failed_at is null and sending_at is not null
         and coalesce(claimed_at, sending_at) < now() - make_interval(secs => ?)
       returning id`,
      [IN_DOUBT, CLAIM_TIMEOUT_SECONDS],
    );
    if (rows.length) this.logger.warn(`${rows.length} alert mail(s) interrupted mid-send, not sent again`);
    return rows.length;
  }

  /**
   * One follower's message. A change reaches every follower of the firm with the same words: the message is
   * rendered once per set of changes (react-email is the costly part of a send) with the unsubscribe link as a
   * placeholder, and each copy gets its own link (URL-safe: base64url token, nothing to escape).
   */
  private async rendered(changes: AlertChange[], weekly: boolean, unsubscribeUrl: string): Promise<{ subject: string; html: string; text: string }> {
    const key = `${weekly ? 'w' : 'a'}:${changes.map((c) => c.eventId).join(',')}`;
    let template = this.renderedByChanges.get(key);
    if (!template) {
      const { renderAlertMail } = await loadMailTemplates();
      template = await renderAlertMail(this.config.publicSiteUrl, changes, UNSUBSCRIBE_SLOT, weekly);
      if (this.renderedByChanges.size >= RENDER_CACHE_SIZE) this.renderedByChanges.delete(this.renderedByChanges.keys().next().value!);
      this.renderedByChanges.set(key, template);
    }
    return { subject: template.subject, html: template.html.replaceAll(UNSUBSCRIBE_SLOT, unsubscribeUrl), text: template.text.replaceAll(UNSUBSCRIBE_SLOT, unsubscribeUrl) };
  }

  /** The one-click unsubscribe link's target: turns alert mails off for the trader the token names. */
  async unsubscribe(token: string): Promise<boolean> {
    const check = verifyToken([this.unsubscribeKey], UNSUBSCRIBE_PURPOSE, token);
    if (!check.ok || !/^\d{1,10}$/.test(check.subject)) return false;
    await this.em.execute(
      `insert into alert_settings (user_id, frequency) select id, 'off' from users where id = ?
       on conflict (user_id) do update set frequency = 'off', updated_at = now()`,
      [Number(check.subject)],
    );
    return true;
  }

  unsubscribeUrl(userId: number): string {
    const token = signToken(this.unsubscribeKey, UNSUBSCRIBE_PURPOSE, String(userId));
    return `${this.config.publicSiteUrl.replace(/\/+$/, '')}/_api/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
  }

  private async recordEndingCodes(em: EntityManager): Promise<void> {
    await em.execute(
      `insert into firm_events (company_id, kind, field, before, after, discount_id)
       select d.company_id, 'code', 'code-ending', to_jsonb(d.discount_code), to_jsonb(to_char(d.valid_until at time zone 'UTC', 'YYYY-MM-DD')), d.id
       from discounts d
       where d.status = 'active' and coalesce(d.discount_code, '') <> ''
         and d.valid_until > now() and d.valid_until <= now() + make_interval(days => ?)
       on conflict do nothing`,
      [ENDING_WITHIN_DAYS],
    );
  }

  /**
   * One delivery per trader with pending items: "alert" for those alerted as it happens whose last alert is older
   * than the window, "weekly" for those who chose the digest. Returns the deliveries made.
   */
  private async group(em: EntityManager, kind: 'alert' | 'weekly', weeklyCondition = ''): Promise<number> {
    let total = 0;
    for (;;) {
      const windowCheck = kind === 'alert'
        ? `and not exists (select 1 from alert_deliveries d where d.user_id = i.user_id and d.kind = 'alert' and d.created_at > now() - make_interval(secs => ${Number(this.config.alertWindowSeconds)}))`
        : weeklyCondition;
      const [r] = await em.execute<Array<{ deliveries: number }>>(
        `with due as (
           select i.user_id from alert_items i
           left join alert_settings s on s.user_id = i.user_id
           where i.delivery_id is null and coalesce(s.frequency, 'immediate') = ? ${windowCheck}
           group by i.user_id limit ${GROUP_BATCH}
         ), made as (
           insert into alert_deliveries (user_id, kind) select user_id, ? from due returning id, user_id
         ), linked as (
           update alert_items i set delivery_id = m.id from made m where i.user_id = m.user_id and i.delivery_id is null ${weeklyCondition} returning 1
         )
         select (select count(*) from made)::int as deliveries, (select count(*) from linked)::int as linked`,
        [kind === 'alert' ? 'immediate' : 'weekly', kind],
      );
      total += r!.deliveries;
      if (r!.deliveries < GROUP_BATCH) return total;
    }
  }

  private async pendingCount(em: EntityManager): Promise<number> {
    const [r] = await em.execute<Array<{ n: number }>>(
      `select count(*)::int as n from alert_deliveries where sent_at is null and failed_at is null
         and (claimed_at is null or claimed_at < now() - make_interval(secs => ?))`,
      [CLAIM_TIMEOUT_SECONDS],
    );
    return r!.n;
  }

  private async startSenders(em: EntityManager): Promise<void> {
    const pending = await this.pendingCount(em);
    const senders = Math.min(MAX_SENDERS, Math.ceil(pending / DELIVERIES_PER_SENDER));
    for (let i = 0; i < senders; i++) await this.jobs.send(ALERTS_SEND_QUEUE, {});
  }

  private async details(em: EntityManager, ids: string[]): Promise<Map<string, { email: string; changes: AlertChange[] }>> {
    const rows = await em.execute<Array<{
      delivery_id: string; email: string; event_id: string; kind: AlertChange['kind']; program: string | null; field: string;
      before: RuleValue; after: RuleValue; discount_id: number | null; created_at: Date; name: string; slug: string;
    }>>(
      `select d.id as delivery_id, u.email, e.id as event_id, e.kind, e.program, e.field, e.before, e.after, e.discount_id, e.created_at,
         c.name, c.slug
       from alert_deliveries d
       join users u on u.id = d.user_id
       join alert_items i on i.delivery_id = d.id
       join firm_events e on e.id = i.event_id
       join companies c on c.id = e.company_id
       where d.id in (?)
       order by d.id, c.name, e.created_at, e.id`,
      [ids],
    );
    const result = new Map<string, { email: string; changes: AlertChange[] }>();
    for (const r of rows) {
      const entry = result.get(String(r.delivery_id)) ?? { email: r.email, changes: [] };
      entry.changes.push({
        eventId: String(r.event_id), firmName: r.name, firmSlug: r.slug, kind: r.kind, program: r.program, field: r.field,
        before: r.before, after: r.after, discountId: r.discount_id, at: new Date(r.created_at).toISOString(),
      });
      result.set(String(r.delivery_id), entry);
    }
    return result;
  }
}
