import fc from 'fast-check';
import { LOGIN_NEXT_PARAM } from '../../common/login-path.js';
import { ADMIN, startTestApp, type TestApp } from './support/test-app.js';

/**
 * The one return-path rule over HTTP (issue 35): hostile `next` values at each entry point that redirects with one;
 * the Location never leaves the site, and a `next` it carries onwards (to /login) obeys the same rule.
 */
const SITE = 'https://site.example';

/** Pieces an attacker strings together: dot segments, slashes both ways, encodings, hosts, schemes, controls. */
const hostile = fc
  .array(
    fc.constantFrom('/', '//', '\\', '/\\', '.', '..', '/./', '/../', '%2F', '%5C', '%252F', '%2e%2e', 'evil.example', '@evil.example', 'https:', ':', '?', '#', '%0a', '%00', 'a', 'login'),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => `/${parts.join('')}`);
const anyNext = fc.oneof(hostile, fc.constantFrom('/.//evil.example', '/..//evil.example', '/a/..//evil.example/x', '/./\\evil.example'), fc.string());

function staysOnSite(location: string | undefined): void {
  expect(location).toBeDefined();
  expect(new URL(location!, SITE).origin).toBe(SITE);
  expect(/^\/[/\\]/.test(location!)).toBe(false);
  const carried = new URL(location!, SITE).searchParams.get(LOGIN_NEXT_PARAM);
  if (carried !== null) {
    expect(new URL(carried, SITE).origin).toBe(SITE);
    expect(/^\/[/\\]/.test(carried.replace(/\\/g, '/'))).toBe(false);
  }
}

describe('every entry point with a next stays on the site (property-based, over HTTP)', () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await startTestApp();
    origin = new URL(t.config.publicSiteUrl).origin;
  }, 300_000);
  afterAll(() => t?.close());

  it("the issue's examples: a password sign-in with /.//evil.example and friends goes to /", async () => {
    for (const next of ['/.//evil.example', '/..//evil.example', '/a/..//evil.example/x', '/%2F%2Fevil.example']) {
      const res = await t
        .http()
        .post(`/login?${LOGIN_NEXT_PARAM}=${encodeURIComponent(next)}`)
        .set({ Origin: origin })
        .type('form')
        .send({ email: ADMIN.email, password: ADMIN.password })
        .expect(303);
      expect({ next, location: res.headers.location }).toEqual({ next, location: '/' });
    }
  }, 60_000);

  it('POST /login (the password form): hostile next values, the Location is always on the site', async () => {
    await fc.assert(
      fc.asyncProperty(anyNext, async (next) => {
        const res = await t
          .http()
          .post(`/login?${LOGIN_NEXT_PARAM}=${encodeURIComponent(next)}`)
          .set({ Origin: origin })
          .type('form')
          .send({ email: ADMIN.email, password: ADMIN.password })
          .expect(303);
        staysOnSite(res.headers.location);
      }),
      // Each run is a real argon2 sign-in; the thousands of values run on the rule itself (common/return-path.spec.ts).
      { numRuns: 60 },
    );
  }, 240_000);

  it('POST /login with a wrong password: back to /login, carrying only a safe next', async () => {
    await fc.assert(
      fc.asyncProperty(anyNext, async (next) => {
        const res = await t
          .http()
          .post(`/login?${LOGIN_NEXT_PARAM}=${encodeURIComponent(next)}`)
          .set({ Origin: origin, 'X-Forwarded-For': '198.51.100.7' })
          .type('form')
          .send({ email: 'nobody-here@example.com', password: 'x' });
        expect([303, 429]).toContain(res.status);
        if (res.status === 303) staysOnSite(res.headers.location);
      }),
      { numRuns: 40 },
    );
  }, 240_000);

  it('POST /follow signed out: /login with the intent, never elsewhere', async () => {
    await fc.assert(
      fc.asyncProperty(anyNext, fc.constantFrom('follow', 'unfollow'), async (next, action) => {
        const res = await t.http().post('/follow').set({ Origin: origin }).type('form').send({ companyId: '1', action, next });
        expect([303, 400]).toContain(res.status);
        if (res.status === 303) staysOnSite(res.headers.location);
      }),
      // The form is limited per visitor (60 a window): fewer runs here, the thousands run on the rule itself.
      { numRuns: 50 },
    );
  }, 240_000);
});
