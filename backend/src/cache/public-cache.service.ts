import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import pLimit from 'p-limit';
import { DATABASE, type DatabaseConnection } from '../db/connection.js';
import { exactBytes, writeAnswer, type Writable } from './answer-writer.js';
import { strongEtag } from './http-negotiation.js';
import { LruStore } from './lru.js';
import { TableListener } from './table-listener.js';

/** The tables whose rows the public reads show; the triggers of the cache migrations name them. */
export type ContentTable = 'companies' | 'discounts' | 'blog_posts';
export const CONTENT_TABLES: readonly ContentTable[] = ['companies', 'discounts', 'blog_posts'];
export const CONTENT_CHANNEL = 'content_changed';
/** The LISTEN connection's application_name (pg_stat_activity shows it). */
export const LISTENER_NAME = 'vtf-public-cache';

/** What a cached read computes on a miss. */
export interface Computed {
  /** A JSON value; or, with `contentType`, the text or bytes to send as they are. */
  body: unknown;
  contentType?: string;
  /** Default 200. Only 200 answers are kept; others are sent (with their ETag) and forgotten. */
  status?: number;
  /** Headers of this representation (Cache-Control, X-Robots-Tag, Location…). */
  headers?: Record<string, string>;
  /** The next time-based change (a discount expiring, a scheduled post appearing); null when none. */
  expiresAt?: Date | null;
  /** Never kept (private pages, previews): still sent with a strong ETag and answered 304. */
  noStore?: boolean;
}

/** Where an answer is kept: its key, the tables it shows, and the audience it was made for. */
export interface CacheSlot {
  key: string;
  tables: readonly string[];
  /** Audiences that must not share a body (e.g. 'admin'); undefined: the anonymous one, the only one the fast path serves. */
  variant?: string;
}

export interface CachedAnswer extends Writable {
  tables: readonly string[];
  /** The representation's own headers. */
  own: Record<string, string>;
  /** Every header the full stack (helmet…) had set when the answer was made: the fast path repeats them. */
  stack?: OutgoingHttpHeaders;
  /** Its key while it is kept. */
  key?: string;
  /** Epoch ms its time to live ends: after it, sent only while another request makes its successor. */
  freshUntil?: number;
}

/** Headers the fast path sets itself (or must never repeat). */
const OWN_HEADERS = new Set(['set-cookie', 'etag', 'content-length', 'content-type', 'content-encoding', 'vary']);
const JSON_TYPE = 'application/json; charset=utf-8';

export interface PublicCacheLimits {
  /** No bound by default: answers differ in size by 1,000×, so bytes are the bound (issue #21). */
  maxEntries: number;
  /** What the kept bodies (and their gzip forms) may add up to. */
  maxBytes: number;
  /** URLs remembered as leading to a kept answer (a few hundred bytes each). */
  maxUrls: number;
  /** The longest an entry lives even when nothing says it changed. */
  ttlMs: number;
  /**
   * How long past its ttlMs an entry may still be sent, and only to requests that arrive while another one
   * makes its successor: a heavy page's clock tick costs one visitor a render, not everyone who asks meanwhile.
   * Never past a time the content gave (expiresAt) and never after a change (a change deletes the entry).
   */
  staleMs: number;
  /** First wait before reconnecting a lost LISTEN connection; doubles up to 10 s. */
  reconnectMs: number;
  /**
   * Answers made (rendered, read from the database) at once; further misses wait their turn, first come first
   * served. On 2 cores a few renders keep both busy while one waits for PostgreSQL; 50 at once (a crawler's
   * connections) finish no sooner, and each holds its rows and React tree across many event-loop turns, long
   * enough to be promoted to the old generation: that garbage was the crawl's peak memory (issue #21).
   */
  makingAtOnce: number;
}

/**
 * 32 MB of answers: ~1,000 rendered post pages with their gzip forms. A crawl of 100,000 distinct URLs
 * turns them over without growing the process (bench/crawl.mjs: resident memory < 300 MB).
 */
