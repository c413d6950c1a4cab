/**
 * Issue #31: cached anonymous reads are answered at the edge of the process (cache/fast-path.ts), before Express.
 * Every header the whole stack gave a kept answer (CSP, HSTS when the site is https, ETag, Vary, Cache-Control…)
 * is the same through the fast path; answers that depend on the reader (the admin, a preview) never come from it;
 * a change sends the URL through the whole stack again; a graceful stop under load drops nothing.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type TestAgent from 'supertest/lib/agent.js';
import type { CompanyDto } from '../../common/api-types.js';
import { createApp } from '../src/app.setup.js';
import { GracefulShutdown } from '../src/health/graceful-shutdown.service.js';
import { createDatabase, startTestApp, testConfig, type TestApp } from './support/test-app.js';
import { tempDir } from './support/temp-dir.js';

/** Counts the requests that reach Express (the fast path answers the others before it). */
function countExpress(app: NestExpressApplication): { readonly count: number; reset(): void } {
  const express = app.getHttpAdapter().getInstance() as unknown as { handle: (...args: unknown[]) => unknown };
  const handle = express.handle;
  let count = 0;
  express.handle = function (this: unknown, ...args: unknown[]) {
    count++;
    return handle.apply(this, args);
  };
  return { get count() { return count; }, reset: () => void (count = 0) };
}

