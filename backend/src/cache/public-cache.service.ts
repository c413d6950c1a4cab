import {
  Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationShutdown, type OnModuleInit,
} from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { SESSION_COOKIE } from '../auth/session.middleware.js';
import { DATABASE, type DatabaseConnection } from '../database/database.module.js';

/** The tables whose rows the public reads show; the triggers of the cache migration name them. */
export type ContentTable = 'companies' | 'discounts' | 'blog_posts';
export const CONTENT_TABLES: readonly ContentTable[] = ['companies', 'discounts', 'blog_posts'];
export const CONTENT_CHANNEL = 'content_changed';
/** The LISTEN connection's application_name (pg_stat_activity shows it). */
export const LISTENER_NAME = 'vtf-public-cache';

/** What a public read computes on a miss: the body to send, and when it stops being true without any write. */
export interface Computed {
  body: unknown;
  /** The next time-based change (a discount expiring, a scheduled post appearing); null when none. */
  expiresAt?: Date | null;
}

interface Entry {
  body: Buffer;
  etag: string;
  expiresAt: number;
  tables: readonly ContentTable[];
  /** The headers the full stack (helmet…) had set when a controller answered: the fast path repeats them. */
  headers?: OutgoingHttpHeaders;
  /** The gzip form, made on the first request that accepts it. */
  gzip?: Buffer;
}

/** Below this size the compression middleware sends bodies as they are; the fast path does the same. */
const GZIP_THRESHOLD = 1024;
/** Headers the fast path sets itself (or must never repeat). */
const OWN_HEADERS = new Set(['set-cookie', 'etag', 'content-length', 'content-type', 'content-encoding', 'vary']);

export interface PublicCacheLimits {
  maxEntries: number;
  maxBytes: number;
  /** The longest an entry lives even when nothing says it changed. */
  ttlMs: number;
  /** First wait before reconnecting a lost LISTEN connection; doubles up to 10 s. */
  reconnectMs: number;
}

export const DEFAULT_LIMITS: PublicCacheLimits = { maxEntries: 2000, maxBytes: 64 * 1024 * 1024, ttlMs: 60_000, reconnectMs: 250 };
const BACKOFF_MAX_MS = 10_000;

/**
 * DESIGN §6: public reads are answered from the serialised body kept here, with a strong ETag, so
 * a repeated read pays no database round trip. Entries are dropped when their tables change —
 * synchronously by the instance that wrote (`invalidate`), and on every instance through
 * PostgreSQL's LISTEN/NOTIFY (the triggers of Migration20261121213000) — and when their time runs out.
 * While the LISTEN connection is down nothing is served from or stored in the cache.
 */
