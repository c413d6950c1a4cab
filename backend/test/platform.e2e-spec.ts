import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { MSG } from '../../common/messages.js';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { ADMIN, startTestApp, type TestApp } from './support/test-app.js';
import { tempDir } from './support/temp-dir.js';
import { precompressDir } from '../../frontend/vite-precompress.js';

const BUNDLE = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))};\n`;
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';

describe('platform: errors, health, docs, static files and the page shell', () => {
  let t: TestApp;
  const front = tempDir('vtf-front-');
  beforeAll(async () => {
    const frontendDir = front.path;
    mkdirSync(join(frontendDir, 'assets'));
    writeFileSync(join(frontendDir, 'index.html'), '<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>');
    writeFileSync(join(frontendDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(frontendDir, 'assets', 'main-def456.js'), BUNDLE);
    writeFileSync(join(frontendDir, 'favicon.svg'), FAVICON);
    mkdirSync(join(frontendDir, '.vite'));
    writeFileSync(join(frontendDir, '.vite', 'manifest.json'), '{}');
    await precompressDir(frontendDir);
    // No server renderer here (whether or not the real one is built): the bare shell is what is under test.
    t = await startTestApp({ frontendDir, frontendServerDir: join(frontendDir, 'no-server-build') });
  });
  afterAll(async () => {
    await t.close();
    front.remove();
  });

  it('reports health of the process and the database', async () => {
    const res = await t.http().get('/_api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', role: 'all', uptimeSeconds: expect.any(Number), database: 'up', worker: 'up' });
  });

  it('publishes an OpenAPI document generated from the code', async () => {
    const res = await t.http().get('/_api/docs-json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    for (const path of ['/_api/companies', '/_api/admin/companies', '/_api/admin/companies/update', '/_api/auth/login_with_password']) {
      expect(Object.keys(res.body.paths)).toContain(path);
    }
    expect(res.body.components.schemas.CreateCompanyDto.properties).toHaveProperty('name');
    await t.http().get('/_api/docs').expect(200).expect('Content-Type', /html/);
  });

  it('answers unknown /_api paths with a JSON 404 in the one error shape', async () => {
    for (const [method, path] of [['get', '/_api/nope'], ['post', '/_api/nope'], ['get', '/_api'], ['delete', '/_api/companies/1']] as const) {
      const res = await t.http()[method](path).set('Content-Type', 'application/json').expect(404);
      expect({ method, path, body: res.body }).toEqual({ method, path, body: { statusCode: 404, error: MSG.routeNotFound, message: MSG.routeNotFound } });
    }
  });

  it('answers malformed JSON with 400, a non-JSON write with 415 and a cross-origin write with 403', async () => {
    const admin = await t.signedIn();
    const bad = await admin.post('/_api/admin/companies').set('Content-Type', 'application/json').send('{"name":').expect(400);
    expect(bad.body).toEqual({ statusCode: 400, error: MSG.invalidJson, message: MSG.invalidJson });
    const form = await admin.post('/_api/admin/companies').type('form').send({ name: 'X' }).expect(415);
    expect(form.body.error).toBe(MSG.jsonRequired);
    const cross = await admin.post('/_api/admin/companies').set('Origin', 'https://evil.example').send({ name: 'X' }).expect(403);
    expect(cross.body.error).toBe(MSG.crossOrigin);
    const login = await t.http().post('/_api/auth/login_with_password').set('Origin', 'https://evil.example').send(ADMIN).expect(403);
    expect(login.headers['set-cookie']).toBeUndefined();
    expect(await t.sql('select * from companies')).toEqual([]);
  });

  it('serves built assets with immutable caching, and a missing asset as 404 (not the page shell)', async () => {
    const res = await t.http().get('/assets/app-abc123.js').expect(200);
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
    await t.http().get('/assets/missing.js').expect(404);
  });

  it('sends the forms compressed at build time, with their length, never compressing per request', async () => {
    // supertest inflates bodies itself; the bytes on the wire are what this test is about.
    const server = t.app.getHttpServer();
    if (!server.listening) await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const raw = (enc?: string) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers = enc === undefined ? {} : { 'Accept-Encoding': enc };
        get({ host: '127.0.0.1', port, path: '/assets/main-def456.js', headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const brotli = await raw('gzip, deflate, br, zstd');
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotli.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(BUNDLE);

    const gzip = await raw('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
    expect(gunzipSync(gzip.body).toString()).toBe(BUNDLE);

    // A client that takes only deflate gets the file as built: the compression middleware leaves it alone.
    for (const enc of ['deflate', 'identity']) {
      const plain = await raw(enc);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(BUNDLE)));
      expect(plain.body.toString()).toBe(BUNDLE);
    }

    // Each form has its own strong ETag, and a browser holding it gets 304.
    expect(brotli.headers.etag).not.toBe(gzip.headers.etag);
    const again = await t.http().get('/assets/main-def456.js').set('Accept-Encoding', 'br').set('If-None-Match', brotli.headers.etag!).expect(304);
    expect(again.headers.vary).toBe('Accept-Encoding');
    const head = await t.http().head('/assets/main-def456.js').set('Accept-Encoding', 'br').expect(200);
    expect(head.headers['content-length']).toBe(brotli.headers['content-length']);
  });

  it('serves the build\'s own top-level files, and nothing else there as a file', async () => {
    const icon = await t.http().get('/favicon.svg').expect(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect(icon.body.toString()).toBe(FAVICON);
    // The page shell is only ever sent filled in for a route, never as a file.
    await t.http().get('/index.html').expect(301).expect('Location', '/');
    await t.http().get('/favicon.svg/more').expect(404).expect('Content-Type', /html/);
    await t.http().get('/.vite/manifest.json').expect(404);
  });

  it('answers every other GET with the page shell (404 for unknown pages, still HTML)', async () => {
    for (const [path, status] of [['/', 200], ['/about', 200], ['/admin/companies', 200], ['/no-such-page', 404]] as const) {
      const res = await t.http().get(path).expect(status);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('<div id="root"></div>');
    }
  });

  it('sends security headers and no framework banner', async () => {
    const res = await t.http().get('/');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
  });
});

describe('platform: database outage', () => {
  it('answers 503 {error} without a stack trace while the database is down, and recovers by itself', async () => {
    const dbDir = tempDir('vtf-outage-');
    const dir = dbDir.path;
    let db = await startEmbeddedPostgres(dir);
    const port = Number(new URL(db.url).port);
    const t = await startTestApp({ databaseUrl: db.url });
    try {
      const admin = await t.signedIn();
      await t.http().get('/_api/companies').expect(200);
      await db.stop();

      for (const path of ['/_api/companies', '/_api/health']) {
        const res = await t.http().get(path).expect(503);
        expect(JSON.stringify(res.body)).not.toMatch(/at .*\.js|Error:|ECONNREFUSED|stack/);
      }
      const down = await t.http().get('/_api/companies').expect(503);
      expect(down.body).toEqual({ statusCode: 503, error: MSG.serviceUnavailable, message: MSG.serviceUnavailable });
      const write = await admin.post('/_api/admin/companies').send({ name: 'During outage' }).expect(503);
      expect(write.body.error).toBe(MSG.serviceUnavailable);

      db = await startEmbeddedPostgres(dir, undefined, port);
      await t.http().get('/_api/health').expect(200);
      await t.http().get('/_api/companies').expect(200);
      await admin.post('/_api/admin/companies').send({ name: 'After outage' }).expect(201);
    } finally {
      await t.close();
      await db.stop();
      dbDir.remove();
    }
  });
});

describe('platform: restart persistence on the embedded database', () => {
  it('keeps data and sessions across a stop and start with the same DATA_DIR', async () => {
    const data = tempDir('vtf-restart-');
    const dataDir = data.path;
    const first = await startTestApp({ dataDir, databaseUrl: undefined, seedDemoContent: true });
    const admin = await first.signedIn();
    const created = await admin.post('/_api/admin/companies').send({ name: 'Survivor' }).expect(201);
    const cookie = (await admin.get('/_api/auth/session')).request.cookies;
    await first.app.close();

    const second = await startTestApp({ dataDir, databaseUrl: undefined, seedDemoContent: true });
    try {
      const server = second.app.getHttpServer();
      const list = (await request(server).get('/_api/companies').expect(200)).body as Array<{ id: number; name: string }>;
      expect(list).toHaveLength(9);
      expect(list.find((c) => c.id === created.body.id)?.name).toBe('Survivor');
      const session = await request(server).get('/_api/auth/session').set('Cookie', cookie).expect(200);
      expect(session.body.user.email).toBe(ADMIN.email);
    } finally {
      await second.app.close();
      data.remove();
    }
  });
});
