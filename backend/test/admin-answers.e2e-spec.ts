/**
 * Two rules for every admin answer, checked over the route table so a new route cannot miss them:
 * - `Cache-Control: no-store` on every answer (success, refusal or error): they hold subscribers' emails and
 *   unpublished work, which no browser or proxy may keep;
 * - every list refuses a filter key it does not know with 400, rather than answering it unfiltered.
 */
import type { Test } from 'supertest';
import { MSG } from '../../common/messages.js';
import { adminRoutes, concretePath } from './support/routes.js';
import { startTestApp, type TestApp } from './support/test-app.js';

type Caller = Record<string, (path: string) => Test>;

describe('admin answers over the route table', () => {
  let t: TestApp;
  let routes: Array<{ method: string; path: string }>;
  beforeAll(async () => {
    t = await startTestApp();
    routes = adminRoutes(t);
    // Something in each list, so the lists answer with rows.
    const admin = await t.signedIn();
    const company = await admin.post('/_api/admin/companies').send({ name: 'Cache Test Firm' }).expect(201);
    await admin.post('/_api/admin/firm-changes').send({ companyId: company.body.id, date: '2026-11-01', change: 'Rules changed' });
  });
  afterAll(() => t.close());

  /** The GET routes that are lists: no parameter in the path, and a Content-Range in the answer. */
  async function listPaths(): Promise<string[]> {
    const admin = await t.signedIn();
    const lists: string[] = [];
    for (const { method, path } of routes) {
      if (method !== 'get' || path.includes(':')) continue;
      const res = await admin.get(path);
      if (res.status === 200 && res.headers['content-range']) lists.push(path);
    }
    return lists;
  }

  it('says Cache-Control: no-store on every admin answer, signed in or not, whatever the status', async () => {
    const admin = await t.signedIn();
    const seen: Array<{ method: string; path: string; who: string; status: number; cacheControl?: string }> = [];
    for (const { method, path } of routes) {
      for (const [who, caller] of [['admin', admin], ['anonymous', t.http()]] as const) {
        const res = await (caller as unknown as Caller)[method](concretePath(path))
          .set('Content-Type', 'application/json')
          .send(method === 'get' || method === 'delete' ? undefined : {});
        seen.push({ method, path, who, status: res.status, cacheControl: res.headers['cache-control'] });
      }
    }
    expect(seen.filter((s) => s.cacheControl !== 'no-store')).toEqual([]);
    // Not only refusals: the admin's successful reads are among them.
    expect(seen.filter((s) => s.who === 'admin' && s.status === 200).length).toBeGreaterThanOrEqual(6);
  });

  it('finds every admin list, firm changes and discount checks included', async () => {
    expect(await listPaths()).toEqual(
      expect.arrayContaining([
        '/_api/admin/companies', '/_api/admin/discounts', '/_api/admin/blog-posts', '/_api/admin/newsletter-subscribers',
        '/_api/admin/firm-changes', '/_api/admin/discount-checks',
      ]),
    );
  });

  it('answers 400 naming the key to an unknown filter key on every list (and the subscriber export)', async () => {
    const admin = await t.signedIn();
    const paths = [...(await listPaths()), '/_api/admin/newsletter-subscribers/export.csv'];
    for (const path of paths) {
      const res = await admin.get(path).query({ filter: JSON.stringify({ bogusKey: 1 }) });
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 400,
        body: {
          statusCode: 400,
          error: MSG.invalidListParam('filter'),
          message: MSG.invalidListParam('filter'),
          errors: { filter: MSG.unknownProperties(['bogusKey']) },
        },
      });
    }
  });
});
