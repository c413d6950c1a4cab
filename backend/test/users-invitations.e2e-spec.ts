/**
 * Issue #20, roles and invitations, against a real PostgreSQL and a real in-process SMTP server: users as a
 * react-admin resource, the invitation mail and its single-use 72-hour link, role changes and deactivation (audited,
 * sessions ended at once), and the last active admin who can be neither demoted nor deactivated, even by two
 * requests at the same moment.
 */
import request from 'supertest';
import { EMAIL_LINK_LIMITS } from '../../common/email-sign-in.js';
import type TestAgent from 'supertest/lib/agent.js';
import { INVITATION_REFUSALS, USERS_TEXT, type AdminUserDto } from '../../common/invitations.js';
import { MSG } from '../../common/messages.js';
import { ADMIN, startTestAppWithSmtp, type TestApp } from './support/test-app.js';
import type { SmtpSink } from './support/smtp-sink.js';

const PASSWORD = 'a-long-enough-password';

describe('users and invitations (issue #20)', () => {
  let t: TestApp & { smtp: SmtpSink };
  let admin: TestAgent;
  beforeAll(async () => {
    t = await startTestAppWithSmtp();
    admin = await t.signedIn();
  });
  afterAll(() => t.close());

  /** Invites and answers the path of the mailed link (the link is read from the message, as a person would). */
  async function invite(typed: string, role = 'editor'): Promise<{ user: AdminUserDto; path: string; token: string }> {
    const email = typed.trim().toLowerCase();
    const before = t.smtp.to(email).length;
    const res = await admin.post('/_api/admin/users').send({ email: typed, role }).expect(201);
    const mails = await t.smtp.waitFor(before + 1, { filter: (m) => m.envelope.to.includes(email) });
    const mail = mails[mails.length - 1]!;
    expect(mail.parsed.subject).toBe(USERS_TEXT.inviteSubject('Verified Trader Funding'));
    const url = new URL(/https?:\/\/\S+\/accept-invite\?token=[\w%.-]+/.exec(mail.parsed.text ?? '')![0]);
    expect(url.origin).toBe(t.config.publicSiteUrl);
    expect(mail.parsed.html).toContain(url.toString().replace(/&/g, '&amp;'));
    return { user: res.body as AdminUserDto, path: url.pathname + url.search, token: url.searchParams.get('token')! };
  }

  const accept = (token: string, password = PASSWORD, agent: TestAgent = request.agent(t.app.getHttpServer()) as unknown as TestAgent) =>
    agent.post('/_api/auth/invitations/accept').send({ token, password });
  const userRow = async (email: string) =>
    (await t.sql<{ id: number; role: string; active: boolean; password_hash: string | null; last_sign_in_at: Date | null }>(
      'select id, role, active, password_hash, last_sign_in_at from users where email = $1', [email]))[0]!;
  const auditOf = async (action: string, resourceId: number) =>
    (await admin.get(`/_api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ resource: 'users', action, resourceId: String(resourceId) }))}`).expect(200)).body as Array<{ changes: Record<string, unknown>; actor: { email: string } }>;

  it('lists users as a react-admin resource, admins only, and refuses an unknown filter', async () => {
    const list = await admin.get('/_api/admin/users?sort=["email","ASC"]&range=[0,9]').expect(200);
    expect(list.headers['content-range']).toMatch(/^users 0-0\/1$/);
    expect(list.body[0]).toMatchObject({ email: ADMIN.email, role: 'admin', active: true, status: 'active', version: expect.any(Number) });
    expect(list.body[0].lastSignInAt).not.toBeNull();
    await admin.get('/_api/admin/users?filter={"nope":1}').expect(400);
    await t.http().get('/_api/admin/users').expect(401);
    await t.createUser('reader@test.example', 'reader-password-1', 'editor');
    const editor = await t.signedIn({ email: 'reader@test.example', password: 'reader-password-1' });
    await editor.get('/_api/admin/users').expect(403);
    await editor.post('/_api/admin/users').send({ email: 'x@test.example', role: 'admin' }).expect(403);
  });

  it('invites by email: 201, an inactive account, a mail with a signed link, an audit entry; bad input is a 400', async () => {
    const { user } = await invite('Eve.Editor@Test.example ');
    expect(user).toMatchObject({ email: 'eve.editor@test.example', role: 'editor', active: false, status: 'invited', lastSignInAt: null });
    expect(user.invitedAt).not.toBeNull();
    const [entry] = await auditOf('invite', user.id);
    expect(entry).toMatchObject({ actor: { email: ADMIN.email }, changes: { email: [null, 'eve.editor@test.example'], role: [null, 'editor'], status: [null, 'invited'] } });

    const bad = await admin.post('/_api/admin/users').send({ email: 'not-an-email', role: 'owner' }).expect(400);
    expect(bad.body.errors).toMatchObject({ email: USERS_TEXT.emailInvalid });
    expect((await admin.post('/_api/admin/users').send({ email: 'a@test.example', role: 'user' }).expect(400)).body.message).toBe(USERS_TEXT.roleInvalid);
    // An active account is not invited again (its role is changed instead).
    const taken = await admin.post('/_api/admin/users').send({ email: ADMIN.email, role: 'editor' }).expect(409);
    expect(taken.body).toMatchObject({ statusCode: 409, message: USERS_TEXT.alreadyActive(ADMIN.email) });
    expect((await userRow(ADMIN.email)).role).toBe('admin');
  });

  it('accepting sets the password, activates the account and signs it in; the link then works no more', async () => {
    const { token, user } = await invite('ann@test.example');
    const agent = request.agent(t.app.getHttpServer()) as unknown as TestAgent;
    // A weak password is refused by the shared rule and spends nothing.
    const weak = await accept(token, 'short', agent).expect(400);
    expect(weak.body).toMatchObject({ statusCode: 400, message: USERS_TEXT.passwordTooShort });
    expect((await accept(token, '', agent).expect(400)).body.message).toBe(MSG.passwordRequired);
    expect((await userRow('ann@test.example')).active).toBe(false);

    const ok = await accept(token, PASSWORD, agent).expect(200);
    expect(ok.body).toMatchObject({ id: user.id, email: 'ann@test.example', role: 'editor' });
    expect((await agent.get('/_api/auth/session').expect(200)).body.user).toMatchObject({ email: 'ann@test.example', role: 'editor' });
    await agent.get('/_api/admin/blog-posts').expect(200);
    const row = await userRow('ann@test.example');
    expect(row.active).toBe(true);
    expect(row.last_sign_in_at).not.toBeNull();
    expect((await admin.get(`/_api/admin/users/${user.id}`).expect(200)).body).toMatchObject({ status: 'active', active: true });
    // The password now signs in.
    await t.signedIn({ email: 'ann@test.example', password: PASSWORD });
    expect(await auditOf('invitation-accepted', user.id)).toHaveLength(1);

    // Single use: the same link again is a 410, and changes nothing.
    const hash = row.password_hash;
    const again = await accept(token, 'another-long-password').expect(410);
    expect(again.body).toEqual({ statusCode: 410, error: INVITATION_REFUSALS.used.message, message: INVITATION_REFUSALS.used.message, errors: { token: INVITATION_REFUSALS.used.message } });
    expect((await userRow('ann@test.example')).password_hash).toBe(hash);
    // An altered link is a 400.
    const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect((await accept(altered).expect(400)).body.message).toBe(INVITATION_REFUSALS.invalid.message);
    await accept('not-a-token').expect(400);
    await accept(123 as unknown as string).expect(400);
  });

  it('an invitation expires after 72 hours (moved by SQL): 410 and nothing changed; a new invitation replaces the old one', async () => {
    const first = await invite('late@test.example');
    const [{ hours }] = await t.sql<{ hours: number }>(
      `select round(extract(epoch from expires_at - created_at) / 3600) as hours from user_invitations where user_id = $1`, [first.user.id]);
    expect(Number(hours)).toBe(72);
    await t.sql(`update user_invitations set created_at = created_at - interval '73 hours', expires_at = expires_at - interval '73 hours' where user_id = $1`, [first.user.id]);
    expect((await accept(first.token).expect(410)).body.message).toBe(INVITATION_REFUSALS.expired.message);
    expect(await userRow('late@test.example')).toMatchObject({ active: false, password_hash: null });

    // Inviting the (still inactive) address again sends a new link; the older one is refused as replaced.
    const second = await invite('late@test.example', 'admin');
    expect(second.user).toMatchObject({ id: first.user.id, role: 'admin', status: 'invited' });
    const third = await invite('late@test.example', 'editor');
    expect((await accept(second.token).expect(410)).body.message).toBe(INVITATION_REFUSALS.replaced.message);
    await accept(third.token).expect(200);
    expect(await userRow('late@test.example')).toMatchObject({ active: true, role: 'editor' });
  });

  it('accepts through the plain form too (no script): 303 to /admin signed in, or back to the page with the reason', async () => {
    const { token } = await invite('form@test.example');
    const origin = new URL(t.config.publicSiteUrl).origin;
    const form = request.agent(t.app.getHttpServer());
    const short = await form.post('/accept-invite').set('Origin', origin).type('form').send({ token, password: 'short' }).expect(303);
    expect(short.headers.location).toBe(`/accept-invite?token=${encodeURIComponent(token).replace(/%20/g, '+')}&error=password-short`);
    const ok = await form.post('/accept-invite').set('Origin', origin).type('form').send({ token, password: PASSWORD }).expect(303);
    expect(ok.headers.location).toBe('/admin');
    expect((await form.get('/_api/auth/session').expect(200)).body.user).toMatchObject({ email: 'form@test.example' });
    const used = await request(t.app.getHttpServer()).post('/accept-invite').set('Origin', origin).type('form').send({ token, password: PASSWORD }).expect(303);
    expect(new URL(used.headers.location, origin).searchParams.get('error')).toBe('used');
    // A forged cross-site form post gets the plain refusal, no redirect.
    await request(t.app.getHttpServer()).post('/accept-invite').set('Origin', 'https://evil.example').type('form').send({ token, password: PASSWORD }).expect(403);
  });

  it('a HEAD and a GET of the invitation link (a mail scanner, a link preview) use nothing; the person\'s POST then accepts (issue #35)', async () => {
    const { path, token } = await invite('scanned@test.example');
    const scanner = request(t.app.getHttpServer());
    const cookie = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('vtf.sid='));
    expect(cookie(await scanner.head(path).expect(200))).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      // The page (its form posts the token with the password the person chooses; e2e/ tests it in a browser).
      expect(cookie(await scanner.get(path).expect(200))).toBeUndefined();
    }
    expect(await userRow('scanned@test.example')).toMatchObject({ active: false, password_hash: null });
    const person = request.agent(t.app.getHttpServer());
    await person.post('/accept-invite').set('Origin', new URL(t.config.publicSiteUrl).origin).type('form').send({ token, password: PASSWORD }).expect(303);
    expect((await person.get('/_api/auth/session').expect(200)).body.user).toMatchObject({ email: 'scanned@test.example' });
  });

  it('the link\'s page says who it is for, kept by no cache; the preview uses nothing and refuses a spent or forged link (issue #35)', async () => {
    const { path, token } = await invite('named@test.example', 'admin');
    const invitedAs = USERS_TEXT.invitedAs('named@test.example', 'admin');
    for (let i = 0; i < 2; i++) {
      const page = await request(t.app.getHttpServer()).get(path).expect(200);
      expect(page.text).toContain(invitedAs);
      expect(page.headers['cache-control']).toBe('private, no-store');
    }
    const preview = await request(t.app.getHttpServer()).get(`/_api/auth/invitations/preview?token=${encodeURIComponent(token)}`).expect(200);
    expect(preview.body).toEqual({ email: 'named@test.example', role: 'admin' });
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(await userRow('named@test.example')).toMatchObject({ active: false, password_hash: null });

    // The page without a token is the same for everyone, and names no one.
    const bare = await request(t.app.getHttpServer()).get('/accept-invite').expect(200);
    expect(bare.text).not.toContain('This invitation is for');

    await request(t.app.getHttpServer()).get('/_api/auth/invitations/preview?token=forged.token').expect(400, {
      statusCode: 400, error: USERS_TEXT.linkInvalid, message: USERS_TEXT.linkInvalid, errors: { token: USERS_TEXT.linkInvalid },
    });
    await accept(token).expect(200);
    const spent = await request(t.app.getHttpServer()).get(`/_api/auth/invitations/preview?token=${encodeURIComponent(token)}`).expect(410);
    expect(spent.body.message).toBe(USERS_TEXT.linkUsed);
    const page = await request(t.app.getHttpServer()).get(path).expect(200);
    expect(page.text).not.toContain(invitedAs);
    expect(page.text).toContain(USERS_TEXT.linkUsed);
  });

  it('re-inviting one address is held to the per-address mail cap: the sixth within the hour is a 429 with Retry-After and mails nothing (issue #35)', async () => {
    const email = 'reinvited@test.example';
    for (let i = 0; i < EMAIL_LINK_LIMITS.perAddress; i++) await invite(email);
    const refused = await admin.post('/_api/admin/users').send({ email, role: 'editor' }).expect(429);
    expect(refused.body.message).toBe(USERS_TEXT.tooManyInvites(60));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    await new Promise((r) => setTimeout(r, 1000));
    expect(t.smtp.to(email)).toHaveLength(EMAIL_LINK_LIMITS.perAddress);
    // Another address is not affected.
    await invite('someone-else@test.example');
  });

  it('a role change is audited before → after, and a stale version is a 409 that changes nothing', async () => {
    const { token, user } = await invite('rita@test.example');
    await accept(token).expect(200);
    const current = (await admin.get(`/_api/admin/users/${user.id}`).expect(200)).body as AdminUserDto;
    // react-admin sends the record back whole: read-only fields as served are dropped; a changed one is refused by name.
    const refused = await admin.put(`/_api/admin/users/${user.id}`).send({ ...current, role: 'admin', email: 'changed@test.example' }).expect(400);
    expect(refused.body.message).toBe(MSG.readOnlyChanged(['email']));
    const saved = await admin.put(`/_api/admin/users/${user.id}`).send({ ...current, role: 'admin' }).expect(200);
    expect(saved.body).toMatchObject({ role: 'admin', email: 'rita@test.example', version: current.version + 1 });
    const [entry] = await auditOf('update', user.id);
    expect(entry).toMatchObject({ actor: { email: ADMIN.email }, changes: { role: ['editor', 'admin'] } });

    const stale = await admin.put(`/_api/admin/users/${user.id}`).send({ role: 'editor', version: current.version }).expect(409);
    expect(stale.body.message).toMatch(/^This user was changed by .+\. Reload to see their changes\.$/);
    expect((await userRow('rita@test.example')).role).toBe('admin');
    expect((await admin.put(`/_api/admin/users/${user.id}`).send({ role: 'owner' }).expect(400)).body.message).toBe(USERS_TEXT.userRoleInvalid);
    expect((await admin.put(`/_api/admin/users/${user.id}`).send({ active: 'no' }).expect(400)).body.message).toBe(USERS_TEXT.activeInvalid);
    await admin.put('/_api/admin/users/999999').send({ role: 'editor' }).expect(404);
    await admin.put(`/_api/admin/users/${user.id}`).send({ role: 'editor' }).expect(200);
  });

  it('deactivation ends the sessions at once (the old cookie gets 401) and no way of signing in works', async () => {
    const { token, user } = await invite('dan@test.example');
    const dan = request.agent(t.app.getHttpServer()) as unknown as TestAgent;
    await accept(token, PASSWORD, dan).expect(200);
    const second = await t.signedIn({ email: 'dan@test.example', password: PASSWORD });
    await dan.get('/_api/admin/blog-posts').expect(200);
    const sessionsOf = async () => (await t.sql(`select sid from users u join user_sessions s on (s.sess -> 'passport') ->> 'user' = u.id::text where u.email = 'dan@test.example'`)).length;
    expect(await sessionsOf()).toBe(2);

    const off = await admin.put(`/_api/admin/users/${user.id}`).send({ active: false }).expect(200);
    expect(off.body).toMatchObject({ active: false, status: 'deactivated' });
    expect(await sessionsOf()).toBe(0);
    await dan.get('/_api/admin/blog-posts').expect(401);
    await second.get('/_api/admin/blog-posts').expect(401);
    expect((await dan.get('/_api/auth/session').expect(200)).body.user).toBeUndefined();
    const [entry] = await auditOf('update', user.id);
    expect(entry!.changes).toEqual({ active: [true, false] });

    // Password sign-in is refused with the reason; an emailed link is refused too.
    const login = await t.http().post('/_api/auth/login_with_password').send({ email: 'dan@test.example', password: PASSWORD }).expect(401);
    expect(login.body.message).toBe(USERS_TEXT.accountInactive);
    await t.http().post('/_api/auth/email-link').send({ email: 'dan@test.example' }).expect(200);
    const [mail] = await t.smtp.waitFor(1, { filter: (m) => m.envelope.to.includes('dan@test.example') && m.parsed.subject === 'Your sign-in link' });
    const link = new URL(/https?:\/\/\S+\/auth\/email-link\?token=[\w%.-]+/.exec(mail!.parsed.text ?? '')![0]);
    const opened = await t.http().get(link.pathname + link.search).expect(400);
    expect(opened.text).toContain(USERS_TEXT.accountInactive);

    // Reactivated, the password works again; and the session check refuses an inactive account on every request
    // even when its session row survived (set inactive behind the API's back: the cookie is refused at once).
    await admin.put(`/_api/admin/users/${user.id}`).send({ active: true }).expect(200);
    const again = await t.signedIn({ email: 'dan@test.example', password: PASSWORD });
    await again.get('/_api/admin/blog-posts').expect(200);
    await t.sql(`update users set active = false where id = $1`, [user.id]);
    await again.get('/_api/admin/blog-posts').expect(401);
    await t.sql(`update users set active = true where id = $1`, [user.id]);
    await t.signedIn({ email: 'dan@test.example', password: PASSWORD });
  });

  it('the last active admin can be neither demoted nor deactivated; two demotions at once cannot both succeed', async () => {
    const admins = async () => Number((await t.sql<{ n: string }>(`select count(*) as n from users where role = 'admin' and active`))[0]!.n);
    // Leave the site with exactly one active admin (the test's own).
    const others = (await t.sql<{ id: number }>(`select id from users where role = 'admin' and active and email <> $1`, [ADMIN.email]));
    for (const { id } of others) await admin.put(`/_api/admin/users/${id}`).send({ role: 'editor' }).expect(200);
    expect(await admins()).toBe(1);
    const me = (await userRow(ADMIN.email)).id;
    const demote = await admin.put(`/_api/admin/users/${me}`).send({ role: 'editor' }).expect(409);
    expect(demote.body).toMatchObject({ statusCode: 409, message: USERS_TEXT.lastAdmin });
    expect((await admin.put(`/_api/admin/users/${me}`).send({ active: false }).expect(409)).body.message).toBe(USERS_TEXT.lastAdmin);
    expect(await userRow(ADMIN.email)).toMatchObject({ role: 'admin', active: true });

    // A second admin; then each of the two demotes the other at the same moment: one wins; the other meets the
    // last-admin guard (409), or, when the winner committed before its request was checked, is no admin any more (403).
    const { token, user: second } = await invite('second.admin@test.example', 'admin');
    const other = request.agent(t.app.getHttpServer()) as unknown as TestAgent;
    await accept(token, PASSWORD, other).expect(200);
    expect(await admins()).toBe(2);
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all([
        admin.put(`/_api/admin/users/${second.id}`).send({ role: 'editor' }),
        other.put(`/_api/admin/users/${me}`).send({ role: 'editor' }),
      ]);
      const [won, lost] = results.map((r) => r.status).sort();
      expect([won, [403, 409].includes(lost!)]).toEqual([200, true]);
      expect(await admins()).toBe(1);
      // Put things back through the admin that is left, for the next round.
      const [winner] = await t.sql<{ id: number }>(`select id from users where role = 'admin' and active`);
      const survivor = winner!.id === me ? admin : other;
      await survivor.put(`/_api/admin/users/${winner!.id === me ? second.id : me}`).send({ role: 'admin' }).expect(200);
      expect(await admins()).toBe(2);
    }
  });
});
