/**
 * Two copies of the built site, separate processes on one PostgreSQL (issue #32): what a visitor, an editor or an
 * attacker notices must not depend on which copy the load balancer picked. Processes rather than two Nest apps in
 * one Jest worker, because some state is per process and only a second process shows it is not relied on
 * (passport's serializers, the public cache's LISTEN connection, in-memory counters).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { PublicDiscountDto, SessionResponse } from '../common/api-types.js';
import { NEWSLETTER_LIMITS } from '../common/constants.js';
import type { OutboxItemDto } from '../common/mail-api-types.js';
import { emailLinkFromOutbox } from '../test-support/app-process.mjs';
import { startCopies, within, type Copies } from './support/copies.js';
import { E2E_ADMIN, signIn } from './support/site.js';

const LISTENER = 'vtf-public-cache';

let copies: Copies;
let a: string;
let b: string;
let adminCookie: string;

beforeAll(async () => {
  copies = await startCopies(2);
  [a, b] = copies.copies.map((c) => c.baseUrl) as [string, string];
  adminCookie = await signIn(a);
}, 120_000);
afterAll(() => copies?.stop());

const post = (base: string, path: string, body: unknown, cookie = adminCookie) =>
  fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: base }, body: JSON.stringify(body) });
const discountTitles = async (base: string) => ((await (await fetch(`${base}/_api/discounts`)).json()) as PublicDiscountDto[]).map((d) => d.title);
const discountsPage = async (base: string) => (await fetch(`${base}/discounts`)).text();

describe('a change saved through one copy shows on the other', () => {
  let companyId: number;
  beforeAll(async () => {
    const res = await post(a, '/_api/admin/companies', { name: 'Copyfirm', websiteUrl: 'https://copyfirm.example' });
    expect(res.status).toBe(201);
    companyId = ((await res.json()) as { id: number }).id;
  });

  it("in copy B's cached API answer and page within 1 s of copy A's save", async () => {
    // Cached on B: the second read is its cache's.
    for (let i = 0; i < 2; i++) {
      expect(await discountTitles(b)).not.toContain('Seen on every copy');
      expect(await discountsPage(b)).not.toContain('Seen on every copy');
    }
    const saved = await post(a, '/_api/admin/discounts', { title: 'Seen on every copy', companyId });
    expect(saved.status).toBe(201);
    const api = await within(1000, async () => (await discountTitles(b)).includes('Seen on every copy'), 'the API answer on copy B');
    const page = await within(1000, async () => (await discountsPage(b)).includes('Seen on every copy'), 'the /discounts page on copy B');
    console.log(`copy B showed copy A's save: API ${api.toFixed(0)} ms, page ${page.toFixed(0)} ms after the save answered`);
  });

  it('after its LISTEN connection is cut, a copy re-subscribes, drops what it kept, and shows a change within 2 s', async () => {
    expect(await discountTitles(b)).not.toContain('Made while B was deaf');
    await discountsPage(b);
    const [cut] = await copies.sql<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1 and datname = current_database()`,
      [LISTENER],
    );
    // One per process: each copy runs ROLE=all, its web process and its worker child (issue #32) each listening.
    expect(cut!.n).toBe(4);
    // Written straight into the database while nobody listens: no NOTIFY reaches anyone.
    await copies.sql(`update discounts set title = 'Made while B was deaf' where title = 'Seen on every copy'`);
    const api = await within(2000, async () => (await discountTitles(b)).includes('Made while B was deaf'), 'the API answer on copy B');
    const page = await within(2000, async () => (await discountsPage(b)).includes('Made while B was deaf'), 'the page on copy B');
    // Listening again: both copies' processes have a LISTEN connection back, and a later change arrives by NOTIFY as before.
    await within(5000, async () => {
      const [row] = await copies.sql<{ n: number }>(`select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database()`, [LISTENER]);
      return row!.n === 4;
    }, 'both copies (web and worker processes) listening again');
    await discountTitles(b);
    const saved = await post(a, '/_api/admin/discounts', { title: 'After the reconnect', companyId });
    expect(saved.status).toBe(201);
    const after = await within(1000, async () => (await discountTitles(b)).includes('After the reconnect'), 'a change after the reconnect on copy B');
    console.log(`after the cut: API ${api.toFixed(0)} ms, page ${page.toFixed(0)} ms; after the reconnect ${after.toFixed(0)} ms`);
  });
});

describe('sessions belong to the site, not to a copy', () => {
  const signedInAs = async (base: string, cookie: string) => {
    const body = (await (await fetch(`${base}/_api/auth/session`, { headers: { cookie } })).json()) as SessionResponse;
    return 'user' in body ? body.user.email : null;
  };

  it('a sign-in on copy A works on copy B, and signing out on B ends it on A', async () => {
    const cookie = await signIn(a);
    expect(await signedInAs(b, cookie)).toBe(E2E_ADMIN.email);
    expect((await fetch(`${b}/_api/admin/users`, { headers: { cookie } })).status).toBe(200);
    const out = await post(b, '/_api/auth/logout', {}, cookie);
    expect(out.status).toBeLessThan(300);
    expect(await signedInAs(a, cookie)).toBeNull();
    expect((await fetch(`${a}/_api/admin/users`, { headers: { cookie } })).status).toBe(401);
  });

  it("a deactivation on copy A ends the account's session on copy B at once", async () => {
    const editor = { email: 'second-admin@e2e.example', password: 'second-admin-password' };
    // The operator's own command, run against the shared database.
    await promisify(execFile)(process.execPath, ['dist/backend/src/cli/admin-create.js', editor.email], {
      env: { ...process.env, DATABASE_URL: copies.databaseUrl, DATA_DIR: copies.copies[1]!.dataDir, ADMIN_CREATE_PASSWORD: editor.password, LOG_LEVEL: 'warn' },
    });
    const theirs = await signIn(b, editor);
    expect((await fetch(`${b}/_api/admin/users`, { headers: { cookie: theirs } })).status).toBe(200);
    const users = (await (await fetch(`${a}/_api/admin/users?range=[0,99]`, { headers: { cookie: adminCookie } })).json()) as Array<{ id: number; email: string }>;
    const id = users.find((u) => u.email === editor.email)!.id;
    const off = await fetch(`${a}/_api/admin/users/${id}`, {
      method: 'PUT', headers: { 'content-type': 'application/json', cookie: adminCookie, origin: a }, body: JSON.stringify({ active: false }),
    });
    expect(off.status).toBe(200);
    expect((await fetch(`${b}/_api/admin/users`, { headers: { cookie: theirs } })).status).toBe(401);
    expect(await signedInAs(b, theirs)).toBeNull();
  });
});

describe('limits count across copies', () => {
  const attempt = (base: string, email: string, password: string) =>
    fetch(`${base}/_api/auth/login_with_password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

  it('5 wrong passwords split over two copies lock the sign-in like 5 on one', async () => {
    const email = 'lockout@e2e.example';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(i % 2 ? b : a, email, `wrong-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // The sixth, on either copy, is refused before any password is checked.
    for (const base of [a, b]) {
      const res = await attempt(base, email, 'wrong-again');
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it("the newsletter signup's per-address limit is one counter for both copies", async () => {
    const subscribe = (base: string, i: number) => post(base, '/_api/newsletter/subscribe', { email: `limit-${i}@e2e.example` }, '');
    const statuses: number[] = [];
    const free = NEWSLETTER_LIMITS.perIp;
    // `free` accepted in all, alternating copies, then both refuse.
    for (let i = 0; i < free + 2; i++) statuses.push((await subscribe(i % 2 ? b : a, i)).status);
    expect(statuses.slice(0, free).every((s) => s < 300)).toBe(true);
    expect(statuses.slice(free)).toEqual([429, 429]);
  });
});

describe('the Outbox is the site\'s, not a copy\'s', () => {
  it("a sign-in link mailed by copy B is in copy A's Outbox, readable and downloadable as .eml there", async () => {
    const email = 'outbox-reader@e2e.example';
    const asked = await post(b, '/_api/auth/email-link', { email }, '');
    expect(asked.status).toBe(200);
    const link = await emailLinkFromOutbox(a, email, adminCookie);
    expect(link).toMatch(/^\/auth\/email-link\?token=/);
    const items = (await (await fetch(`${a}/_api/admin/outbox?range=[0,99]`, { headers: { cookie: adminCookie } })).json()) as OutboxItemDto[];
    const item = items.find((m) => m.to === email)!;
    const file = await fetch(`${a}/_api/admin/outbox/${item.id}/eml`, { headers: { cookie: adminCookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('message/rfc822');
    const eml = await file.text();
    expect(eml).toMatch(new RegExp(`^To: ${email}\\r$`, 'm'));
    // Both copies list the same messages.
    const onB = (await (await fetch(`${b}/_api/admin/outbox?range=[0,99]`, { headers: { cookie: adminCookie } })).json()) as OutboxItemDto[];
    expect(onB.map((m) => m.id)).toEqual(items.map((m) => m.id));
  });
});
