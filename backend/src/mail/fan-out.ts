/**
 * A campaign run's rounds: claim delivery rows, send their copies, record the answers, until the queue is empty,
 * the slice is over, the app stops or a send pauses the run. It runs in the process that runs the jobs (a worker,
 * or `all`'s worker child: issue #32) on a database pool of the mail sender's own (mail-sender.ts), so the round
 * trips, token signing and bookkeeping never take the event loop that answers visitors (issue #16's send bench: they
 * were 479 µs of a web process's time per message). CampaignSender prepares the run (recipients, the letter, rows
 * left in doubt) and decides what follows it. The rules are those of docs/decisions/campaign-at-most-once.md.
 */
import { signToken } from '../common/signed-token.js';
import { FOLLOWS_SLOT, RECIPIENT_SLOT, UNSUBSCRIBE_SLOT } from './templates/slots.js';
import type { SlotFills } from './mail.types.js';
import { subscriberBouncedSql } from './subscriber-bounce.sql.js';
import { createUnsubscribeToken } from './unsubscribe-token.js';
import { IN_DOUBT, notAccepted } from './delivery-rule.js';
import { runSendLoop, type DeliverySource } from './send-loop.js';

// The delivery rule is shared with the alerts' sender (delivery-rule.ts); named here too for existing importers.
export { IN_DOUBT, notAccepted };

/** Purpose of the recipient token in click and preferences links. */
export const RECIPIENT_PURPOSE = 'newsletter-recipient';
/** A delivery whose send failed (not a 5xx) is tried this many times before it counts as failed. */
const MAX_ATTEMPTS = 5;

/** The keys a recipient's links are signed with. */
export interface RecipientKeys {
  recipient: Buffer;
  unsubscribe: Buffer;
}

/** The signed token of a recipient's click and preferences links. */
function recipientToken(keys: RecipientKeys, subscriberId: number): string {
  return signToken(keys.recipient, RECIPIENT_PURPOSE, String(subscriberId));
}

/** One recipient's slots: the signed tokens of their links and List-Unsubscribe, and their own section (a digest's followed firms). */
export function recipientFills(keys: RecipientKeys, subscriberId: number, followed?: { html: string; text: string }): SlotFills {
  return {
    [RECIPIENT_SLOT]: recipientToken(keys, subscriberId),
    [UNSUBSCRIBE_SLOT]: createUnsubscribeToken(subscriberId, keys.unsubscribe),
    [FOLLOWS_SLOT]: followed ?? '',
  };
}

/** What the main thread hands the mail thread for one run: plain data (it crosses as a structured clone). */
export interface FanOutPlan {
  campaignId: number;
  /** The pg-boss job this run belongs to: its claims are marked with it. */
  jobId: string;
  /** Messages in flight at once (a round), one per pooled SMTP connection: at most this many are in doubt after a kill. */
  lanes: number;
  ratePerSecond: number;
  /** Epoch ms at which the run hands over to a fresh job. */
  deadline: number;
  keys: RecipientKeys;
  /** A digest: each copy asks the app for the recipient's own section (FanOutParts.section). */
  withSections: boolean;
}

/** How a run ended: paused by a send failure (the reason), handed over (slice over or stopping), or neither: the queue is empty. */
export interface FanOutResult {
  paused?: string;
  handOver: boolean;
  /** A row went back to the queue of a campaign another job had meanwhile marked sent: the campaign was reopened. */
  reopened?: boolean;
}

export interface DigestSection {
  deliveryId: string;
  html: string;
  text: string;
}

/**
 * A statement run once per message: named, so each connection parses and plans it once (PostgreSQL's prepared
 * statements) instead of for every message.
 */
export interface Statement {
  name: string;
  text: string;
}

/** What a run works with, supplied by the mail thread. */
export interface FanOutParts {
  query<T>(statement: Statement, params: unknown[]): Promise<T[]>;
  /** Sends the letter's copy; throws PermanentMailError on a 5xx, else an error with the server's or the socket's code. */
  send(to: string, fills: SlotFills): Promise<unknown>;
  isStopping(): boolean;
  section(email: string): Promise<DigestSection | null>;
  sectionDone(deliveryId: string, outcome: 'sent' | 'failed' | 'released'): Promise<void>;
}

interface DeliveryRow {
  id: string;
  subscriber_id: number;
  email: string;
  attempts: number;
}

/** What the rounds of one run share: the pace, the id cursor, and whether a row given back reopened the campaign. */
class Pace {
  cursor = '0';
  reopened = false;
  private slot = Date.now();

  constructor(private readonly plan: FanOutPlan, private readonly isStopping: () => boolean) {}

  /** Milliseconds to wait before the next message so the messages together keep to the rate (no bursts above it). */
  nextSlot(): number {
    const now = Date.now();
    const at = Math.max(this.slot, now);
    this.slot = at + 1000 / Math.max(1, this.plan.ratePerSecond);
    return at - now;
  }

  /** Milliseconds until the next message's slot, without taking it. */
  untilNextSlot(): number {
    return Math.max(0, this.slot - Date.now());
  }

  /**
   * Messages claimed together: one per SMTP connection, but no more than the rate sends in a tenth of a second, so a
   * claimed row waits at most that long for its slot (a slow rate claims one at a time).
   */
  roundSize(): number {
    return Math.max(1, Math.min(this.plan.lanes, Math.floor(this.plan.ratePerSecond / 10)));
  }

