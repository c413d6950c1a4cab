import { LOGIN_LIMITS } from '../../common/constants.js';
import { MSG } from '../../common/messages.js';
import { ADMIN, startTestApp, type TestApp } from './support/test-app.js';

const LOGIN = '/_api/auth/login_with_password';

describe('auth: session, login, logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind one proxy: X-Forwarded-For names the client, so tests can sign in from different addresses.
    t = await startTestApp({ trustProxy: 1 });
  });
  afterAll(() => t.close());
  beforeEach(() => t.sql('delete from rate_limits'));

  it('answers the session call with an error field when signed out', async () => {
    const res = await t.http().get('/_api/auth/session').expect(200);
    expect(res.body).toEqual({ error: MSG.notAuthenticated });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('signs in, keeps the session in an HttpOnly SameSite=Lax cookie, and never returns the password hash', async () => {
    const agent = t.http();
    const res = await agent.post(LOGIN).send({ email: ADMIN.email, password: ADMIN.password }).expect(200);
    expect(res.body).toEqual({ id: expect.any(Number), displayName: 'Site Admin', email: ADMIN.email, role: 'admin', avatarUrl: null });
    expect(JSON.stringify(res.body)).not.toMatch(/hash|argon/i);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/vtf\.sid=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('matches the email case-insensitively and ignores surrounding spaces', async () => {
    await t.http().post(LOGIN).send({ email: `  ${ADMIN.email.toUpperCase()} `, password: ADMIN.password }).expect(200);
  });

  it('stores sessions in PostgreSQL and regenerates the session id at every login', async () => {
    const agent = await t.signedIn();
    const first = await t.sql<{ sid: string }>('select sid from user_sessions');
    await agent.post(LOGIN).send(ADMIN).expect(200);
    const second = await t.sql<{ sid: string }>('select sid from user_sessions');
    const firstIds = new Set(first.map((r) => r.sid));
    expect(second.some((r) => !firstIds.has(r.sid))).toBe(true);
    const me = await agent.get('/_api/auth/session').expect(200);
    expect(me.body.user.email).toBe(ADMIN.email);
  });

  it('logs out: the session is destroyed and the old cookie no longer works', async () => {
    const agent = await t.signedIn();
    const cookie = (await agent.get('/_api/auth/session')).request.cookies;
    expect(cookie).toMatch(/vtf\.sid/);
    const res = await agent.post('/_api/auth/logout').send({}).expect(200);
    expect(res.body).toEqual({ success: true });
    expect((await agent.get('/_api/auth/session')).body).toEqual({ error: MSG.notAuthenticated });
    const replay = await t.http().get('/_api/auth/session').set('Cookie', cookie).expect(200);
    expect(replay.body).toEqual({ error: MSG.notAuthenticated });
    await t.http().get('/_api/admin/companies').set('Cookie', cookie).expect(401);
  });

  it('logout without a session still answers 200', async () => {
    await t.http().post('/_api/auth/logout').send({}).expect(200, { success: true });
  });

  it.each([
    [{}, MSG.emailRequired],
    [{ email: '', password: 'x' }, MSG.emailRequired],
    [{ email: 'not-an-email', password: 'x' }, MSG.emailRequired],
    [{ email: ADMIN.email }, MSG.passwordRequired],
    [{ email: ADMIN.email, password: '' }, MSG.passwordRequired],
  ])('rejects %j with "%s"', async (body, message) => {
    const res = await t.http().post(LOGIN).send(body).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, message, error: message });
  });

  it('answers a wrong password or unknown email with 401 and a message, without a session', async () => {
    for (const body of [{ email: ADMIN.email, password: 'wrong' }, { email: 'nobody@test.example', password: 'x' }]) {
      const res = await t.http().post(LOGIN).send(body).expect(401);
      expect(res.body).toMatchObject({ message: MSG.invalidCredentials });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  const from = (ip: string) => ({ post: (body: object) => t.http().post(LOGIN).set('X-Forwarded-For', ip).send(body) });
  const ATTACKER = '203.0.113.66';
  const OWNER = '198.51.100.7';

  it('limits the attacker’s address after 5 wrong passwords for one email, even with the right one, with a clear 429', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perEmailAndIp; i++) {
      await from(ATTACKER).post({ email: ADMIN.email, password: `wrong-${i}` }).expect(401);
    }
    const blocked = await from(ATTACKER).post(ADMIN).expect(429);
    expect(blocked.body).toEqual({ statusCode: 429, error: MSG.tooManyLoginAttempts(1), message: MSG.tooManyLoginAttempts(1) });
    expect(blocked.headers['set-cookie']).toBeUndefined();
  });

  it('lets the admin sign in from another address while an attacker hammers the login', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await from(ATTACKER).post({ email: ADMIN.email, password: `guess-${i}` });
      expect([401, 429]).toContain(res.status);
    }
    await from(ATTACKER).post(ADMIN).expect(429);
    const owner = await from(OWNER).post(ADMIN).expect(200);
    expect(owner.headers['set-cookie']?.[0]).toMatch(/^vtf\.sid=/);
  });

  it('waits grow for the attacker: each failure past the free ones doubles the wait', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perEmailAndIp; i++) await from(ATTACKER).post({ email: ADMIN.email, password: 'x' }).expect(401);
    await from(ATTACKER).post({ email: ADMIN.email, password: 'x' }).expect(429);
    // The first wait (1 minute) runs out; the next failure earns 2 minutes, the one after 4.
    for (const minutes of [2, 4]) {
      await t.sql("update rate_limits set reset_at = now() where key like 'login:pair:%:wait'");
      await from(ATTACKER).post({ email: ADMIN.email, password: 'x' }).expect(401);
      const res = await from(ATTACKER).post({ email: ADMIN.email, password: 'x' }).expect(429);
      expect(res.body.message).toBe(MSG.tooManyLoginAttempts(minutes));
    }
  });

  it('spreads over many addresses: those with failures wait, a clean address with the right password gets in', async () => {
    const bots = Array.from({ length: LOGIN_LIMITS.perEmail }, (_, i) => `192.0.2.${i + 1}`);
    for (const ip of bots) await from(ip).post({ email: ADMIN.email, password: 'guess' }).expect(401);
    // Every bot address now has a failure of its own: the email's wait applies to them, even with the right password.
    await from(bots[0]).post(ADMIN).expect(429);
    await from(bots[3]).post({ email: ADMIN.email, password: 'another-guess' }).expect(429);
    await from(OWNER).post(ADMIN).expect(200);
  });

  it('limits failed sign-ins per address across many emails', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      await from(ATTACKER).post({ email: `user${i}@test.example`, password: 'x' }).expect(401);
    }
    const res = await from(ATTACKER).post(ADMIN).expect(429);
    expect(res.body.error).toBe(MSG.tooManyLoginAttempts(15));
    await from(OWNER).post(ADMIN).expect(200);
  });

  it('a successful sign-in clears that address’s failure count for the email', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perEmailAndIp - 1; i++) {
      await from(OWNER).post({ email: ADMIN.email, password: 'wrong' }).expect(401);
    }
    await from(OWNER).post(ADMIN).expect(200);
    expect(await t.sql("select * from rate_limits where key like 'login:pair:%'")).toHaveLength(0);
    // So the next typo starts from one again instead of earning a wait.
    await from(OWNER).post({ email: ADMIN.email, password: 'wrong' }).expect(401);
    await from(OWNER).post(ADMIN).expect(200);
  });

  it('a signed-in non-admin sees their user but gets 403 on admin calls', async () => {
    await t.createUser('member@test.example', 'member-password', 'user');
    const agent = await t.signedIn({ email: 'member@test.example', password: 'member-password' });
    expect((await agent.get('/_api/auth/session')).body.user.role).toBe('user');
    const res = await agent.get('/_api/admin/companies').expect(403);
    expect(res.body.message).toBe(MSG.accessDenied('user'));
  });

  it('a user whose role is withdrawn loses admin access on the next request', async () => {
    await t.createUser('demoted@test.example', 'demoted-password', 'admin');
    const agent = await t.signedIn({ email: 'demoted@test.example', password: 'demoted-password' });
    await agent.get('/_api/admin/companies').expect(200);
    await t.sql("update users set role = 'user' where email = 'demoted@test.example'");
    await agent.get('/_api/admin/companies').expect(403);
  });
});