export const DEFAULT_LIMITS: PublicCacheLimits = {
  maxEntries: Number.POSITIVE_INFINITY, maxBytes: 32 * 1024 * 1024, maxUrls: 10_000, ttlMs: 60_000, staleMs: 60_000, reconnectMs: 250,
  makingAtOnce: 4,
};

/**
 * What a kept entry costs besides its bodies, counted with them: the answer object, the heads it sends, its
 * tags and key, its URL in the index. An estimate (headers of the whole stack are ~1 KB); without it 100,000
 * answers of 200 bytes would count 20 MB while holding several times that.
 */
export const ENTRY_OVERHEAD_BYTES = 1024;

const urlIndexKey = (url: string, variant?: string) => (variant === undefined ? url : `${variant} ${url}`);

/**
 * The fast path's key for a request: its URL (path and query, as sent) for a GET or HEAD, else none. It is the
 * anonymous audience's key in the URL index (urlIndexKey without a variant), so an answer kept for an audience
 * (a variant) is never found by it. The accepted encoding picks the representation after the lookup.
 */
export function fastPathUrl(method: string | undefined, url: string | undefined): string | undefined {
  return (method === 'GET' || method === 'HEAD') && url !== undefined ? url : undefined;
}
const entryKey = (slot: CacheSlot) => (slot.variant === undefined ? slot.key : `${slot.variant}|${slot.key}`);

/**
 * docs/design.md §6: answers to public reads — JSON, pages, feeds: anything keyed by URL whose content
 * comes from known tables — are kept as finished bytes with a strong ETag, so a repeat pays no
 * database round trip. Entries are dropped when their tables change (the ORM's flushes on this
 * instance, PostgreSQL's NOTIFY on every instance) and when their time runs out. While the LISTEN
 * connection is down nothing is served from or stored in the cache.
 *
 * Controllers use it through @PublicCache(); other code may call respond().
 */