  /** Whether the run goes on: the slice not over, the app not stopping. */
  goesOn(): boolean {
    return Date.now() < this.plan.deadline && !this.isStopping();
  }
}

const RECORD_SENT: Statement = {
  name: 'fan-out-record-sent',
  text: `update campaign_deliveries set state = 'sent', sent_at = now(), error = null where id = any($1::bigint[])`,
};
const CLAIM: Statement = {
  name: 'fan-out-claim',
  text: `with done as (update campaign_deliveries set state = 'sent', sent_at = now(), error = null where id = any($1::bigint[])),
         pick as (select id from campaign_deliveries where campaign_id = $2 and state = 'queued' and id > $3::bigint order by id limit $5 for update skip locked)
         update campaign_deliveries d set state = 'sending', claimed_at = now(), claimed_by = $4::uuid, attempts = d.attempts + 1
         from pick where d.id = pick.id returning d.id, d.subscriber_id, d.email, d.attempts`,
};
const RECORD_BOUNCED: Statement = { name: 'fan-out-record-bounced', text: `update campaign_deliveries set state = 'bounced', error = $1 where id = $2` };
const SUBSCRIBER_BOUNCED: Statement = {
  name: 'fan-out-subscriber-bounced',
  text: subscriberBouncedSql('id = $1'),
};
const RECORD_FAILED: Statement = { name: 'fan-out-record-failed', text: `update campaign_deliveries set state = 'failed', error = $1 where id = $2` };
/**
 * A message certainly not sent goes back to the queue, and in the same statement its campaign is reopened if another
 * job marked it sent meanwhile (this sender was frozen past its lease): the campaign's row is locked first, so a
 * CampaignSender.markSent in progress (which locks it before it counts the rows left) either saw this row queued or
 * has committed 'sent' by the time the lock is granted, and is undone here. Returns a row when it reopened.
 */
const RECORD_RETRY: Statement = {
  name: 'fan-out-record-retry',
  text: `with row as (update campaign_deliveries set state = $1, error = $2, claimed_at = null, claimed_by = null where id = $3 returning campaign_id, state),
         locked as (select c.id, c.status from campaigns c join row on row.campaign_id = c.id and row.state = 'queued' for update of c)
         update campaigns c set status = 'sending', sent_at = null, updated_at = now()
         from locked where c.id = locked.id and locked.status = 'sent' returning c.id`,
};

/**
 * Runs the plan in rounds of the one claim–send–record loop (send-loop.ts) until the queue is empty, the slice is
 * over, the app stops or a send pauses the run. A round claims up to one row per SMTP connection in one statement,
 * which also records the previous round's accepted messages as sent, then sends its copies side by side: one commit
 * for several messages (a commit per message was ~40 % of PostgreSQL's CPU in the send bench). At most a round's
 * messages are in doubt after a kill.
 */
export async function fanOut(plan: FanOutPlan, parts: FanOutParts): Promise<FanOutResult> {
  const pace = new Pace(plan, parts.isStopping);
  const result = await runSendLoop(campaignSource(plan, parts, pace), {
    roundSize: pace.roundSize(),
    lanes: plan.lanes,
    nextSlot: () => pace.nextSlot(),
    untilNextSlot: () => pace.untilNextSlot(),
    goesOn: () => pace.goesOn(),
  });
  return { ...(result.paused !== undefined && { paused: result.paused }), handOver: result.stopped, ...(pace.reopened && { reopened: true }) };
}

/** A campaign row claimed for a round, with the digest section its copy carries once it is being sent. */
interface CampaignItem extends DeliveryRow {
  followed?: DigestSection | null;
}

/** The campaign's delivery rows as the loop's source: claims carry the pg-boss job's id, rows go through `id` order. */
function campaignSource(plan: FanOutPlan, parts: FanOutParts, pace: Pace): DeliverySource<CampaignItem> {
  const sectionDone = async (item: CampaignItem, outcome: 'sent' | 'failed' | 'released') => {
    if (item.followed) await parts.sectionDone(item.followed.deliveryId, outcome);
  };
  return {
    async claim(size, accepted) {
      const rows = await parts.query<CampaignItem>(CLAIM, [accepted.map((r) => r.id), plan.campaignId, pace.cursor, plan.jobId, size]);
      rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
      if (rows.length) pace.cursor = rows.at(-1)!.id;
      return rows;
    },
    async recordSent(accepted) {
      await parts.query(RECORD_SENT, [accepted.map((r) => r.id)]);
    },
    async begin(item) {
      // A weekly trader's week of followed firms rides in their digest copy (issue #19).
      item.followed = plan.withSections ? await parts.section(item.email) : null;
      return true;
    },
    async send(item) {
      await parts.send(item.email, recipientFills(plan.keys, item.subscriber_id, item.followed ?? undefined));
      await sectionDone(item, 'sent');
    },
    async recordBounced(item, reason) {
      await sectionDone(item, 'failed');
      await parts.query(RECORD_BOUNCED, [reason, item.id]);
      await parts.query(SUBSCRIBER_BOUNCED, [item.subscriber_id]);
    },
    async recordInDoubt(item, reason) {
      await sectionDone(item, 'released');
      await parts.query(RECORD_FAILED, [`${IN_DOUBT}: ${reason}`.slice(0, 500), item.id]);
    },
    async release(item, reason) {
      await sectionDone(item, 'released');
      const state = item.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued';
      const reopened = await parts.query(RECORD_RETRY, [state, reason, item.id]);
      if (reopened.length) pace.reopened = true;
    },
  };
}
