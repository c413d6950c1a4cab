import type { HttpAdapterHost } from '@nestjs/core';
import express from 'express';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../config/config.js';
import { GracefulShutdown } from '../health/graceful-shutdown.service.js';
import { StaticFiles } from '../static/static-files.js';
import { writeAnswer, type Writable } from './answer-writer.js';
import { answerAtTheEdge, type EdgeAnswer } from './fast-path.js';
import { acceptsGzip, acceptsGzipMemo, gzipTag, strongEtag } from './http-negotiation.js';
import { fastPathUrl } from './public-cache.service.js';

/**
 * The fast path at the edge, on real servers: a kept answer (keyed by method, path and query; the encoding
 * picks its form), built files by accepted encoding, 304s, and a graceful stop that counts requests with a
 * number. Express is a real Express app behind it; the kept answers are a Map, as the public cache's URL index.
 */
type Reply = { status: number; headers: IncomingHttpHeaders; body: Buffer };

function call(server: Server, path: string, headers: Record<string, string> = {}, { method = 'GET', agent }: { method?: string; agent?: Agent } = {}): Promise<Reply> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const listen = (server: Server) => new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const close = (server: Server) => new Promise((r) => server.close(r));

describe('fastPathUrl: the key a request is looked up by', () => {
  it('is the path and query exactly as sent, for GET and HEAD only', () => {
    expect(fastPathUrl('GET', '/_api/blog-posts?page=2&limit=3')).toBe('/_api/blog-posts?page=2&limit=3');
    expect(fastPathUrl('HEAD', '/discounts')).toBe('/discounts');
    expect(fastPathUrl('GET', '/_api/blog-posts?limit=3&page=2')).not.toBe(fastPathUrl('GET', '/_api/blog-posts?page=2&limit=3'));
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', undefined]) expect(fastPathUrl(method, '/discounts')).toBeUndefined();
  });

  it('can never be an audience’s key: those are "<variant> <url>", and a request URL holds no space', () => {
    // Node refuses a request line whose target has a space, so no request can ask for an admin's entry.
    expect(() => request({ host: '127.0.0.1', port: 1, path: '/x y' })).toThrow();
  });
});

describe('acceptsGzipMemo', () => {
  it('agrees with acceptsGzip for every header, asked once or many times', () => {
    for (const header of [undefined, '', 'gzip', 'gzip;q=0', 'br, gzip;q=0.5', 'identity', '*', '*;q=0', 'deflate, br', 'GZIP']) {
      for (let i = 0; i < 3; i++) expect(acceptsGzipMemo(header)).toBe(acceptsGzip(header));
    }
  });
});

describe('a kept answer at the edge', () => {
  let server: Server;
  let reachedExpress = 0;
  const kept = new Map<string, Writable & { stack: Record<string, string> }>();
  const keep = (url: string, text: string) => {
    const body = Buffer.from(text);
    kept.set(url, { status: 200, body, contentType: 'text/html; charset=utf-8', etag: strongEtag(body), stack: { 'Content-Security-Policy': "default-src 'self'", 'Cache-Control': 'no-cache' } });
  };
  const answerKept: EdgeAnswer = (req, res) => {
    const url = fastPathUrl(req.method, req.url);
    const answer = url === undefined ? undefined : kept.get(url);
    if (!answer) return false;
    writeAnswer(req, res, answer, answer.stack);
    return true;
  };

  beforeAll(async () => {
    const app = express();
    app.use((_req, res) => {
      reachedExpress++;
      res.status(404).json({ from: 'express' });
    });
    server = createServer(app);
    answerAtTheEdge(server, app, [answerKept], new GracefulShutdown({} as HttpAdapterHost, {} as AppConfig));
    await listen(server);
  });
  afterAll(() => close(server));
  beforeEach(() => {
    reachedExpress = 0;
    kept.clear();
  });

  it('answers its URL (path and query) without reaching Express; any other URL or method goes on', async () => {
    keep('/page?x=1', 'kept page');
    const hit = await call(server, '/page?x=1');
    expect([hit.status, hit.body.toString(), reachedExpress]).toEqual([200, 'kept page', 0]);
    expect(hit.headers).toMatchObject({ 'content-security-policy': "default-src 'self'", 'cache-control': 'no-cache', vary: 'Accept-Encoding' });
    expect((await call(server, '/page?x=2')).status).toBe(404);
    expect((await call(server, '/page')).status).toBe(404);
    expect((await call(server, '/page?x=1', {}, { method: 'POST' })).status).toBe(404);
    expect(reachedExpress).toBe(3);
  });

  it('picks the representation by the encoding the client accepts, each with its own tag', async () => {
    keep('/big', 'Save on every challenge. '.repeat(100));
    const etag = kept.get('/big')!.etag;
    const gz = await call(server, '/big', { 'accept-encoding': 'gzip, br' });
    const plain = await call(server, '/big', { 'accept-encoding': 'identity' });
    expect([gz.headers['content-encoding'], gz.headers.etag]).toEqual(['gzip', gzipTag(etag)]);
    expect([plain.headers['content-encoding'], plain.headers.etag]).toEqual([undefined, etag]);
  });

  it('answers 304 to If-None-Match naming either form, with the same head as the 200 but no body, the same every time', async () => {
    keep('/big', 'Save on every challenge. '.repeat(100));
    const etag = kept.get('/big')!.etag;
    for (const inm of [etag, gzipTag(etag), `W/${etag}`, `"other", ${etag}`]) {
      const res = await call(server, '/big', { 'if-none-match': inm, 'accept-encoding': 'gzip' });
      expect([res.status, res.body.length, res.headers.etag]).toEqual([304, 0, gzipTag(etag)]);
      expect(res.headers).toMatchObject({ 'content-security-policy': "default-src 'self'", 'cache-control': 'no-cache', vary: 'Accept-Encoding' });
    }
    expect((await call(server, '/big', { 'if-none-match': '"other"' })).status).toBe(200);
    expect(reachedExpress).toBe(0);
  });

  it('once the entry is dropped (a change), the URL goes through the whole stack again', async () => {
    keep('/changing', 'before');
    expect((await call(server, '/changing')).body.toString()).toBe('before');
    kept.delete('/changing');
    expect((await call(server, '/changing')).status).toBe(404);
    expect(reachedExpress).toBe(1);
  });
});