@Injectable()
export class PublicCacheService implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('PublicCache');
  private readonly entries = new Map<string, Entry>();
  /** Request URLs (path and raw query) a controller has answered, to the key it used: the fast path's index. */
  private readonly urls = new Map<string, string>();
  private bytes = 0;
  /** Bumped by every invalidation and every change of listening state: a read that saw it move stores nothing. */
  private generation = 0;
  private listening = false;
  private client: pg.Client | undefined;
  private stopped = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  readonly limits: PublicCacheLimits = { ...DEFAULT_LIMITS };

  constructor(@Inject(DATABASE) private readonly db: DatabaseConnection) {}

  async onModuleInit(): Promise<void> {
    await this.connect();
  }

  /** Before the database may stop: its going away is then no outage to report or reconnect from. */
  beforeApplicationShutdown(): void {
    this.stopped = true;
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    this.setListening(false);
    await client?.end().catch(() => undefined);
  }

  /** Whether this instance currently hears every change (and so may serve from the cache). */
  get isListening(): boolean {
    return this.listening;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * Resolves once every notification committed before the call has been handled: PostgreSQL sends
   * pending notifications before it answers a query on the listening connection.
   */
  async sync(): Promise<void> {
    await this.client?.query('select 1').catch(() => undefined);
  }

  /** Drops every entry that shows one of these tables (no argument: all). */
  invalidate(...tables: ContentTable[]): void {
    this.generation++;
    if (tables.length === 0) {
      this.urls.clear();
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    for (const [key, entry] of this.entries) {
      if (entry.tables.some((t) => tables.includes(t))) this.drop(key, entry);
    }
  }

  /** Runs a write and then drops what it changed: the writer's own next read is fresh before any NOTIFY arrives. */
  async afterWrite<T>(tables: ContentTable[], work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      this.invalidate(...tables);
    }
  }

  /**
   * Answers a public GET: 304 when the client holds the current body, the cached body when there
   * is one, else computes it (errors propagate to the exception filter and are never cached).
   */
  async respond(req: Request, res: Response, key: string, tables: readonly ContentTable[], compute: () => Promise<Computed>): Promise<void> {
    let entry = this.listening ? this.lookup(key) : undefined;
    if (entry) {
      this.remember(req.originalUrl, key);
    } else {
      const generation = this.generation;
      const { body, expiresAt } = await compute();
      const buffer = Buffer.from(JSON.stringify(body), 'utf8');
      const limit = Date.now() + this.limits.ttlMs;
      entry = {
        body: buffer,
        etag: `"${createHash('sha1').update(buffer).digest('base64url')}"`,
        expiresAt: expiresAt ? Math.min(expiresAt.getTime(), limit) : limit,
        tables,
      };
      if (this.listening && generation === this.generation) {
        entry.headers = Object.fromEntries(Object.entries(res.getHeaders()).filter(([name]) => !OWN_HEADERS.has(name)));
        this.store(key, entry);
        this.remember(req.originalUrl, key);
      }
    }
    this.send(req, res, entry);
  }

  /**
   * An Express middleware that answers a repeated public read before the rest of the stack: a URL a
   * controller answered (so already validated) whose entry is still here. Requests carrying a session
   * cookie go the long way, so a signed-in admin's rolling session is still refreshed.
   */
  readonly fastPath = (req: Request, res: Response, next: NextFunction): void => {
    if (!this.listening || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const key = this.urls.get(req.originalUrl);
    const entry = key === undefined ? undefined : this.lookup(key);
    if (!entry?.headers || req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return next();
    // Registered before the compression middleware, so it compresses (once per entry) as that one would.
    const gzip = entry.body.length >= GZIP_THRESHOLD && acceptsGzip(req.headers['accept-encoding']);
    const etag = gzip ? gzipTag(entry.etag) : entry.etag;
    const headers: OutgoingHttpHeaders = { ...entry.headers, ETag: etag, Vary: 'Accept-Encoding' };
    const inm = req.headers['if-none-match'];
    if (matches(inm, entry.etag) || matches(inm, gzipTag(entry.etag))) {
      res.writeHead(304, headers).end();
      return;
    }
    let body = entry.body;
    if (gzip) {
      if (!entry.gzip) {
        entry.gzip = gzipSync(entry.body);
        if (this.entries.get(key!) === entry) this.bytes += entry.gzip.length;
      }
      body = entry.gzip;
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Type'] = 'application/json; charset=utf-8';
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  /** Bounded like the entries: many distinct URLs (one key can have several) simply start the index over. */
  private remember(url: string, key: string): void {
    if (this.urls.get(url) === key) return;
    if (this.urls.size >= this.limits.maxEntries * 4) this.urls.clear();
    this.urls.set(url, key);
  }

  private send(req: Request, res: Response, entry: Entry): void {
    res.setHeader('ETag', entry.etag);
    if (matches(req.headers['if-none-match'], entry.etag)) {
      res.status(304).end();
      return;
    }
    res.status(200);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.send(entry.body);
  }

  private lookup(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.drop(key, entry);
      return undefined;
    }
    // Most recently used last: eviction takes from the front.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private store(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    if (entry.body.length > this.limits.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.drop(k, e);
    }
  }

  private drop(key: string, entry: Entry): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length + (entry.gzip?.length ?? 0);
  }

  private setListening(on: boolean): void {
    this.generation++;
    this.listening = on;
    // Whatever was kept may have missed changes while nobody listened.
    this.urls.clear();
    this.entries.clear();
    this.bytes = 0;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.db.url, keepAlive: true, application_name: LISTENER_NAME });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (this.stopped) return;
      this.setListening(false);
      this.logger.warn(`LISTEN connection lost${error ? `: ${error.message}` : ''}; serving from the database until it is back`);
      this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => {
      const table = msg.payload as ContentTable;
      if (CONTENT_TABLES.includes(table)) this.invalidate(table);
      else this.invalidate();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CONTENT_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (lost) return;
    this.client = client;
    this.failures = 0;
    this.setListening(true);
  }

  private scheduleReconnect(): void {
    clearTimeout(this.retryTimer);
    const delay = Math.min(this.limits.reconnectMs * 2 ** this.failures, BACKOFF_MAX_MS);
    this.failures = Math.min(this.failures + 1, 16);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/ prefixes are ignored, `*` matches. */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** The gzip representation's tag: a strong ETag names one representation. */
function gzipTag(etag: string): string {
  return `${etag.slice(0, -1)}-gz"`;
}

/** Whether Accept-Encoding allows gzip (named, or `*`, with a non-zero q). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
