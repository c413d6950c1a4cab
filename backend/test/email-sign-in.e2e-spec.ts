/** Email sign-in (issue #17) against a real in-process SMTP server: the mailed link, single use, 15 minutes, a new session. */
import request from 'supertest';
import { EMAIL_SIGN_IN_TEXT } from '../../common/email-sign-in.js';
import { signToken } from '../src/common/signed-token.js';
import { signingKey } from '../src/config/config.js';
import { startTestAppWithSmtp, type TestApp } from './support/test-app.js';
import type { SmtpSink } from './support/smtp-sink.js';

const sessionCookie = (res: request.Response) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('vtf.sid='))?.split(';')[0];

describe('email sign-in', () => {
  let t: TestApp & { smtp: SmtpSink };
  beforeAll(async () => {
    t = await startTestAppWithSmtp();
  });
  afterAll(() => t.close());

  async function linkFor(email: string): Promise<string> {
    await t.http().post('/_api/auth/email-link').send({ email }).expect(200);
    const [mail] = await t.smtp.waitFor(1, { filter: (m) => m.envelope.to.includes(email) });
    expect(mail!.parsed.subject).toBe('Your sign-in link');
    const url = /https?:\/\/\S+\/auth\/email-link\?token=[\w%.-]+/.exec(mail!.parsed.text ?? '')![0];
    expect(mail!.parsed.html).toContain(url.replace(/&/g, '&amp;'));
    return new URL(url).pathname + new URL(url).search;
  }

  const origin = () => new URL(t.config.publicSiteUrl).origin;
  /** The token the page's form posts (read from the page, as a browser would submit it). */
  const formToken = (html: string) => /<form method="post" action="\/auth\/email-link"><input type="hidden" name="token" value="([^"]+)">/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  /** Opens the link (GET: the page), then presses its button (POST). */
  async function follow(agent: request.Agent | ReturnType<typeof request>, path: string) {
    const page = await agent.get(path).expect(200);
    const token = formToken(page.text);
    expect(token).toBeDefined();
    return agent.post('/auth/email-link').set('Origin', origin()).type('form').send({ token });
  }

  it('answers the same 200 for any address and refuses a bad one with 400', async () => {
    const a = await t.http().post('/_api/auth/email-link').send({ email: 'nobody@test.example' }).expect(200);
    const b = await t.http().post('/_api/auth/email-link').send({ email: 'admin@test.example' }).expect(200);
    expect(a.body).toEqual({ message: EMAIL_SIGN_IN_TEXT.sent });
    expect(b.body).toEqual(a.body);
    const bad = await t.http().post('/_api/auth/email-link').send({ email: 'not-an-email' }).expect(400);
    expect(bad.body.errors).toEqual({ email: EMAIL_SIGN_IN_TEXT.emailInvalid });
  });

  it('signs in by the mailed link: the account is made on first use (role user), the session id is new, /account is next', async () => {
    await t.createUser('other@test.example', 'other-password', 'user');
    const agent = request.agent(t.app.getHttpServer());
    const before = sessionCookie(await agent.post('/_api/auth/login_with_password').send({ email: 'other@test.example', password: 'other-password' }).expect(200));
    expect(before).toBeDefined();

    const path = await linkFor('new.trader@test.example');
    const opened = await follow(agent, path);
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe('/account');
    const after = sessionCookie(opened);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((await agent.get('/_api/auth/session').expect(200)).body.user).toMatchObject({ email: 'new.trader@test.example', role: 'user' });
    // The session from before the link signs nobody in any more.
    const old = await request(t.app.getHttpServer()).get('/_api/auth/session').set('Cookie', before!).expect(200);
    expect(old.body.user).toBeUndefined();
    expect(await t.sql(`select role, password_hash from users where email = 'new.trader@test.example'`)).toEqual([{ role: 'user', password_hash: null }]);
    // A user: 403 on the admin API.
    await agent.get('/_api/admin/companies').expect(403);

    // Single use: the same link again is refused, opened or posted, and signs nobody in.
    const again = await request(t.app.getHttpServer()).get(path).expect(400);
    expect(again.text).toContain(EMAIL_SIGN_IN_TEXT.linkUsed);
    expect(sessionCookie(again)).toBeUndefined();
    const token = new URL(path, origin()).searchParams.get('token');
    const reposted = await request(t.app.getHttpServer()).post('/auth/email-link').set('Origin', origin()).type('form').send({ token }).expect(400);
    expect(reposted.text).toContain(EMAIL_SIGN_IN_TEXT.linkUsed);
    expect(sessionCookie(reposted)).toBeUndefined();
  });

  it('a HEAD and a GET of the link (a mail scanner, a link preview) use nothing and sign no one in; the person then signs in with the page\'s button (issue #35)', async () => {
    const path = await linkFor('scanned@test.example');
    const scanner = request(t.app.getHttpServer());
    const head = await scanner.head(path).expect(200);
    expect(sessionCookie(head)).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      const page = await scanner.get(path).expect(200);
      expect(sessionCookie(page)).toBeUndefined();
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['referrer-policy']).toBe('same-origin');
      // Who is signing in, and one button that posts the token (no script needed).
      expect(page.text).toContain(EMAIL_SIGN_IN_TEXT.confirmMessage('scanned@test.example'));
      expect(page.text).toContain(`<button type="submit">${EMAIL_SIGN_IN_TEXT.confirmButton}</button>`);
      expect(page.text).not.toContain('<script');
    }
    // Opening made no account.
    expect(await t.sql(`select id from users where email = 'scanned@test.example'`)).toEqual([]);
    const person = request.agent(t.app.getHttpServer());
    const signedIn = await follow(person, path);
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.location).toBe('/account');
    expect((await person.get('/_api/auth/session').expect(200)).body.user).toMatchObject({ email: 'scanned@test.example' });
    // A cross-site post of a stolen token is refused before it is used.
    await request(t.app.getHttpServer()).post('/auth/email-link').set('Origin', 'https://evil.example').type('form')
      .send({ token: new URL(path, origin()).searchParams.get('token') }).expect(403);
  });

  it('refuses an expired link and an altered one', async () => {
    const key = signingKey(t.config, 'trader-sign-in');
    const expired = signToken(key, 'trader-sign-in', 'abcdefabcdefabcd:late@test.example', new Date(Date.now() - 1000));
    const res = await t.http().get(`/auth/email-link?token=${encodeURIComponent(expired)}`).expect(400);
    expect(res.text).toContain('This sign-in link has expired');
    const path = await linkFor('altered@test.example');
    const altered = path.replace(/token=([\w-])/, (_m, c: string) => `token=${c === 'A' ? 'B' : 'A'}`);
    expect((await t.http().get(altered).expect(400)).text).toContain(EMAIL_SIGN_IN_TEXT.linkInvalid);
    const alteredToken = new URL(altered, origin()).searchParams.get('token');
    expect((await t.http().post('/auth/email-link').set('Origin', origin()).type('form').send({ token: alteredToken }).expect(400)).text)
      .toContain(EMAIL_SIGN_IN_TEXT.linkInvalid);
    expect((await t.http().post('/auth/email-link').set('Origin', origin()).type('form').send({}).expect(400)).text)
      .toContain(EMAIL_SIGN_IN_TEXT.linkInvalid);
    expect(await t.sql(`select id from users where email in ('late@test.example', 'altered@test.example')`)).toEqual([]);
  });

  it('limits links per address silently and per client address with the one 429', async () => {
    const email = 'limited@test.example';
    for (let i = 0; i < 7; i++) await t.http().post('/_api/auth/email-link').send({ email }).expect(200);
    await new Promise((r) => setTimeout(r, 1500));
    await t.smtp.waitFor(5, { filter: (m) => m.envelope.to.includes(email) });
    expect(t.smtp.to(email)).toHaveLength(5);
    let last;
    for (let i = 0; i < 25 && last?.status !== 429; i++) last = await t.http().post('/_api/auth/email-link').send({ email: `x${i}@test.example` });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
