import { MSG } from '../../common/messages.js';
import { ADMIN, startTestApp, type TestApp } from './support/test-app.js';

const LOGIN = '/_api/auth/login_with_password';
const SITE = 'https://site.example';

describe('production: API docs, Origin check against PUBLIC_SITE_URL, Secure cookies over http', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind one proxy that terminates TLS and rewrites Host to the container's own name.
    t = await startTestApp({ nodeEnv: 'production', isProduction: true, apiDocs: false, publicSiteUrl: SITE, trustProxy: 1 });
  });
  afterAll(() => t.close());

  it('does not publish Swagger UI or the OpenAPI document', async () => {
    for (const path of ['/_api/docs', '/_api/docs-json']) {
      const res = await t.http().get(path).expect(404);
      expect(res.body).toEqual({ statusCode: 404, error: MSG.routeNotFound, message: MSG.routeNotFound });
    }
  });

  it('accepts a write whose Origin is PUBLIC_SITE_URL, whatever Host the proxy sends', async () => {
    const res = await t.http().post(LOGIN).set('Host', 'app:3000').set('X-Forwarded-Proto', 'https')
      .set('Origin', SITE).send(ADMIN).expect(200);
    expect(res.headers['set-cookie']?.[0]).toMatch(/; Secure/);
  });

  it.each([
    ['another scheme', 'http://site.example'],
    ['another port', 'https://site.example:8443'],
    ['another host', 'https://evil.example'],
    ['the request Host (no fallback in production)', 'https://app:3000'],
    ['an opaque origin', 'null'],
  ])('refuses a write from %s with 403, changing nothing', async (_what, origin) => {
    const res = await t.http().post('/_api/newsletter/subscribe').set('Host', 'app:3000').set('X-Forwarded-Proto', 'https')
      .set('Origin', origin).send({ email: 'someone@example.com' }).expect(403);
    expect(res.body).toEqual({ statusCode: 403, error: MSG.crossOrigin, message: MSG.crossOrigin });
    expect(await t.sql('select * from newsletter_subscribers')).toEqual([]);
  });

  it('refuses a sign-in that came over plain http with a message, instead of a cookie the browser drops', async () => {
    const res = await t.http().post(LOGIN).send(ADMIN).expect(403);
    expect(res.body.message).toBe(MSG.signInNeedsHttps);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('production with API_DOCS=true, and development', () => {
  it('serves the API docs in production when asked to', async () => {
    const t = await startTestApp({ nodeEnv: 'production', isProduction: true, apiDocs: true });
    try {
      const res = await t.http().get('/_api/docs-json').expect(200);
      expect(Object.keys(res.body.paths)).toContain('/_api/admin/companies');
    } finally {
      await t.close();
    }
  });

  it('outside production also accepts the request Host as the origin (dev server, tests)', async () => {
    const t = await startTestApp({ publicSiteUrl: SITE });
    try {
      await t.http().post(LOGIN).set('Host', 'localhost:5173').set('Origin', 'http://localhost:5173').send(ADMIN).expect(403)
        .expect((res) => expect(res.body.message).toBe(MSG.signInNeedsHttps));
      await t.http().post('/_api/newsletter/subscribe').set('Host', 'localhost:5173').set('Origin', 'http://localhost:5173')
        .send({ email: 'dev@example.com' }).expect(200);
      await t.http().post('/_api/newsletter/subscribe').set('Host', 'localhost:5173').set('Origin', 'http://evil.example')
        .send({ email: 'evil@example.com' }).expect(403);
      expect((await t.sql('select email from newsletter_subscribers')).map((r) => r.email)).toEqual(['dev@example.com']);
    } finally {
      await t.close();
    }
  });
});
