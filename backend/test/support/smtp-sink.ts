/**
 * A real SMTP server in the test process (smtp-server), on a free port of 127.0.0.1: it accepts every message
 * (no TLS, any or no login) and keeps each one parsed by mailparser, as a mail client would read it. It can be
 * taken down and brought back on the same port (a mail server that is away), and can refuse chosen recipients
 * with a given SMTP code (a permanent 5xx bounce, a temporary 4xx).
 *
 * Use: `const smtp = await startSmtpSink(); const t = await startTestApp({ smtpUrl: smtp.url })`, or
 * `startTestAppWithSmtp()` for both at once.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { createServer as createNetServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: Buffer;
  parsed: ParsedMail;
  /** The sender's side of the connection: which process sent it (ss, lsof) when several do. */
  remotePort: number;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL (config.smtpUrl). */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Messages to `address` (case-insensitive). */
  to(address: string): ReceivedMail[];
  /** Resolves once at least `count` messages (matching `filter`) have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, options?: { timeoutMs?: number; filter?: (m: ReceivedMail) => boolean }): Promise<ReceivedMail[]>;
  /** Answer RCPT TO for matching addresses with this code (e.g. 550, or 451), or stop refusing (null). */
  refuse(code: number | null, match?: (address: string) => boolean): void;
  /** The server stops listening (connections are refused) … */
  down(): Promise<void>;
  /** … and comes back on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** `socketTimeoutMs`: how long a connection may stay silent before the server closes it (smtp-server's default 60 s; Postfix's 300 s). */
export async function startSmtpSink(options: { delayMs?: number; socketTimeoutMs?: number } = {}): Promise<SmtpSink> {
  const port = await freePort();
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refusal: { code: number; match: (address: string) => boolean } | null = null;

  const make = () =>
    new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      // A stop (down()) closes open pooled connections promptly instead of after 30 s.
      closeTimeout: 100,
      ...(options.socketTimeoutMs !== undefined && { socketTimeout: options.socketTimeoutMs }),
      // The connection limit of a small provider; nodemailer's pool uses a few.
      maxClients: 50,
      onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
      onRcptTo: (address, _session, callback) => {
        if (refusal && refusal.match(address.address)) {
          const error = new Error(`${refusal.code === 550 ? 'Mailbox unavailable' : 'Try again later'}: ${address.address}`) as Error & { responseCode: number };
          error.responseCode = refusal.code;
          return callback(error);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          const envelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          };
          simpleParser(raw)
            .then((parsed) => {
              messages.push({ envelope, raw, parsed, remotePort: session.remotePort });
              for (const wake of waiters) wake();
              if (options.delayMs) setTimeout(() => callback(), options.delayMs);
              else callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });

  let server = make();
  const listen = () => new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      // A sender killed mid-message (SIGKILL, e2e/roles.e2e.ts) resets its sockets: the sender's failure, not the sink's.
      server.on('error', () => undefined);
      resolve();
    });
  });
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  await listen();
  let running = true;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    to: (address) => messages.filter((m) => m.envelope.to.some((t) => t.toLowerCase() === address.toLowerCase())),
    waitFor(count, { timeoutMs = 15_000, filter = () => true } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.filter(filter);
          if (found.length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`SMTP sink: ${messages.filter(filter).length} of ${count} message(s) after ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    refuse(code, match = () => true) {
      refusal = code === null ? null : { code, match };
    },
    async down() {
      if (!running) return;
      running = false;
      await stop();
    },
    async up() {
      if (running) return;
      server = make();
      await listen();
      running = true;
    },
    async close() {
      if (running) await stop();
      running = false;
    },
  };
}
