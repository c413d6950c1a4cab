/**
 * The one claim–send–record loop of bulk mail (issue #32), campaigns and alerts alike, under the one delivery rule
 * (delivery-rule.ts, docs/decisions/one-delivery-rule.md): at most once, in doubt counted. A delivery source says how
 * its rows are claimed, marked sending, recorded and given back; the loop decides, the same way for both, what each
 * answer means and when the run stops. Campaigns send rounds of one message per SMTP connection at their rate
 * (fan-out.ts); alerts one at a time (alerts.service.ts).
 */
import { PermanentMailError } from './mail.types.js';
import { notAccepted } from './delivery-rule.js';

/** What a message's send came to, by the rule: arrived, refused for good (5xx), maybe arrived, or certainly not. */
export type SendOutcome = 'sent' | 'bounced' | 'in-doubt' | 'not-sent';

/** The rule's verdict on a failed send. */
export function outcomeOf(error: unknown): Exclude<SendOutcome, 'sent'> {
  if (error instanceof PermanentMailError) return 'bounced';
  return notAccepted(error) ? 'not-sent' : 'in-doubt';
}

/** Where a loop's deliveries come from and where their outcomes go: campaign rows, alert deliveries. */
export interface DeliverySource<T> {
  /**
   * Claims up to `size` deliveries for this sender (none: the queue is empty), and records `accepted` — the previous
   * round's messages the server took — as sent, in the same statement where the source can (one commit for both).
   */
  claim(size: number, accepted: T[]): Promise<T[]>;
  /** Records accepted messages as sent when no claim follows at once (the run waits for its rate, or ends). */
  recordSent(accepted: T[]): Promise<void>;
  /**
   * Right before the hand-over: marks the delivery sending. False when the claim is no longer this sender's (it was
   * frozen past the claim's timeout and another sender took it over): then it is not sent by this one.
   */
  begin(item: T): Promise<boolean>;
  /** Hands the message to the mail server; throws as MailTransport does. */
  send(item: T): Promise<void>;
  /** The server refused it for good (5xx): never tried again. */
  recordBounced(item: T, reason: string): Promise<void>;
  /** Handed over and no answer: it may have arrived, so it is closed in doubt and never sent again. */
  recordInDoubt(item: T, reason: string): Promise<void>;
  /**
   * Certainly not at the server (4xx, no connection): given back to be sent later. `tried` says whether this sender
   * handed it over (false: a delivery of the round left unsent once the run paused).
   */
  release(item: T, reason: string, tried: boolean): Promise<void>;
}

export interface LoopOptions {
  /** Deliveries per claim. */
  roundSize: number;
  /** Messages of a round in flight at once: one per SMTP connection for a campaign, one for alerts. */
  lanes: number;
  /** Milliseconds to wait before the next message so all keep to the rate (0: no rate). */
  nextSlot?: () => number;
  /** Milliseconds until the next slot, without taking it. */
  untilNextSlot?: () => number;
  /** Whether the run may take another round (the slice not over, the app not stopping). */
  goesOn?: () => boolean;
}

/** How a run ended and what it did: `paused` by a send that certainly did not arrive (the reason); counts by outcome. */
export interface LoopResult {
  paused?: string;
  /** Ended by goesOn (slice over or stopping), with deliveries perhaps left. */
  stopped: boolean;
  sent: number;
  bounced: number;
  inDoubt: number;
  released: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims rounds and sends them until the queue is empty, goesOn says stop or a send pauses the run. A round's
 * accepted messages are recorded with the next claim, or at once when the run must wait or ends: at most a round is in
 * doubt after a kill. A send that certainly did not arrive pauses the run: the round's messages not yet handed over are
 * given back unsent, those in flight finish and are recorded.
 */
export async function runSendLoop<T>(source: DeliverySource<T>, options: LoopOptions): Promise<LoopResult> {
  const result: LoopResult = { stopped: false, sent: 0, bounced: 0, inDoubt: 0, released: 0 };
  let accepted: T[] = [];
  for (;;) {
    const go = result.paused === undefined && (options.goesOn?.() ?? true);
    if (!go && result.paused === undefined) result.stopped = true;
    const wait = go ? (options.untilNextSlot?.() ?? 0) : 0;
    if (accepted.length && (!go || wait > 0)) {
      await source.recordSent(accepted);
      accepted = [];
    }
    if (!go) break;
    if (wait > 0) await sleep(wait);
    const round = await source.claim(options.roundSize, accepted);
    accepted = [];
    if (!round.length) break;
    let next = 0;
    const lane = async () => {
      while (next < round.length) {
        const item = round[next++]!;
        if (result.paused !== undefined) {
          await source.release(item, result.paused, false);
          result.released++;
          continue;
        }
        const slot = options.nextSlot?.() ?? 0;
        if (slot > 0) await sleep(slot);
        const outcome = await sendOne(source, item, result);
        if (outcome === 'sent') accepted.push(item);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.lanes, round.length)) }, lane));
  }
  return result;
}

/** One delivery through the rule: marked sending, handed over, its outcome recorded (sent: by the caller, batched). */
async function sendOne<T>(source: DeliverySource<T>, item: T, result: LoopResult): Promise<SendOutcome | 'skipped'> {
  if (!(await source.begin(item))) return 'skipped';
  try {
    await source.send(item);
    result.sent++;
    return 'sent';
  } catch (error) {
    const reason = (error as Error).message.slice(0, 500);
    const outcome = outcomeOf(error);
    if (outcome === 'bounced') {
      await source.recordBounced(item, reason);
      result.bounced++;
    } else if (outcome === 'in-doubt') {
      await source.recordInDoubt(item, reason);
      result.inDoubt++;
      result.paused ??= reason;
    } else {
      await source.release(item, reason, true);
      result.released++;
      result.paused ??= reason;
    }
    return outcome;
  }
}