/** Headers that differ between any two answers whatever served them. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive']);
const headOf = (res: { headers: Record<string, unknown> }) =>
  Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_RESPONSE.has(name)));

describe('the fast path repeats the whole stack\'s headers (https site: HSTS, upgrade-insecure-requests)', () => {
  let t: TestApp;
  let reached: ReturnType<typeof countExpress>;
  beforeAll(async () => {
    t = await startTestApp({ publicSiteUrl: 'https://discounts.example', seedDemoContent: true });
    reached = countExpress(t.app);
  }, 60_000);
  afterAll(() => t?.close());

  it.each([
    ['/', 'gzip'], ['/discounts', 'gzip'], ['/firms/ftmo', 'gzip'], ['/_api/discounts', 'gzip'], ['/_api/discounts', 'identity'],
    ['/sitemap.xml', 'gzip'], ['/rss.xml', 'gzip'], ['/robots.txt', 'gzip'], ['/_api/blog-posts?page=1&limit=2', 'gzip'],
  ])('%s (%s): the same head and bytes from the edge as from the handler, and a 304 there too', async (path, encoding) => {
    // The demo content's start-up jobs (the price refresh, the figures) may still write for a moment, and a write
    // drops the kept answers: the round counts once a kept answer and its 304 both come from the edge.
    const round = async () => {
      let made = await t.http().get(path).set('Accept-Encoding', encoding).expect(200);
      let repeat = made;
      for (let tries = 0; tries < 5; tries++) {
        reached.reset();
        repeat = await t.http().get(path).set('Accept-Encoding', encoding).expect(200);
        if (reached.count === 0) break;
        made = repeat;
      }
      const notModified = await t.http().get(path).set('Accept-Encoding', encoding).set('If-None-Match', made.headers.etag!);
      return { made, repeat, notModified };
    };
    let { made, repeat, notModified } = await round();
    for (let tries = 0; tries < 5 && reached.count > 0; tries++) ({ made, repeat, notModified } = await round());
    expect(reached.count).toBe(0);
    expect(headOf(repeat)).toEqual(headOf(made));
    expect(repeat.headers).toMatchObject({ etag: expect.stringMatching(/^"/), vary: 'Accept-Encoding' });
    expect(repeat.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(repeat.headers['x-content-type-options']).toBe('nosniff');
    if (!path.startsWith('/_api') && !path.endsWith('.xml') && !path.endsWith('.txt')) {
      expect(repeat.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    }
    expect(notModified.status).toBe(304);
    expect(notModified.headers.etag).toBe(made.headers.etag);
    expect(notModified.headers['content-security-policy']).toBe(made.headers['content-security-policy']);
    expect(notModified.headers['strict-transport-security']).toBe(made.headers['strict-transport-security']);
  });

  it('a hashed asset and /favicon.svg are answered at the edge in the encoding asked, with their own headers', async () => {
    const page = await t.http().get('/').set('Accept-Encoding', 'identity').expect(200);
    const bundle = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(page.text)?.[1];
    expect(bundle).toBeDefined();
    reached.reset();
    const br = await t.http().get(bundle!).set('Accept-Encoding', 'gzip, deflate, br, zstd').buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await t.http().get('/favicon.svg').expect(200);
    expect(favicon.headers['content-type']).toBe('image/svg+xml');
    expect(reached.count).toBe(0);
    await t.http().get('/assets/no-such-file.js').expect(404);
    expect(reached.count).toBe(1);
  });
});

describe('who never gets a cached public answer, and what a change does', () => {
  let t: TestApp;
  let admin: TestAgent;
  let reached: ReturnType<typeof countExpress>;
  beforeAll(async () => {
    t = await startTestApp();
    reached = countExpress(t.app);
    admin = await t.signedIn();
  }, 60_000);
  afterAll(() => t?.close());

  it('a signed-in admin’s own pages and answers go through the whole stack every time, private', async () => {
    for (const path of ['/admin', '/_api/admin/discounts']) {
      await admin.get(path).expect(200);
      reached.reset();
      const again = await admin.get(path).expect(200);
      expect(reached.count).toBe(1);
      expect(again.headers['cache-control']).toMatch(/private|no-store/);
    }
  });

  it('a draft previewed by an admin or through a signed link is never kept, nor served from the edge', async () => {
    const post = (await admin.post('/_api/admin/blog-posts').send({ title: 'Fast draft', slug: 'fast-draft', content: '<p>Only a preview shows this.</p>', status: 'draft' }).expect(201)).body as { id: number };
    const link = new URL(((await admin.post(`/_api/admin/blog-posts/${post.id}/preview-link`).expect(200)).body as { url: string }).url);
    for (const ask of [() => admin.get('/blog/fast-draft'), () => t.http().get(link.pathname + link.search)]) {
      await ask().expect(200);
      reached.reset();
      const again = await ask().expect(200);
      expect(reached.count).toBe(1);
      expect(again.text).toContain('Only a preview shows this.');
      expect(again.headers['cache-control']).toBe('private, no-store');
    }
    // The public URL answers 404 to everyone else, from the whole stack (a 404 is never kept).
    await t.http().get('/blog/fast-draft').expect(404);
  });

  it('a change drops the entry: the next read goes through the whole stack and shows it', async () => {
    const company = (await admin.post('/_api/admin/companies').send({ name: 'Edgefirm', websiteUrl: 'https://edge.example' }).expect(201)).body as CompanyDto;
    const before = await t.http().get('/_api/discounts').expect(200);
    reached.reset();
    await t.http().get('/_api/discounts').expect(200);
    expect(reached.count).toBe(0);
    await admin.post('/_api/admin/discounts').send({ title: 'Edge offer', companyId: company.id }).expect(201);
    reached.reset();
    const after = await t.http().get('/_api/discounts').expect(200);
    expect(reached.count).toBe(1);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.text).toContain('Edge offer');
  });
});

describe('a graceful stop under load', () => {
  it('finishes every request it received, cached or not, with no reset and no 5xx', async () => {
    const db = await createDatabase();
    const dataDir = tempDir('vtf-graceful-');
    const app = await createApp(testConfig({ databaseUrl: db.url, dataDir: dataDir.path, seedDemoContent: true, shutdownGraceMs: 10_000 }));
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    let stopping = false;
    const outcomes: string[] = [];
    let issued = 0;
    const once = (path: string) => new Promise<void>((resolve) => {
      issued++;
      const req = http.get({ host: '127.0.0.1', port, path, agent, headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => {
          const length = res.headers['content-length'];
          outcomes.push(res.statusCode === 200 && (length === undefined || Number(length) === bytes) ? 'ok' : `${res.statusCode} ${bytes}/${length}`);
          resolve();
        });
        res.on('aborted', () => {
          outcomes.push('aborted');
          resolve();
        });
      });
      req.on('error', (e) => {
        outcomes.push((e as NodeJS.ErrnoException).code ?? e.message);
        resolve();
      });
    });
    const paths = ['/', '/_api/discounts', '/discounts', '/robots.txt', '/favicon.svg'];
    const loops = [...Array(40)].map(async (_, i) => {
      // Half the connections read the kept answers; the others ask new URLs (uncached reads, the database).
      for (let n = 0; !stopping; n++) await once(i % 2 ? paths[n % paths.length] : `/_api/blog-posts?page=1&limit=${1 + ((n * 40 + i) % 50)}`);
    });
    await new Promise((r) => setTimeout(r, 2_500));
    stopping = true;
    await Promise.all([app.close(), ...loops]);
    agent.destroy();
    await db.drop();
    dataDir.remove();
    expect(issued).toBeGreaterThan(50);
    expect(outcomes.filter((o) => o !== 'ok')).toEqual([]);
    expect(app.get(GracefulShutdown).requestsInFlight).toBe(0);
  }, 60_000);
});
