/**
 * The only place that reads process.env. Everything else receives an AppConfig.
 * Invalid values stop the start with a message naming the variable.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { SITE_NAME } from '../../../common/constants.js';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL'),
  // How long a start waits for an external PostgreSQL (DATABASE_URL) that cannot be reached yet (issue #35).
  DATABASE_WAIT_SECONDS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(3600).default(120)),
  DATA_DIR: z.string().trim().min(1).default('.data'),
  SESSION_SECRET: z.string().optional().transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
  ADMIN_EMAIL: z.string().trim().optional().transform((v) => (v ? v.toLowerCase() : undefined))
    .refine((v) => v === undefined || z.email().safeParse(v).success, 'must be an email address'),
  ADMIN_PASSWORD: z.string().optional().transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 8, 'must be at least 8 characters'),
  PUBLIC_SITE_URL: z.string().trim().optional().transform((v) => (v ? v.replace(/\/+$/, '') : undefined))
    .refine((v) => v === undefined || /^https?:\/\/[^/]+/.test(v), 'must be an http(s) URL'),
  TRUST_PROXY: z.string().optional().transform((v) => (v ? v : undefined)),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug']).default('log'),
  SEED_DEMO_CONTENT: z.enum(['true', 'false']).optional(),
  UNSUBSCRIBE_SECRET: z.string().optional().transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  API_DOCS: z.enum(['true', 'false']).optional(),
  REPORT_FIGURES_REFRESH_SECONDS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(3600).default(60)),
  // Follow alerts (issue #19): at most one alert mail per trader per window; the fan-out runs every tick.
  ALERT_WINDOW_SECONDS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(86_400).default(900)),
  ALERT_TICK_SECONDS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(60).default(15)),
  SMTP_URL: z.string().trim().optional().transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^smtps?:\/\/[^/]+/.test(v), 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().trim().optional().transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/.test(v), 'must be an address, e.g. "Site <news@example.com>"'),
  // SMTP timeouts (issue #35), in ms: reaching the server, its greeting, any one reply (a command's, or the final one
  // after the message), and the whole message from hand-over to the pool until the server's final answer.
  SMTP_CONNECT_TIMEOUT_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(100).max(600_000).default(10_000)),
  SMTP_GREETING_TIMEOUT_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(100).max(600_000).default(10_000)),
  SMTP_REPLY_TIMEOUT_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(100).max(600_000).default(20_000)),
  SMTP_MESSAGE_TIMEOUT_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(100).max(600_000).default(60_000)),
  MAIL_OUTBOX: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['0', '1', 'true', 'false']).optional()),
  NEWSLETTER_WEBHOOK_SECRET: z.string().optional().transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
  AUDIT_RETENTION_DAYS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(3650).default(365)),
  PREVIEW_LINK_DAYS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(90).default(7)),
  // Issue #32: what this copy does. web: pages and API, jobs only enqueued; worker: every job, only /_api/health;
  // all: the web role here and a worker child process.
  ROLE: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['web', 'worker', 'all']).default('all')),
  // The ORM's pool, the one knob of a copy's connection budget (connectionBudget below; docs/operations.md).
  DATABASE_POOL_SIZE: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(2).max(100).default(10)),
});

export type Role = 'web' | 'worker' | 'all';

/**
 * The PostgreSQL connections one process of a role opens at most, by pool (issue #32): set here and nowhere else,
 * so docs/operations.md's sum for N copies holds. A web copy's session store and a worker's mail pool are 0 where
 * that role never uses them (their pools connect on first use only).
 */
export interface ConnectionBudget {
  /** MikroORM's pool (DATABASE_POOL_SIZE): requests, jobs' own queries. */
  orm: number;
  /** express-session's store (connect-pg-simple). */
  sessions: number;
  /** The cache's LISTEN connection (one, held). */
  listen: number;
  /** pg-boss: a web copy only sends; a worker also fetches, completes and runs maintenance. */
  jobs: number;
  /** A campaign run's claim–send–record rounds (worker only). */
  mail: number;
}

/** The budget of one process of `role` (`all` is its web parent; its worker child counts as a worker). */
export function connectionBudget(role: Role, ormPool: number): ConnectionBudget {
  const works = role !== 'web';
  return { orm: ormPool, sessions: role === 'worker' ? 1 : 5, listen: 1, jobs: works ? 4 : 2, mail: works ? 3 : 0 };
}

