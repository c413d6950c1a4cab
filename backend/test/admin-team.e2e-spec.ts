/**
 * Issue #20 "An admin a team can trust": no lost edits (versions, 409 on both faces), revisions, the audit log
 * and preview links, over HTTP against the real app and PostgreSQL.
 */
import type TestAgent from 'supertest/lib/agent.js';
import { MSG } from '../../common/messages.js';
import type { AuditEntryDto, RevisionDto } from '../../common/team-api-types.js';
import { createPreviewToken } from '../src/blog-posts/preview-token.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const POSTS = '/_api/admin/blog-posts';
const EDITOR = { email: 'second@test.example', password: 'second-password-1' };

/** The text of #root without tags, as a reader of the HTML sees it. */
function visibleText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="ssr-state">'));
  return root.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('an admin a team can trust (issue #20)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let second: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signedIn();
    await t.createUser(EDITOR.email, EDITOR.password, 'admin');
    await t.sql(`update users set display_name = 'Second Admin' where email = $1`, [EDITOR.email]);
    second = await t.signedIn(EDITOR);
  }, 300_000);
  afterAll(() => t.close());

  async function newPost(slug: string, extra: Record<string, unknown> = {}) {
    return (await admin.post(POSTS).send({ title: `Title ${slug}`, slug, content: `<p>Body of ${slug}.</p>`, ...extra }).expect(201)).body as {
      id: number; version: number; title: string; content: string;
    };
  }

  async function auditLog(filter: Record<string, unknown>): Promise<AuditEntryDto[]> {
    const res = await admin.get('/_api/admin/audit-log').query({ filter: JSON.stringify(filter), range: '[0,99]' }).expect(200);
    expect(res.headers['content-range']).toMatch(/^audit-log \d+-\d+\/\d+$/);
    return res.body as AuditEntryDto[];
  }

  describe('no lost edits', () => {
    it('a save from an older version answers 409 naming who saved and when, on both faces, and stores nothing', async () => {
      const post = await newPost('two-editors');
      expect(post.version).toBe(1);
      // The second admin saves first, from version 1.
      const saved = (await second.put(`${POSTS}/${post.id}`).send({ ...post, title: 'Their title' }).expect(200)).body;
      expect(saved.version).toBe(2);

      // The first admin's save still starts from version 1: refused on the REST face…
      const stale = await admin.put(`${POSTS}/${post.id}`).send({ ...post, title: 'My title', content: '<p>Mine</p>' }).expect(409);
      expect(stale.body.message).toMatch(
        /^This blog post was changed by Second Admin at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. Reload to see their changes\.$/,
      );
      // …and on the SPEC face.
      const staleSpec = await admin.post(`${POSTS}/update`).send({ id: post.id, version: 1, title: 'My title' }).expect(409);
      expect(staleSpec.body.message).toBe(stale.body.message);

      const stored = (await admin.get(`${POSTS}/${post.id}`).expect(200)).body;
      expect(stored).toMatchObject({ title: 'Their title', content: post.content, version: 2 });

      // From the current version the save lands.
      const mine = (await admin.put(`${POSTS}/${post.id}`).send({ ...stored, title: 'My title' }).expect(200)).body;
      expect(mine).toMatchObject({ title: 'My title', version: 3 });
    });

    it("SPEC's own calls without a version save as before, and move the version on", async () => {
      const post = await newPost('spec-call');
      const res = await admin.post(`${POSTS}/update`).send({ id: post.id, title: 'Renamed by SPEC' }).expect(200);
      expect(res.body).toMatchObject({ title: 'Renamed by SPEC', version: 2 });
      const company = (await admin.post('/_api/admin/companies').send({ name: 'Versioned Firm' }).expect(201)).body;
      await admin.post('/_api/admin/companies/update').send({ id: company.id, description: 'Now described' }).expect(200);
      const stale = await admin.put(`/_api/admin/companies/${company.id}`).send({ ...company, name: 'Stale' }).expect(409);
      expect(stale.body.message).toMatch(/^This company was changed by .+ at .+ UTC\. Reload to see their changes\.$/);
      expect((await admin.get(`/_api/admin/companies/${company.id}`).expect(200)).body).toMatchObject({ name: 'Versioned Firm', version: 2 });

      const discount = (await admin.post('/_api/admin/discounts').send({ title: 'Code', companyId: company.id }).expect(201)).body;
      await admin.post('/_api/admin/discounts/update').send({ id: discount.id, version: discount.version, title: 'Code 2' }).expect(200);
      await admin.put(`/_api/admin/discounts/${discount.id}`).send({ ...discount, title: 'Code 3' }).expect(409);
      expect((await admin.get(`/_api/admin/discounts/${discount.id}`).expect(200)).body.title).toBe('Code 2');
    });

    it('read-only fields go back as served on the REST face (changed: refused by name), refused by name on the SPEC face; a bad version is a 400', async () => {
      const post = await newPost('read-only');
      const changed = await admin.put(`${POSTS}/${post.id}`).send({ ...post, createdAt: '2000-01-01T00:00:00.000Z', title: 'Kept' }).expect(400);
      expect(changed.body.message).toBe(MSG.readOnlyChanged(['createdAt']));
      const res = await admin.put(`${POSTS}/${post.id}`).send({ ...post, title: 'Kept' }).expect(200);
      expect(res.body).toMatchObject({ title: 'Kept', createdAt: (post as unknown as { createdAt: string }).createdAt });
      const spec = await admin.post(`${POSTS}/update`).send({ id: post.id, createdAt: '2000-01-01T00:00:00.000Z' }).expect(400);
      expect(spec.body.message).toBe('Unknown property: createdAt');
      const bad = await admin.put(`${POSTS}/${post.id}`).send({ version: 'one' }).expect(400);
      expect(bad.body.errors).toHaveProperty('version');
    });
  });

  describe('revisions', () => {
    it('each save keeps a revision; restoring one saves its fields as a new revision', async () => {
      const post = await newPost('revised', { excerpt: 'First excerpt' });
      const v2 = (await admin.put(`${POSTS}/${post.id}`).send({ ...post, title: 'Second title', content: '<p>Second body.</p>' }).expect(200)).body;
      await admin.put(`${POSTS}/${post.id}`).send({ ...v2, title: 'Third title' }).expect(200);

      const list = (await admin.get(`${POSTS}/${post.id}/revisions`).expect(200)).body as RevisionDto[];
      expect(list.map((r) => [r.kind, r.fields.title])).toEqual([
        ['save', 'Third title'], ['save', 'Second title'], ['create', 'Title revised'],
      ]);
      expect(list[0].actor.name).toBeTruthy();

      const first = list[2];
      const restored = (await admin.post(`${POSTS}/${post.id}/revisions/${first.id}/restore`).expect(200)).body;
      expect(restored).toMatchObject({ title: 'Title revised', content: '<p>Body of revised.</p>', excerpt: 'First excerpt' });
      const after = (await admin.get(`${POSTS}/${post.id}/revisions`).expect(200)).body as RevisionDto[];
      expect(after).toHaveLength(4);
      expect(after[0]).toMatchObject({ kind: 'restore', fields: { title: 'Title revised' } });

      await admin.post(`${POSTS}/${post.id}/revisions/999999/restore`).expect(404);
      const other = await newPost('other-post');
      // A revision of another post cannot be restored onto this one.
      await admin.post(`${POSTS}/${other.id}/revisions/${first.id}/restore`).expect(404);
    });

    it('an autosave keeps the draft as one revision and leaves the post unchanged', async () => {
      const post = await newPost('autosaved');
      await admin.post(`${POSTS}/${post.id}/autosave`).send({ content: '<p>Typing…</p>' }).expect(200);
      const res = await admin.post(`${POSTS}/${post.id}/autosave`).send({ content: '<p>Typing more</p>' }).expect(200);
      expect(res.body).toMatchObject({ kind: 'autosave', fields: { content: '<p>Typing more</p>', title: post.title } });
      const list = (await admin.get(`${POSTS}/${post.id}/revisions`).expect(200)).body as RevisionDto[];
      expect(list.map((r) => r.kind)).toEqual(['autosave', 'create']);
      expect((await admin.get(`${POSTS}/${post.id}`).expect(200)).body).toMatchObject({ content: post.content, version: 1 });
    });

    it('a firm profile keeps revisions of its record and programs, and restores them', async () => {
      const program = { name: 'Classic', type: 'two-step', profitTargets: [8, 5], dailyLoss: 5, maxLoss: 10, drawdownType: 'static',
        minTradingDays: 4, timeLimitDays: null, profitSplit: 80, firstPayoutDays: 14, payoutFrequency: 'biweekly', sizes: [{ size: 50000, price: 300 }] };
      const company = (await admin.post('/_api/admin/companies').send({ name: 'Profiled Firm', programs: [program] }).expect(201)).body;
      await admin.put(`/_api/admin/companies/${company.id}`).send({ ...company, programs: [{ ...program, profitSplit: 90 }] }).expect(200);
      const list = (await admin.get(`/_api/admin/companies/${company.id}/revisions`).expect(200)).body as RevisionDto[];
      expect(list.map((r) => (r.fields.programs as Array<{ profitSplit: number }>)[0].profitSplit)).toEqual([90, 80]);
      const restored = (await admin.post(`/_api/admin/companies/${company.id}/revisions/${list[1].id}/restore`).expect(200)).body;
      expect(restored.programs[0].profitSplit).toBe(80);
    });
  });

  describe('audit log', () => {
    it('records creates, updates with before → after, deletes, sign-ins, failed sign-ins and exports', async () => {
      const post = await newPost('audited');
      await second.put(`${POSTS}/${post.id}`).send({ ...post, title: 'Audited title' }).expect(200);
      await admin.post(`${POSTS}/delete`).send({ id: post.id }).expect(200);
      const entries = await auditLog({ resource: 'blog-posts', resourceId: String(post.id) });
      expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
      const update = entries[1];
      expect(update.actor.email).toBe(EDITOR.email);
      expect(update.changes).toEqual({ title: [`Title audited`, 'Audited title'] });
      expect(entries[0].actor.email).toBe('admin@test.example');

      await t.http().post('/_api/auth/login_with_password').send({ email: EDITOR.email, password: 'wrong-password' }).expect(401);
      await t.signedIn(EDITOR);
      const auth = await auditLog({ resource: 'auth', actorEmail: EDITOR.email });
      expect(auth.slice(0, 2).map((e) => e.action)).toEqual(['sign-in', 'sign-in-failed']);
      expect(JSON.stringify(auth)).not.toContain('wrong-password');

      await admin.get('/_api/admin/newsletter-subscribers/export.csv').expect(200);
      expect((await auditLog({ action: 'export' }))[0]).toMatchObject({ resource: 'newsletter-subscribers', actor: { email: 'admin@test.example' } });

      // Filters by person and date.
      const mine = await auditLog({ actorId: update.actor.id, from: new Date(Date.now() - 60_000).toISOString() });
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((e) => e.actor.id === update.actor.id)).toBe(true);
      expect(await auditLog({ to: '2000-01-01' })).toEqual([]);
    });

    it('cannot be edited or deleted through the API, nor by SQL', async () => {
      const [entry] = await auditLog({});
      await admin.put(`/_api/admin/audit-log/${entry.id}`).send({ action: 'nothing' }).expect(404);
      await admin.delete(`/_api/admin/audit-log/${entry.id}`).expect(404);
      await admin.post('/_api/admin/audit-log').send({ action: 'forged' }).expect(404);
      await expect(t.sql(`update audit_log set action = 'forged' where id = $1`, [entry.id])).rejects.toThrow(/append-only/);
      await t.http().get('/_api/admin/audit-log').expect(401);
      await admin.get('/_api/admin/audit-log').query({ filter: '{"nope":1}' }).expect(400);
    });
  });

  describe('preview links', () => {
    it('a signed link shows the draft to anyone, marked, noindex and never stored; altered or expired → 404', async () => {
      const post = await newPost('shared-draft', { content: '<p>Draft only the link shows.</p>' });
      const link = (await admin.post(`${POSTS}/${post.id}/preview-link`).expect(200)).body as { url: string; expiresAt: string };
      const week = new Date(link.expiresAt).getTime() - Date.now();
      expect(week).toBeGreaterThan(6.9 * 86_400_000);
      expect(week).toBeLessThanOrEqual(7 * 86_400_000);
      const url = new URL(link.url);
      expect(url.pathname).toBe('/blog/shared-draft');

      const res = await t.http().get(url.pathname + url.search).expect(200);
      expect(res.text).toContain('Draft only the link shows.');
      expect(visibleText(res.text)).toContain('Preview');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex');

      await t.http().get('/blog/shared-draft').expect(404);
      const token = url.searchParams.get('preview')!;
      const altered = `${token.slice(0, -3)}${token.endsWith('AAA') ? 'BBB' : 'AAA'}`;
      await t.http().get(`/blog/shared-draft?preview=${altered}`).expect(404);
      const expired = createPreviewToken(post.id, new Date(Date.now() - 1000), t.config.previewKey);
      await t.http().get(`/blog/shared-draft?preview=${expired}`).expect(404);
      // A link made for one post does not open another.
      const other = await newPost('other-draft');
      await t.http().get(`/blog/other-draft?preview=${token}`).expect(404);
      expect(other.id).not.toBe(post.id);
      await t.http().post(`${POSTS}/${post.id}/preview-link`).expect(401);
    });
  });
});
