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
import { PermanentMailError, type SlotFills } from './mail.types.js';
import { subscriberBouncedSql } from './subscriber-bounce.sql.js';
import { createUnsubscribeToken } from './unsubscribe-token.js';
import { IN_DOUBT, notAccepted } from './delivery-rule.js';

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

/** What the rounds of one run share: the pace, the id cursor, and why they stop. */
class Pace {
  cursor = '0';
  paused: string | undefined;
  handOver = false;
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

  /** Whether the run goes on: not paused by a failure, the slice not over, the app not stopping. */
  goesOn(): boolean {
    if (!this.handOver && (Date.now() >= this.plan.deadline || this.isStopping())) this.handOver = true;
    return this.paused === undefined && !this.handOver;
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
const RECORD_RETRY: Statement = {
  name: 'fan-out-record-retry',
  text: `update campaign_deliveries set state = $1, error = $2, claimed_at = null, claimed_by = null where id = $3`,
};

/**
 * Runs the plan in rounds until the queue is empty, the slice is over, the app stops or a send pauses the run. A
 * round claims up to one row per SMTP connection in one statement, which also records the previous round's
 * accepted messages as sent, then sends its copies side by side: one commit for several messages (a commit per
 * message was ~40 % of PostgreSQL's CPU in the send bench). At most a round's messages are in doubt after a kill.
 */
export async function fanOut(plan: FanOutPlan, parts: FanOutParts): Promise<FanOutResult> {
  const pace = new Pace(plan, parts.isStopping);
  let accepted: string[] = [];
  for (;;) {
    const go = pace.goesOn();
    const wait = go ? pace.untilNextSlot() : 0;
    if (accepted.length && (!go || wait > 0)) {
      // Recorded at once, whether or not another round follows straight away.
      await parts.query(RECORD_SENT, [accepted]);
      accepted = [];
    }
    if (!go) break;
    if (wait > 0) await sleep(wait);
    const rows = await parts.query<DeliveryRow>(CLAIM, [accepted, plan.campaignId, pace.cursor, plan.jobId, pace.roundSize()]);
    accepted = [];
    if (!rows.length) break;
    rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    pace.cursor = rows.at(-1)!.id;
    const outcomes = await Promise.all(rows.map(async (row) => {
      const slot = pace.nextSlot();
      if (slot > 0) await sleep(slot);
      return deliver(plan, parts, row);
    }));
    rows.forEach((row, i) => {
      const outcome = outcomes[i];
      if (outcome === 'sent') accepted.push(row.id);
      else if (outcome) pace.paused ??= outcome;
    });
  }
  return { ...(pace.paused !== undefined && { paused: pace.paused }), handOver: pace.handOver };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one delivery: 'sent' (recorded with the next claim), the reason to pause the run (recorded here), or undefined
 * (a bounce, or a final failure; recorded here). A failure the server answered (4xx) or a connection never made
 * is queued again; a connection lost mid-message leaves it in doubt, and in doubt is never sent again.
 */
async function deliver(plan: FanOutPlan, parts: FanOutParts, row: DeliveryRow): Promise<string | undefined> {
  // A weekly trader's week of followed firms rides in their digest copy (issue #19).
  const followed = plan.withSections ? await parts.section(row.email) : null;
  try {
    await parts.send(row.email, recipientFills(plan.keys, row.subscriber_id, followed ?? undefined));
    if (followed) await parts.sectionDone(followed.deliveryId, 'sent');
    return 'sent';
  } catch (error) {
    if (followed) await parts.sectionDone(followed.deliveryId, error instanceof PermanentMailError ? 'failed' : 'released');
    const message = (error as Error).message.slice(0, 500);
    if (error instanceof PermanentMailError) {
      await parts.query(RECORD_BOUNCED, [message, row.id]);
      await parts.query(SUBSCRIBER_BOUNCED, [row.subscriber_id]);
      return undefined;
    }
    if (!notAccepted(error)) {
      await parts.query(RECORD_FAILED, [`${IN_DOUBT}: ${message}`.slice(0, 500), row.id]);
      return message;
    }
    const state = row.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued';
    await parts.query(RECORD_RETRY, [state, message, row.id]);
    return message;
  }
}
