import pg from 'pg';
import { fanOut, type DigestSection, type FanOutParts, type FanOutPlan, type FanOutResult } from './fan-out.js';
import { MailTransport, type MailTransportOptions } from './mail-transport.js';
import { fillLetter, type Letter, type MailReceipt, type OutgoingMail, type SlotFills } from './mail.types.js';

/** What a digest's fan-out asks of the app: a copy's own followed-firms section, and what became of it (AlertsService). */
export interface FanOutApp {
  section(email: string): Promise<DigestSection | null>;
  sectionDone(deliveryId: string, outcome: 'sent' | 'failed' | 'released'): Promise<void>;
}

/** A letter set once for a campaign run: each `send` gives only the recipient and their slot values. */
export interface LetterHandle {
  send(to: string, fills: SlotFills): Promise<MailReceipt>;
  /** Runs a campaign's rounds (fan-out.ts) on the sender's pool to `databaseUrl`; `stop` aborted hands over after the messages in flight. */
  fanOut(plan: FanOutPlan, databaseUrl: string, app: FanOutApp, stop: AbortSignal): Promise<FanOutResult>;
  /** The run is over. */
  close(): void;
}

/**
 * Builds and sends every message (nodemailer: SMTP pool or the outbox), and runs a campaign's claim–send–record
 * rounds on a pool of its own (`poolSize`: config's connection budget). It runs in the process that runs the jobs —
 * a worker copy, or `all`'s worker child (issue #32) — so no visitor's request shares its event loop, and the
 * kernel's scheduler keeps it behind the web by the process's priority: no thread of its own, no `chrt`.
 * Errors as MailTransport throws them: PermanentMailError on a 5xx, MailSendError `not-sent` or `in-doubt` otherwise.
 */
export class MailSender {
  private readonly transport: MailTransport;
  private pool: { url: string; pool: pg.Pool } | undefined;

  constructor(options: MailTransportOptions, private readonly poolSize: number) {
    this.transport = new MailTransport(options);
  }

  send(message: OutgoingMail): Promise<MailReceipt> {
    return this.transport.send(message);
  }

  letter(letter: Letter): LetterHandle {
    return {
      send: (to, fills) => this.transport.send(fillLetter(letter, to, fills)),
      fanOut: (plan, databaseUrl, app, stop) => {
        const db = this.database(databaseUrl);
        const parts: FanOutParts = {
          query: async ({ name, text }, params) => (await db.query({ name, text, values: params })).rows,
          send: (to, fills) => this.transport.send(fillLetter(letter, to, fills)),
          isStopping: () => stop.aborted,
          section: (email) => app.section(email),
          sectionDone: (deliveryId, outcome) => app.sectionDone(deliveryId, outcome),
        };
        return fanOut(plan, parts);
      },
      close: () => undefined,
    };
  }

  /** Closes the SMTP pool and the database pool (after the jobs stopped: nothing is in flight any more). */
  async close(): Promise<void> {
    this.transport.close();
    const pool = this.pool;
    this.pool = undefined;
    await pool?.pool.end().catch(() => undefined);
  }

  /** The pool for the database the app names (a new one if the app's database moved, e.g. a restarted embedded server). */
  private database(url: string): pg.Pool {
    if (this.pool?.url !== url) {
      void this.pool?.pool.end().catch(() => undefined);
      this.pool = { url, pool: new pg.Pool({ connectionString: url, max: this.poolSize, application_name: 'vtf-mail' }) };
      // An idle connection lost (the database stopping or restarting) is dropped by the pool; the next query opens another.
      this.pool.pool.on('error', () => undefined);
    }
    return this.pool.pool;
  }
}