@Injectable()
export class PublicCacheService implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  readonly limits: PublicCacheLimits = { ...DEFAULT_LIMITS };
  private readonly answers = new LruStore<CachedAnswer>(this.limits);
  /** Request URLs (per variant) a handler has answered, to the entry key it used: repeats skip the handler. */
  private readonly urls = new Map<string, string>();
  /** Answers being made, per URL and audience: concurrent misses of one URL wait for the first instead of all computing it. */
  private readonly inflight = new Map<string, Promise<CachedAnswer | undefined>>();
  /** Tables some answer shows: a write to any other (sessions, subscribers…) concerns no answer and changes nothing here. */
  private readonly watched = new Set<string>(CONTENT_TABLES);
  /** Bumped by every invalidation and every change of listening state: a read that saw it move stores nothing. */
  private generation = 0;
  private readonly listener: TableListener;
  private readonly turns = pLimit(this.limits.makingAtOnce);

  constructor(@Inject(DATABASE) db: DatabaseConnection) {
    this.listener = new TableListener({
      connectionString: db.url,
      channel: CONTENT_CHANNEL,
      applicationName: LISTENER_NAME,
      reconnectMs: () => this.limits.reconnectMs,
      onChange: (table) => (table ? this.invalidate(table) : this.invalidate()),
      // Whatever was kept may have missed changes while nobody listened.
      onState: () => this.invalidate(),
    });
  }

  async onModuleInit(): Promise<void> {
    await this.listener.start();
  }

  /** Before the database may stop: its going away is then no outage to report or reconnect from. */
  beforeApplicationShutdown(): void {
    this.listener.stopping();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener.stop();
  }

  /** Whether this instance currently hears every change (and so may serve from the cache). */
  get isListening(): boolean {
    return this.listener.isListening;
  }

  get size(): { entries: number; bytes: number } {
    return this.answers.size;
  }

  /** Resolves once every notification committed before the call has been handled. */
  sync(): Promise<void> {
    return this.listener.sync();
  }

  /** Drops every entry that shows one of these tables (no argument: all). */
  invalidate(...tables: string[]): void {
    if (tables.length > 0 && !tables.some((t) => this.watched.has(t))) return;
    this.generation++;
    if (tables.length === 0) {
      this.urls.clear();
      this.answers.deleteWhere();
      return;
    }
    this.answers.deleteWhere((a) => a.tables.some((t) => tables.includes(t)));
  }

  /** Runs `make` (a miss's handler) when fewer than `makingAtOnce` others are running; the rest queue in order. */
  inTurn<T>(make: () => Promise<T>): Promise<T> {
    this.turns.concurrency = this.limits.makingAtOnce;
    return this.turns(make);
  }

  /** Misses waiting for their turn (inTurn). */
  get waitingToMake(): number {
    return this.turns.pendingCount;
  }

  /** A token to pass to `answer`: taken before reading, it tells whether anything changed meanwhile. */
  readStarted(): number {
    return this.generation;
  }

  /**
   * The answer kept for this URL and audience, if a handler made one and it is still true: within its time to
   * live, or past it while another request is making its successor.
   */
  lookupUrl(url: string, variant?: string): CachedAnswer | undefined {
    if (!this.isListening) return undefined;
    const key = this.urls.get(urlIndexKey(url, variant));
    const answer = key === undefined ? undefined : this.answers.get(key);
    return answer && this.servable(answer, urlIndexKey(url, variant)) ? answer : undefined;
  }

  /** The answer another request is making for this URL and audience, if any (undefined once made: it was not kept). */
  pending(url: string, variant?: string): Promise<CachedAnswer | undefined> | undefined {
    return this.isListening ? this.inflight.get(urlIndexKey(url, variant)) : undefined;
  }

  /**
   * Marks this URL's answer as being made; call the returned function with the answer once made
   * (or undefined on failure): requests that waited get it if it was kept, else make their own.
   */
  making(url: string, variant?: string): (answer: CachedAnswer | undefined) => void {
    const key = urlIndexKey(url, variant);
    if (this.inflight.has(key)) return () => undefined;
    let settle!: (answer: CachedAnswer | undefined) => void;
    this.inflight.set(key, new Promise((resolve) => (settle = resolve)));
    return (answer) => {
      this.inflight.delete(key);
      settle(answer?.key === undefined ? undefined : answer);
    };
  }

  /** The answer kept under this slot within its time to live, if any; the URL is remembered as leading to it. */
  lookup(req: Request, slot: CacheSlot): CachedAnswer | undefined {
    if (!this.isListening) return undefined;
    const key = entryKey(slot);
    const answer = this.answers.get(key);
    if (!answer || !this.fresh(answer)) return undefined;
    this.remember(urlIndexKey(req.originalUrl, slot.variant), key);
    return answer;
  }

  /**
   * Turns what a handler computed into the answer to send, keeping it when nothing changed since
   * `since` (a readStarted() token). Call it after the request's headers are set: they are kept too.
   */
  answer(req: Request, res: Response, slot: CacheSlot, computed: Computed, since: number): CachedAnswer {
    for (const table of slot.tables) this.watched.add(table);
    const status = computed.status ?? 200;
    const body = computed.contentType === undefined
      ? Buffer.from(JSON.stringify(computed.body), 'utf8')
      : Buffer.isBuffer(computed.body) ? computed.body : Buffer.from(String(computed.body), 'utf8');
    const answer: CachedAnswer = {
      status,
      body,
      contentType: computed.contentType ?? JSON_TYPE,
      etag: strongEtag(body),
      tables: slot.tables,
      own: computed.headers ?? {},
    };
    if (status === 200 && !computed.noStore && this.isListening && since === this.generation) {
      for (const [name, value] of Object.entries(answer.own)) res.setHeader(name, value);
      answer.stack = Object.fromEntries(Object.entries(res.getHeaders()).filter(([name]) => !OWN_HEADERS.has(name)));
      this.keep(req, slot, answer, computed.expiresAt);
    }
    return answer;
  }

  /**
   * Keeps an answer that was already sent another way (streamed as it was made): `stack` is the head the
   * stack had set, for the fast path. Kept only when nothing changed since `since`, as answer() does.
   */
  keepSent(req: Request, slot: CacheSlot, computed: Computed, since: number, stack: OutgoingHttpHeaders): void {
    if (!this.isListening || since !== this.generation || computed.noStore) return;
    for (const table of slot.tables) this.watched.add(table);
    const body = Buffer.isBuffer(computed.body) ? computed.body : Buffer.from(String(computed.body), 'utf8');
    this.keep(req, slot, {
      status: 200, body, contentType: computed.contentType ?? JSON_TYPE, etag: strongEtag(body), tables: slot.tables,
      own: computed.headers ?? {},
      stack: Object.fromEntries(Object.entries(stack).filter(([name]) => !OWN_HEADERS.has(name))),
    }, computed.expiresAt);
  }

  /** Stores an answer until its time to live ends, plus the stale grace unless the content gave an earlier time. */
  private keep(req: Request, slot: CacheSlot, answer: CachedAnswer, expiresAt: Date | null | undefined): void {
    const due = expiresAt ? expiresAt.getTime() : Number.POSITIVE_INFINITY;
    answer.key = entryKey(slot);
    answer.freshUntil = Math.min(due, Date.now() + this.limits.ttlMs);
    answer.body = exactBytes(answer.body);
    this.answers.set(answer.key, answer, answer.body.length + ENTRY_OVERHEAD_BYTES, Math.min(due, answer.freshUntil + this.limits.staleMs));
    this.remember(urlIndexKey(req.originalUrl, slot.variant), answer.key);
  }

  private fresh(answer: CachedAnswer): boolean {
    return answer.freshUntil === undefined || answer.freshUntil > Date.now();
  }

  /** Within its time to live; or past it while a request is making this URL's next answer (it is then sent meanwhile). */
  private servable(answer: CachedAnswer, urlKey: string): boolean {
    return this.fresh(answer) || this.inflight.has(urlKey);
  }

  /**
   * For code outside a @PublicCache() handler: 304 when the client holds the current body, the
   * kept body when there is one, else computes it (errors propagate and are never kept).
   */
  async respond(req: Request, res: Response, slot: CacheSlot, compute: () => Promise<Computed>): Promise<void> {
    const hit = this.lookup(req, slot);
    if (hit) return this.send(req, res, hit);
    const since = this.readStarted();
    this.send(req, res, this.answer(req, res, slot, await compute(), since));
  }

  /**
   * Sends an answer from a handler. It encodes the body itself (gzip once per kept answer), as the
   * fast path does, so either path gives a repeat the same bytes and tags; the compression
   * middleware leaves an encoded response alone.
   */
  send(req: Request, res: Response, answer: CachedAnswer): void {
    for (const [name, value] of Object.entries(answer.own)) res.setHeader(name, value);
    writeAnswer(req, res, answer, undefined, (gzip) => this.grow(answer, gzip));
  }

  /**
   * Answers a repeated public read at the edge of the process, before Express (cache/fast-path.ts): a GET or
   * HEAD of a URL (path and query, exactly as sent) a handler answered — so already validated — whose entry is
   * still here, with the headers the whole stack gave it, in one write; 304 when If-None-Match names it. False
   * otherwise: the request goes through the whole stack. Signed-in readers too: an entry without a variant is
   * the same for every reader (answers that depend on the reader — the admin, a trader's page, a preview — are
   * never kept), so their session need not be read for it. Their rolling session is refreshed by the page's
   * own session check (/_api/auth/session).
   */
  readonly answerAtEdge = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = fastPathUrl(req.method, req.url);
    const key = url === undefined || !this.isListening ? undefined : this.urls.get(url);
    const answer = key === undefined ? undefined : this.answers.get(key);
    // Past its time to live with nobody making the next one: this request goes on and makes it.
    if (!answer?.stack || !this.servable(answer, url!)) return false;
    writeAnswer(req, res, answer, answer.stack, (gzip) => this.grow(answer, gzip));
    return true;
  };

  /** Accounts the gzip form made for a kept answer. */
  private grow(answer: CachedAnswer, gzip: Buffer): void {
    if (answer.key !== undefined) this.answers.grow(answer.key, answer, gzip.length);
  }

  /** Bounded like the entries: many distinct URLs (one key can have several) simply start the index over. */
  private remember(url: string, key: string): void {
    if (this.urls.get(url) === key) return;
    if (this.urls.size >= this.limits.maxUrls) this.urls.clear();
    this.urls.set(url, key);
  }
}