describe('built files at the edge', () => {
  let server: Server;
  let reachedExpress = 0;
  const js = 'console.log("a hashed bundle");'.repeat(10);

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vtf-fast-path-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets/index-abc.js'), js);
    writeFileSync(join(dir, 'assets/index-abc.js.br'), 'br bytes');
    writeFileSync(join(dir, 'assets/index-abc.js.gz'), 'gz bytes');
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    const files = StaticFiles.load(dir);
    const app = express();
    app.use((_req, res) => {
      reachedExpress++;
      res.status(404).end();
    });
    server = createServer(app);
    answerAtTheEdge(server, app, [files.answer], new GracefulShutdown({} as HttpAdapterHost, {} as AppConfig));
    await listen(server);
  });
  afterAll(() => close(server));

  it('sends br, gzip or the file as it is, as accepted, with immutable caching under /assets', async () => {
    const br = await call(server, '/assets/index-abc.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gz = await call(server, '/assets/index-abc.js', { 'accept-encoding': 'gzip' });
    const plain = await call(server, '/assets/index-abc.js');
    expect([br.body.toString(), br.headers['content-encoding']]).toEqual(['br bytes', 'br']);
    expect([gz.body.toString(), gz.headers['content-encoding']]).toEqual(['gz bytes', 'gzip']);
    expect([plain.body.toString(), plain.headers['content-encoding']]).toEqual([js, undefined]);
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    expect(br.headers).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable', vary: 'Accept-Encoding', 'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin', 'content-type': 'text/javascript; charset=utf-8', 'content-length': '8',
    });
    const revalidated = await call(server, '/assets/index-abc.js', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
    expect([revalidated.status, revalidated.body.length]).toEqual([304, 0]);
    expect((await call(server, '/favicon.svg?v=2')).headers['cache-control']).toBe('public, max-age=3600');
    expect(reachedExpress).toBe(0);
    expect((await call(server, '/assets/missing.js')).status).toBe(404);
    expect(reachedExpress).toBe(1);
  });
});

describe('a graceful stop counts requests in flight with a number', () => {
  let server: Server;
  let shutdown: GracefulShutdown;
  let release: (() => void) | undefined;

  beforeAll(async () => {
    const app = express();
    app.get('/slow', (_req, res) => {
      release = () => res.type('text').send('slow done');
    });
    app.get('/quick', (_req, res) => void res.type('text').send('quick'));
    server = createServer(app);
    shutdown = new GracefulShutdown({ httpAdapter: { getHttpServer: () => server } } as unknown as HttpAdapterHost, { shutdownGraceMs: 5_000 } as AppConfig);
    const kept = Buffer.from('kept');
    const answer: Writable = { status: 200, body: kept, contentType: 'text/plain', etag: strongEtag(kept) };
    answerAtTheEdge(server, app, [(req, res) => (req.url === '/kept' ? (writeAnswer(req, res, answer, {}), true) : false)], shutdown);
    await listen(server);
  });
  afterAll(() => close(server));

  it('is back to zero after answers from the edge, from Express, and after a client that went away', async () => {
    await Promise.all([...Array(20)].map((_, i) => call(server, i % 2 ? '/kept' : '/quick')));
    expect(shutdown.requestsInFlight).toBe(0);
    const { port } = server.address() as AddressInfo;
    const gone = request({ host: '127.0.0.1', port, path: '/slow' });
    gone.on('error', () => undefined);
    gone.end();
    await new Promise((r) => setTimeout(r, 100));
    expect(shutdown.requestsInFlight).toBe(1);
    gone.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(shutdown.requestsInFlight).toBe(0);
    release = undefined;
  });

  it('waits for a request in flight, which then closes its connection, and stops accepting', async () => {
    const agent = new Agent({ keepAlive: true });
    const slow = call(server, '/slow', {}, { agent });
    await new Promise((r) => setTimeout(r, 100));
    let stopped = false;
    const stop = shutdown.beforeApplicationShutdown().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 200));
    expect([stopped, shutdown.requestsInFlight]).toEqual([false, 1]);
    release!();
    const res = await slow;
    expect([res.status, res.body.toString(), res.headers.connection]).toEqual([200, 'slow done', 'close']);
    await stop;
    expect(shutdown.requestsInFlight).toBe(0);
    agent.destroy();
  });
});
