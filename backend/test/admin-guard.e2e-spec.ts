import type { Test } from 'supertest';
import { adminRoutes as adminRoutesOf, concretePath } from './support/routes.js';
import { startTestApp, type TestApp } from './support/test-app.js';

type Caller = Record<string, (path: string) => Test>;

describe('every /_api/admin route is guarded on the server', () => {
  let t: TestApp;
  let adminRoutes: Array<{ method: string; path: string }>;
  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser('member@test.example', 'member-password', 'user');
    adminRoutes = adminRoutesOf(t);
  });
  afterAll(() => t.close());

  const concrete = concretePath;

  it('finds the admin routes in the route table', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(7);
    expect(adminRoutes).toContainEqual({ method: 'post', path: '/_api/admin/companies/delete' });
  });

  it('answers 401 without a session on every admin route, and changes nothing', async () => {
    const before = await t.sql('select count(*)::int as n from companies');
    for (const { method, path } of adminRoutes) {
      const res = await (t.http() as unknown as Caller)[method](concrete(path))
        .set('Content-Type', 'application/json')
        .send(method === 'get' || method === 'delete' ? undefined : { id: 1, name: 'X' });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 401 });
    }
    expect(await t.sql('select count(*)::int as n from companies')).toEqual(before);
  });

  it('answers 403 to a signed-in user without the admin role on every admin route', async () => {
    const agent = await t.signedIn({ email: 'member@test.example', password: 'member-password' });
    for (const { method, path } of adminRoutes) {
      const res = await (agent as unknown as Caller)[method](concrete(path))
        .set('Content-Type', 'application/json')
        .send(method === 'get' || method === 'delete' ? undefined : { id: 1, name: 'X' });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
    }
  });

  it('cannot be bypassed by changing the case of the path', async () => {
    await t.http().get('/_API/ADMIN/companies').expect(401);
    await t.http().get('/_api/Admin/companies').expect(401);
  });
});
