/**
 * Issue #20 for campaigns: a stale save is a 409 naming who saved last and stores nothing, each save keeps a
 * revision that can be listed and restored, and editors draft campaigns without sending, scheduling, testing,
 * cancelling or deleting them.
 */
import type TestAgent from 'supertest/lib/agent.js';
import type { CampaignDto } from '../../common/campaigns.js';
import type { RevisionDto } from '../../common/team-api-types.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const SECOND = { email: 'second-admin@test.example', password: 'second-password-1' };
const EDITOR = { email: 'campaign-editor@test.example', password: 'editor-password-1' };
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

describe('campaign versions and revisions (issue #20)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let second: TestAgent;
  let editor: TestAgent;
  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser(SECOND.email, SECOND.password, 'admin');
    await t.sql(`update users set display_name = 'Second Admin' where email = $1`, [SECOND.email]);
    await t.createUser(EDITOR.email, EDITOR.password, 'user');
    await t.sql(`update users set role = 'editor', display_name = 'Eddie Editor' where email = $1`, [EDITOR.email]);
    admin = await t.signedIn();
    second = await t.signedIn(SECOND);
    editor = await t.signedIn(EDITOR);
  });
  afterAll(() => t?.close());

  const get = async (id: number) => (await admin.get(`/_api/admin/campaigns/${id}`).expect(200)).body as CampaignDto;
  const revisions = async (id: number) => (await admin.get(`/_api/admin/campaigns/${id}/revisions`).expect(200)).body as RevisionDto[];

  it('a save from an older version is a 409 naming who saved last, and stores nothing; a save without version works', async () => {
    const created = (await admin.post('/_api/admin/campaigns').send({ subject: 'First words', html: '<p>One</p>' }).expect(201)).body as CampaignDto;
    expect(created.version).toBe(1);
    const saved = (await second.put(`/_api/admin/campaigns/${created.id}`).send({ ...created, subject: 'Second words' }).expect(200)).body;
    expect(saved.version).toBe(2);

    const stale = await admin.put(`/_api/admin/campaigns/${created.id}`).send({ ...created, subject: 'Overwrite?' }).expect(409);
    expect(stale.body.message).toMatch(/^This campaign was changed by Second Admin at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. Reload to see their changes\.$/);
    expect((await get(created.id)).subject).toBe('Second words');
    expect((await revisions(created.id)).length).toBe(2);

    const { version: _v, ...withoutVersion } = created;
    expect((await admin.put(`/_api/admin/campaigns/${created.id}`).send({ ...withoutVersion, subject: 'Third words' }).expect(200)).body.version).toBe(3);
    await admin.put(`/_api/admin/campaigns/${created.id}`).send({ ...created, version: 'two' }).expect(400);
  });

  it('keeps a revision per save (who, when, fields) and restores one as a new revision', async () => {
    const created = (await admin.post('/_api/admin/campaigns').send({ subject: 'Draft A', previewText: 'Peek A', html: '<p>Alpha</p>' }).expect(201)).body as CampaignDto;
    const current = (await second.put(`/_api/admin/campaigns/${created.id}`).send({ ...created, subject: 'Draft B', html: '<p>Beta</p>' }).expect(200)).body;
    const list = await revisions(created.id);
    expect(list.map((r) => [r.kind, r.actor.name, r.fields.subject])).toEqual([['save', 'Second Admin', 'Draft B'], ['create', 'Site Admin', 'Draft A']]);
    expect(list[1]!.fields).toMatchObject({ previewText: 'Peek A', html: '<p>Alpha</p>', audience: { kind: 'all' }, scheduledAt: null });

    const restored = (await admin.post(`/_api/admin/campaigns/${created.id}/revisions/${list[1]!.id}/restore`).expect(200)).body as CampaignDto;
    expect([restored.subject, restored.previewText, restored.html, restored.version]).toEqual(['Draft A', 'Peek A', '<p>Alpha</p>', current.version + 1]);
    const after = await revisions(created.id);
    expect(after.map((r) => r.kind)).toEqual(['restore', 'save', 'create']);

    // A revision of another campaign, an unknown one, a campaign that was sent: refused, nothing changed.
    const other = (await admin.post('/_api/admin/campaigns').send({ subject: 'Other', html: '<p>x</p>' }).expect(201)).body as CampaignDto;
    await admin.post(`/_api/admin/campaigns/${other.id}/revisions/${list[1]!.id}/restore`).expect(404);
    await admin.get('/_api/admin/campaigns/999999/revisions').expect(404);
    await t.sql(`update campaigns set status = 'sent' where id = $1`, [created.id]);
    await admin.post(`/_api/admin/campaigns/${created.id}/revisions/${after[1]!.id}/restore`).expect(409);
    expect((await get(created.id)).subject).toBe('Draft A');
  });

  it('lets an editor create, edit and restore drafts, but not schedule, send, test, cancel or delete them, nor see subscribers', async () => {
    const draft = (await editor.post('/_api/admin/campaigns').send({ subject: 'Editor draft', html: '<p>Hi</p>' }).expect(201)).body as CampaignDto;
    const edited = (await editor.put(`/_api/admin/campaigns/${draft.id}`).send({ ...draft, subject: 'Editor draft, edited' }).expect(200)).body as CampaignDto;
    expect((await editor.get(`/_api/admin/campaigns/${draft.id}/revisions`).expect(200)).body[0].actor.name).toBe('Eddie Editor');

    const schedule = await editor.put(`/_api/admin/campaigns/${draft.id}`).send({ ...edited, scheduledAt: inSeconds(3600) }).expect(403);
    expect(schedule.body.message).toBe('Editors write campaign drafts; an admin schedules and sends them.');
    await editor.post('/_api/admin/campaigns').send({ subject: 'Scheduled by editor', html: '<p>x</p>', scheduledAt: inSeconds(3600) }).expect(403);
    await editor.post(`/_api/admin/campaigns/${draft.id}/send`).expect(403);
    await editor.post(`/_api/admin/campaigns/${draft.id}/test`).send({ email: 'me@example.com' }).expect(403);
    await editor.post(`/_api/admin/campaigns/${draft.id}/cancel`).expect(403);
    await editor.delete(`/_api/admin/campaigns/${draft.id}`).expect(403);
    await editor.post('/_api/admin/campaigns/digest').expect(403);
    await editor.get('/_api/admin/newsletter-subscribers').expect(403);
    const stored = await get(draft.id);
    expect([stored.subject, stored.status, stored.scheduledAt]).toEqual(['Editor draft, edited', 'draft', null]);

    // A campaign an admin scheduled is no longer a draft: the editor cannot change it.
    const scheduled = (await admin.put(`/_api/admin/campaigns/${draft.id}`).send({ ...stored, scheduledAt: inSeconds(3600) }).expect(200)).body as CampaignDto;
    await editor.put(`/_api/admin/campaigns/${draft.id}`).send({ ...scheduled, subject: 'Sneaky' }).expect(403);
    expect((await get(draft.id)).subject).toBe('Editor draft, edited');
  });
});