/** The sum over a deployment, for docs and the start-up log: each copy's processes' budgets added up. */
export function connectionsNeeded(copies: { web: number; worker: number; all: number }, ormPool: number): number {
  const total = (b: ConnectionBudget) => b.orm + b.sessions + b.listen + b.jobs + b.mail;
  return copies.web * total(connectionBudget('web', ormPool))
    + copies.worker * total(connectionBudget('worker', ormPool))
    + copies.all * (total(connectionBudget('web', ormPool)) + total(connectionBudget('worker', ormPool)));
}

export interface SmtpTimeouts { connectMs: number; greetingMs: number; replyMs: number; messageMs: number }

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  /** Undefined means: start the embedded PostgreSQL. */
  databaseUrl: string | undefined;
  /** How long a start waits for an external database that refuses connections or is starting up (DATABASE_WAIT_SECONDS). */
  databaseWaitSeconds: number;
  dataDir: string;
  sessionSecret: string;
  /** HMAC key of the visitor hash (common/visitor.ts), derived from the session secret: never stored. */
  visitorKey: Buffer;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  publicSiteUrl: string;
  /** Express "trust proxy" setting: hop count, or a list of addresses. */
  trustProxy: number | string | false;
  logLevel: 'error' | 'warn' | 'log' | 'debug';
  /** Fill empty tables with demo content at start (default: on outside production). */
  seedDemoContent: boolean;
  /** Where the built front end lives (index.html and assets/). */
  frontendDir: string;
  /** HMAC key of unsubscribe links: its own key, so rotating the session secret need not break sent newsletters. */
  unsubscribeKey: Buffer;
  /**
   * Keys that still verify (never sign) unsubscribe links: links sent before the key was derived were
   * signed with the raw session secret, and an unsubscribe link must keep working (CAN-SPAM, GDPR).
   */
  legacyUnsubscribeKeys: Array<Buffer | string>;
  /** How long a stop waits for requests in flight before closing their connections. */
  shutdownGraceMs: number;
  /** Serve Swagger UI and the OpenAPI document (default: outside production only). */
  apiDocs: boolean;
  /** How often the success-rate figures are recomputed from visitors' reports (issue #11); at most this old. */
  reportFiguresRefreshSeconds: number;
  /** At most one alert mail per trader per this many seconds (changes in between are grouped). */
  alertWindowSeconds: number;
  /** How often the alert fan-out looks for new changes (so the first alert goes out within this, plus sending). */
  alertTickSeconds: number;
  /** Where the built server renderer lives (entry-server.js); without it pages are served unrendered. */
  frontendServerDir: string;
  /** `smtp(s)://user:pass@host:port` of the outgoing mail server; undefined: mail is written to `outboxDir`. */
  smtpUrl: string | undefined;
  /**
   * SMTP timeouts in ms (SMTP_*_TIMEOUT_MS): connect, greeting, one reply (each command's, and the final one after
   * the message's end), and the whole message. A timeout before the message was handed over means "not sent" (tried
   * again); after it, "in doubt" (the server may have it: never sent twice).
   */
  smtpTimeouts: SmtpTimeouts;
  /** The sender of every message (From:). */
  mailFrom: string;
  /** The folder of .eml files an earlier version kept without an SMTP server: imported into the Outbox table once. */
  outboxDir: string;
  /** Secret a mail provider's webhook (POST /_api/newsletter/events) must present; undefined: the webhook is off. */
  newsletterWebhookSecret: string | undefined;
  /** Base secret of signed links' per-purpose keys (common/signed-token.ts); see signingKey(). */
  linkSecret: string;
  /** How long audit log entries are kept (issue #20); older ones are swept. */
  auditRetentionDays: number;
  /** HMAC key of draft preview links, and how long a new link stays valid. */
  previewKey: Buffer;
  previewLinkDays: number;
  /** ROLE (issue #32): what this copy is. */
  role: Role;
  /**
   * Whether this process runs the jobs (pg-boss workers, schedules, senders): a worker, and `all` built in one
   * process (the tests' in-process app). main.ts clears it for the parent of `all`, whose worker is a child.
   */
  runsJobs: boolean;
  /** Whether this process serves the site (a worker serves only /_api/health). */
  servesWeb: boolean;
  /** Each pool's size in this process: the one place they are set. */
  connections: ConnectionBudget;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration: SESSION_SECRET is required when NODE_ENV=production');
  }
  const outboxOnPurpose = e.MAIL_OUTBOX === '1' || e.MAIL_OUTBOX === 'true';
  if (isProduction && !e.SMTP_URL && !outboxOnPurpose) {
    throw new ConfigError(
      'Invalid configuration: SMTP_URL is required when NODE_ENV=production (or set MAIL_OUTBOX=1 to keep mail in the Outbox on purpose)',
    );
  }
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const dataDir = resolve(e.DATA_DIR);
  const sessionSecret = e.SESSION_SECRET ?? localSessionSecret(dataDir);
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    sessionSecret,
    visitorKey: deriveKey(sessionSecret, 'visitor'),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    publicSiteUrl: e.PUBLIC_SITE_URL ?? `http://localhost:${e.PORT}`,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    seedDemoContent: e.SEED_DEMO_CONTENT ? e.SEED_DEMO_CONTENT === 'true' : !isProduction,
    frontendDir: resolve('dist/frontend'),
    unsubscribeKey: deriveKey(e.UNSUBSCRIBE_SECRET ?? sessionSecret, 'newsletter-unsubscribe'),
    legacyUnsubscribeKeys: [sessionSecret],
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    apiDocs: e.API_DOCS ? e.API_DOCS === 'true' : !isProduction,
    reportFiguresRefreshSeconds: e.REPORT_FIGURES_REFRESH_SECONDS,
    alertWindowSeconds: e.ALERT_WINDOW_SECONDS,
    alertTickSeconds: e.ALERT_TICK_SECONDS,
    frontendServerDir: resolve('dist/frontend-server'),
    databaseWaitSeconds: e.DATABASE_WAIT_SECONDS,
    smtpUrl: e.SMTP_URL,
    smtpTimeouts: {
      connectMs: e.SMTP_CONNECT_TIMEOUT_MS, greetingMs: e.SMTP_GREETING_TIMEOUT_MS,
      replyMs: e.SMTP_REPLY_TIMEOUT_MS, messageMs: e.SMTP_MESSAGE_TIMEOUT_MS,
    },
    mailFrom: e.MAIL_FROM ?? `${SITE_NAME} <newsletter@${new URL(e.PUBLIC_SITE_URL ?? 'http://localhost').hostname.replace(/^localhost$/, 'localhost.localdomain')}>`,
    outboxDir: join(dataDir, 'outbox'),
    newsletterWebhookSecret: e.NEWSLETTER_WEBHOOK_SECRET,
    linkSecret: sessionSecret,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    previewKey: deriveKey(sessionSecret, 'post-preview'),
    previewLinkDays: e.PREVIEW_LINK_DAYS,
    role: e.ROLE,
    runsJobs: e.ROLE !== 'web',
    servesWeb: e.ROLE !== 'worker',
    connections: connectionBudget(e.ROLE, e.DATABASE_POOL_SIZE),
  };
}

const signingKeys = new Map<string, Buffer>();

/**
 * The HMAC key of one kind of signed link (common/signed-token.ts), derived from the link secret per purpose
 * and kept for the process. Unsubscribe links keep their own key (config.unsubscribeKey).
 */
export function signingKey(config: Pick<AppConfig, 'linkSecret'>, purpose: string): Buffer {
  const id = `${purpose}\u0000${config.linkSecret}`;
  let key = signingKeys.get(id);
  if (!key) signingKeys.set(id, (key = deriveKey(config.linkSecret, `link:${purpose}`)));
  return key;
}

/**
 * A 32-byte key for one purpose, derived from a secret with HKDF-SHA256 (RFC 5869): keys for different
 * purposes are independent, so no signature made for one purpose is valid for another.
 */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', `verified-trader-funding:${purpose}`, 32));
}

/**
 * Outside production a secret is made once and kept in DATA_DIR, so sessions
 * survive restarts without anyone having to configure one.
 */
function localSessionSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function parseTrustProxy(value: string | undefined): number | string | false {
  if (!value || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
