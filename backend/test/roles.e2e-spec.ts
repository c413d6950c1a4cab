/**
 * Issue #20: roles as a table (common/roles.ts) enforced on every route. Walks the route table: each /_api/admin
 * route's label is what the table says for its resource and method, and the running app answers an editor 403
 * exactly where the table says no (and something else where it says yes).
 */
import type { Test } from 'supertest';
import { adminRouteAction, mayCall } from '../../common/roles.js';
import { routeTable, type RouteEntry } from '../src/access/route-table.js';
import { startTestApp, type TestApp } from './support/test-app.js';

type Caller = Record<string, (path: string) => Test>;
const concrete = (path: string) => path.replace(/:\w+/g, '1').replace(/\*\w+/, 'x');
const id = (r: RouteEntry) => `${r.method} ${r.path}`;
const resourceOf = (path: string) => /^\/_api\/admin\/([^/]+)/i.exec(path)?.[1] ?? '';
const EDITOR = { email: 'editor@test.example', password: 'editor-password-1' };

describe('roles (issue #20)', () => {
  let t: TestApp;
  let admin: RouteEntry[];
  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser(EDITOR.email, EDITOR.password, 'user');
    await t.sql(`update users set role = 'editor' where email = $1`, [EDITOR.email]);
    admin = routeTable(t.app).filter((r) => /^\/_api\/admin\//i.test(r.path));
  });
  afterAll(() => t.close());

  it("labels every admin route with the table's roles for its resource and method", () => {
    const wrong = admin
      .filter((r) => r.roles?.includes('editor') !== mayCall('editor', r.method, resourceOf(r.path), adminRouteAction(r.method, r.path)))
      .map((r) => `${id(r)} editor=${r.roles?.includes('editor')}`);
    expect(wrong).toEqual([]);
    // The table is not empty on either side.
    expect(admin.filter((r) => r.roles?.includes('editor')).length).toBeGreaterThan(10);
    expect(admin.filter((r) => !r.roles?.includes('editor')).length).toBeGreaterThan(10);
  });

  it('answers an editor 403 on every admin route the table refuses, and lets the others through', async () => {
    const editor = await t.signedIn(EDITOR);
    for (const r of admin) {
      const res = await (editor as unknown as Caller)[r.method.toLowerCase()](concrete(r.path))
        .set('Content-Type', 'application/json')
        .send(r.method === 'GET' ? undefined : {});
      const allowed = mayCall('editor', r.method, resourceOf(r.path), adminRouteAction(r.method, r.path));
      expect({ route: id(r), refused: res.status === 403 }).toEqual({ route: id(r), refused: !allowed });
      expect({ route: id(r), status: res.status < 500 }).toEqual({ route: id(r), status: true });
    }
  });

  it('lets an editor write a post and read companies, but not change a company or read the audit log', async () => {
    const editor = await t.signedIn(EDITOR);
    const post = await editor.post('/_api/admin/blog-posts').send({ title: 'By an editor', slug: 'by-an-editor', content: '<p>Hi</p>' }).expect(201);
    await editor.put(`/_api/admin/blog-posts/${post.body.id}`).send({ ...post.body, title: 'Edited by an editor' }).expect(200);
    await editor.get('/_api/admin/companies').expect(200);
    const company = (await (await t.signedIn()).post('/_api/admin/companies').send({ name: 'Read Only Firm' }).expect(201)).body;
    await editor.put(`/_api/admin/companies/${company.id}`).send({ name: 'Changed' }).expect(403);
    await editor.get('/_api/admin/audit-log').expect(403);
    await editor.get('/_api/admin/newsletter-subscribers').expect(403);
    expect((await editor.get(`/_api/admin/companies/${company.id}`).expect(200)).body.name).toBe('Read Only Firm');
  });
});
