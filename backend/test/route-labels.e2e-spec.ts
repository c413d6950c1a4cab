/**
 * Walks the route table: every route declares who may call it, admin routes are admins' only, every
 * anonymous write is rate-limited (or has its own limiter), and only labelled routes take files or forms.
 * Then asks the running app, so the labels are what the guards actually enforce.
 */
import type { Test } from 'supertest';
import { Reflector } from '@nestjs/core';
import { routeTable, type RouteEntry } from '../src/access/route-table.js';
import { adminResourceOf, adminWriteOf, auditLabelOf } from '../src/audit/admin-write.js';
import { noStoreOf } from '../src/cache/no-store.js';
import { startTestApp, type TestApp } from './support/test-app.js';

type Caller = Record<string, (path: string) => Test>;
const concrete = (path: string) => path.replace(/:\w+/g, '1').replace(/\*\w+/, 'x');
const id = (r: RouteEntry) => `${r.method} ${r.path}`;

/** Anonymous writes limited by their own rules: sign-in counts failures (LoginLimiter); sign-out ends one's own session. */
const OWN_LIMITER = new Set(['POST /_api/auth/login_with_password', 'POST /login', 'POST /_api/auth/logout']);

describe('route labels', () => {
  let t: TestApp;
  let routes: RouteEntry[];
  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser('member@test.example', 'member-password', 'user');
    routes = routeTable(t.app);
  });
  afterAll(() => t.close());

  it('finds every controller route', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.map(id)).toEqual(expect.arrayContaining(['POST /_api/admin/companies/delete', 'GET /_api/firms/:slug', 'POST /newsletter/subscribe']));
  });

  it('gives every route exactly one access label', () => {
    const unlabelled = routes.filter((r) => !r.isPublic && !r.roles?.length).map(id);
    expect(unlabelled).toEqual([]);
  });

  it('keeps every /_api/admin route to admins (and editors where common/roles.ts lets them), nothing public under it', () => {
    // Issue #20: the editor's routes are checked route by route in roles.e2e-spec.ts.
    const wrong = routes.filter((r) => /^\/_api\/admin(\/|$)/i.test(r.path) && (r.isPublic || !['admin', 'admin,editor'].includes(r.roles?.join() ?? ''))).map(id);
    expect(wrong).toEqual([]);
  });

  it('names the resource of every /_api/admin route, and keeps its answers out of every cache', () => {
    const reflector = t.app.get(Reflector);
    const admin = routes.filter((r) => /^\/_api\/admin(\/|$)/i.test(r.path));
    expect(admin.filter((r) => !adminResourceOf(reflector, r.targets)).map(id)).toEqual([]);
    expect(admin.filter((r) => noStoreOf(reflector, r.targets) !== 'no-store').map(id)).toEqual([]);
  });

  it("keeps a trader's own /_api/me answers private and unstored", () => {
    const reflector = t.app.get(Reflector);
    const mine = routes.filter((r) => /^\/_api\/me(\/|$)/i.test(r.path));
    expect(mine.length).toBeGreaterThan(3);
    expect(mine.filter((r) => noStoreOf(reflector, r.targets) !== 'private, no-store').map(id)).toEqual([]);
  });

  it('labels every admin write with its audit action (or as changing no record)', () => {
    const reflector = t.app.get(Reflector);
    const writes = routes.filter((r) => adminResourceOf(reflector, r.targets) && (r.method !== 'GET' || r.path.endsWith('/export.csv')));
    expect(writes.filter((r) => auditLabelOf(reflector, r.targets) === undefined).map(id)).toEqual([]);
    const logged = Object.fromEntries(writes.map((r) => [id(r), adminWriteOf(reflector, r.targets)]));
    expect(logged).toMatchObject({
      'POST /_api/admin/blog-posts': { resource: 'blog-posts', action: 'create' },
      'POST /_api/admin/users': { resource: 'users', action: 'invite' },
      'POST /_api/admin/blog-posts/update': { resource: 'blog-posts', action: 'update' },
      'PUT /_api/admin/companies/:id': { resource: 'companies', action: 'update' },
      'POST /_api/admin/discounts/delete': { resource: 'discounts', action: 'delete' },
      'DELETE /_api/admin/discounts/:id': { resource: 'discounts', action: 'delete' },
      'POST /_api/admin/discount-checks/bulk': { resource: 'discount-checks', action: 'bulk' },
      'GET /_api/admin/newsletter-subscribers/export.csv': { resource: 'newsletter-subscribers', action: 'export' },
      'POST /_api/admin/blog-posts/:id/revisions/:revisionId/restore': { resource: 'blog-posts', action: 'restore' },
      'POST /_api/admin/blog-posts/:id/preview-link': { resource: 'blog-posts', action: 'preview-link' },
      'POST /_api/admin/blog-posts/:id/autosave': null,
    });
  });

  it('rate-limits every anonymous write', () => {
    const open = routes.filter((r) => r.isPublic && r.method !== 'GET' && !r.rateLimit && !OWN_LIMITER.has(id(r))).map(id);
    expect(open).toEqual([]);
  });

  it('takes files and forms only where labelled', () => {
    expect(routes.filter((r) => r.bodyKind === 'form').map(id).sort()).toEqual(['POST /accept-invite', 'POST /alert-settings', 'POST /auth/email-link', 'POST /follow', 'POST /login', 'POST /newsletter/preferences', 'POST /newsletter/subscribe']);
    expect(routes.filter((r) => r.bodyKind === 'upload' && r.isPublic).map(id)).toEqual([]);
  });

  it('answers 401 anonymously and 403 to another role on every route with roles', async () => {
    const guarded = routes.filter((r) => r.roles?.length);
    const member = await t.signedIn({ email: 'member@test.example', password: 'member-password' });
    for (const r of guarded) {
      const send = (agent: unknown) =>
        (agent as Caller)[r.method.toLowerCase()](concrete(r.path)).set('Content-Type', 'application/json').send(r.method === 'GET' ? undefined : {});
      expect({ route: id(r), status: (await send(t.http())).status }).toEqual({ route: id(r), status: 401 });
      if (!r.roles!.includes('user')) expect({ route: id(r), status: (await send(member)).status }).toEqual({ route: id(r), status: 403 });
    }
  });

  it('answers a rate-limited route past its limit with the one 429: message, Retry-After', async () => {
    const route = routes.find((r) => id(r) === 'POST /_api/newsletter/unsubscribe')!;
    let res;
    for (let i = 0; i <= route.rateLimit!.limit; i++) res = await t.http().post('/_api/newsletter/unsubscribe').send({ token: 'x' });
    expect(res!.status).toBe(429);
    expect(res!.body).toEqual({ statusCode: 429, error: res!.body.message, message: expect.stringMatching(/^Too many/) });
    expect(Number(res!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
