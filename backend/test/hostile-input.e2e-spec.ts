/** The 500s a hostile probe found (issue #9, item 3), each answered now in the one error shape. */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { MSG } from '../../common/messages.js';
import { BODY_LIMITS } from '../src/common/body-limits.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const error = (statusCode: number, message: string) => ({ statusCode, error: message, message });

/** Over a real socket, bytes as given (supertest re-encodes some bodies and cannot send an oversized URL). */
async function raw(t: TestApp, path: string, init: { method?: string; headers?: Record<string, string | number>; body?: Buffer } = {}) {
  const server = t.app.getHttpServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = httpRequest({ port, host: '127.0.0.1', path, method: init.method ?? 'GET', headers: init.headers }, (r) => {
        let body = '';
        r.on('data', (d) => (body += d));
        r.on('end', () => resolve({ status: r.statusCode!, body: JSON.parse(body) }));
      });
      req.on('error', reject);
      req.end(init.body);
    });
  } finally {
    await new Promise((r) => server.close(r));
  }
}
const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('hostile input: 4xx in the one error shape, never 500', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each(['/_api/newsletter/subscribe', '/_api/newsletter/unsubscribe', '/_api/auth/login_with_password'])(
    'refuses JSON nested 3,000 levels deep on %s (anonymous)',
    async (path) => {
      const res = await t.http().post(path).set('Content-Type', 'application/json').send(`{"email":${deep(3000)}}`).expect(400);
      expect(res.body).toEqual(error(400, MSG.bodyTooDeep(BODY_LIMITS.depth)));
    },
  );

  it('refuses deep JSON on admin bodies too, and writes nothing', async () => {
    const admin = await t.signedIn();
    for (const path of ['/_api/admin/companies', '/_api/admin/blog-posts', '/_api/admin/discounts']) {
      const res = await admin.post(path).set('Content-Type', 'application/json').send(`{"name":${deep(3000)}}`).expect(400);
      expect(res.body).toEqual(error(400, MSG.bodyTooDeep(BODY_LIMITS.depth)));
    }
    expect(await t.sql('select id from companies union all select id from blog_posts')).toEqual([]);
  });

  it.each([
    ['sort', '{}'], ['sort', '1'], ['range', 'true'], ['range', '[1e20,1e20]'], ['filter', '[]'],
  ])('answers %s=%s on every admin list with a 400 naming the parameter', async (name, value) => {
    const admin = await t.signedIn();
    for (const list of ['companies', 'discounts', 'blog-posts', 'newsletter-subscribers']) {
      const res = await admin.get(`/_api/admin/${list}`).query({ [name]: value }).expect(400);
      expect({ list, body: res.body }).toEqual({ list, body: error(400, MSG.invalidListParam(name)) });
    }
  });

  it('refuses a company rating of 1e-7 with the rating message', async () => {
    const admin = await t.signedIn();
    const res = await admin.post('/_api/admin/companies').send({ name: 'Tiny rating', rating: 1e-7 }).expect(400);
    expect(res.body.message).toBe(MSG.ratingRange);
    expect(await t.sql('select id from companies')).toEqual([]);
  });

  it('answers a malformed gzip body with its own words, not zlib’s', async () => {
    const broken = Buffer.concat([gzipSync(Buffer.from('{"email":"a@example.com"}')).subarray(0, 12), Buffer.from('garbage')]);
    const res = await t.http().post('/_api/newsletter/subscribe').set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip').send(broken).expect(400);
    expect(res.body).toEqual(error(400, MSG.unreadableBody));
    const unknown = await t.http().post('/_api/newsletter/subscribe').set('Content-Type', 'application/json')
      .set('Content-Encoding', 'compress').send('{}').expect(415);
    expect(unknown.body).toEqual(error(415, MSG.unsupportedBodyEncoding));
    // A well-formed gzip body is read as usual.
    const zipped = gzipSync(Buffer.from('{"email":"zipped@example.com"}'));
    const ok = await raw(t, '/_api/newsletter/subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': zipped.length },
      body: zipped,
    });
    expect(ok.status).toBe(200);
  });

  it('limits public bodies to a few kilobytes and admin bodies to the image size', async () => {
    const big = JSON.stringify({ email: `${'a'.repeat(40_000)}@example.com` });
    const res = await t.http().post('/_api/newsletter/subscribe').set('Content-Type', 'application/json').send(big).expect(413);
    expect(res.body).toEqual(error(413, MSG.bodyTooLarge));
    // The same size is fine for admin content (it reaches validation, which names the field).
    const admin = await t.signedIn();
    const company = await admin.post('/_api/admin/companies').send({ name: 'N'.repeat(40_000) }).expect(400);
    expect(company.body.errors).toHaveProperty('name');
  });

  it('answers a request line or headers Node refuses in the one shape', async () => {
    const res = await raw(t, `/_api/companies?q=${'x'.repeat(70_000)}`);
    expect(res).toEqual({ status: 431, body: error(431, MSG.headersTooLarge) });
  });
});
