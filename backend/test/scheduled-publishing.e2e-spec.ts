/**
 * Issue #20, publishing you can rely on: scheduled posts and campaigns publish from pg-boss jobs at their time,
 * a re-save moves the job instead of adding one, a record unscheduled meanwhile is left alone, whatever fell due
 * while the app was stopped is published at the next start, and the dashboard's schedule shows what is next
 * and what failed.
 */
import type TestAgent from 'supertest/lib/agent.js';
import type { ScheduleDto } from '../../common/team-api-types.js';
import { createDatabase, startTestApp, type TestApp } from './support/test-app.js';

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return check();
}

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const post = (slug: string, publishedAt: string, extra: Record<string, unknown> = {}) => ({
  title: `Post ${slug}`, slug, content: '<p>Scheduled words.</p>', status: 'published', publishedAt, ...extra,
});

describe('scheduled publishing (issue #20)', () => {
  let t: TestApp;
  let admin: TestAgent;
  beforeAll(async () => {
    // The periodic jobs that write the firms' tables (which would empty the kept profile on their own) stay quiet.
    t = await startTestApp({ reportFiguresRefreshSeconds: 3600, alertTickSeconds: 3600 });
    admin = await t.signedIn();
  });
  afterAll(() => t?.close());

  const schedule = async () => (await admin.get('/_api/admin/schedule').expect(200)).body as ScheduleDto;
  const waitingJobs = (key: string) =>
    t.sql<{ start_after: Date }>(`select start_after from pgboss.job where singleton_key = $1 and state = 'created'`, [key]);
  const wentLive = async (id: number) => (await t.sql<{ went_live_at: Date | null }>('select went_live_at from blog_posts where id = $1', [id]))[0]!.went_live_at;

  it('publishes a post scheduled 2 s ahead from its job: the firm it is about shows it at once, and the dashboard no longer lists it', async () => {
    const firm = (await admin.post('/_api/admin/companies').send({ name: 'Scheduled Firm' }).expect(201)).body;
    const created = (await admin.post('/_api/admin/blog-posts').send(post('soon', inSeconds(2), { companyIds: [firm.id] })).expect(201)).body;
    // The firm's public profile is read (and kept by the public cache) before the post's time.
    const before = (await t.http().get(`/_api/firms/${firm.slug}`).expect(200)).body;
    expect(before.posts).toEqual([]);
    const listed = (await schedule()).next.find((n) => n.resource === 'blog-posts' && n.id === created.id);
    expect(listed).toMatchObject({ title: 'Post soon', at: created.publishedAt, overdue: false });

    // The kept profile would otherwise live a minute: only the job's publication empties it within seconds.
    const shown = await waitUntil(async () => {
      const profile = (await t.http().get(`/_api/firms/${firm.slug}`).expect(200)).body;
      return profile.posts.some((p: { slug: string }) => p.slug === 'soon');
    }, 8_000);
    expect(shown).toBe(true);
    expect(await wentLive(created.id)).not.toBeNull();
    expect((await schedule()).next.some((n) => n.resource === 'blog-posts' && n.id === created.id)).toBe(false);
    // Public: the post page and the list.
    await t.http().get('/_api/blog-posts/by-slug?slug=soon').expect(200);
  }, 30_000);

  it('a re-save moves the job instead of adding one; an unscheduled post is left alone', async () => {
    const moved = (await admin.post('/_api/admin/blog-posts').send(post('moved', inSeconds(2))).expect(201)).body;
    const later = inSeconds(3600);
    await admin.put(`/_api/admin/blog-posts/${moved.id}`).send({ ...moved, publishedAt: later }).expect(200);
    const jobs = await waitingJobs(`post-${moved.id}`);
    expect(jobs.length).toBe(1);
    expect(Math.abs(new Date(jobs[0]!.start_after).getTime() - new Date(later).getTime())).toBeLessThan(1000);

    const withdrawn = (await admin.post('/_api/admin/blog-posts').send(post('withdrawn', inSeconds(2))).expect(201)).body;
    await admin.put(`/_api/admin/blog-posts/${withdrawn.id}`).send({ ...withdrawn, status: 'draft' }).expect(200);
    // Past both first times: the moved post waits for its new time, the draft stays a draft.
    await new Promise((r) => setTimeout(r, 4000));
    expect(await wentLive(moved.id)).toBeNull();
    expect(await wentLive(withdrawn.id)).toBeNull();
    expect((await t.sql<{ status: string }>('select status from blog_posts where id = $1', [withdrawn.id]))[0]!.status).toBe('draft');
    const next = (await schedule()).next;
    expect(next.find((n) => n.id === moved.id && n.resource === 'blog-posts')).toMatchObject({ at: later, overdue: false });
    expect(next.some((n) => n.id === withdrawn.id && n.resource === 'blog-posts')).toBe(false);
  }, 30_000);

  it('a campaign re-scheduled later keeps one job at the new time, and sends from it at its time', async () => {
    const campaign = (await admin.post('/_api/admin/campaigns').send({ subject: 'Later', html: '<p>Hi</p>', scheduledAt: inSeconds(600) }).expect(201)).body;
    const later = inSeconds(7200);
    await admin.put(`/_api/admin/campaigns/${campaign.id}`).send({ ...campaign, scheduledAt: later }).expect(200);
    const jobs = await waitingJobs(`campaign-${campaign.id}`);
    expect(jobs.length).toBe(1);
    expect(Math.abs(new Date(jobs[0]!.start_after).getTime() - new Date(later).getTime())).toBeLessThan(1000);
    expect((await schedule()).next.find((n) => n.resource === 'campaigns' && n.id === campaign.id)).toMatchObject({ title: 'Later', at: later });

    const soon = (await admin.post('/_api/admin/campaigns').send({ subject: 'Soon', html: '<p>Hi</p>', scheduledAt: inSeconds(2) }).expect(201)).body;
    const sent = await waitUntil(async () => (await admin.get(`/_api/admin/campaigns/${soon.id}`).expect(200)).body.status === 'sent', 15_000);
    expect(sent).toBe(true);
  }, 30_000);

  it('shows a publishing job that failed for good on the dashboard', async () => {
    await t.sql(`insert into pgboss.job (name, data, state) values ('post-publish__dead', '{"postId": 424242}', 'created')`);
    const failed = (await schedule()).failed;
    expect(failed).toEqual([expect.objectContaining({ queue: 'post-publish', kind: 'dead', data: { postId: 424242 } })]);
  });

  it('is for admins only', async () => {
    await t.http().get('/_api/admin/schedule').expect(401);
  });
});

describe('scheduled publishing across a stop (issue #20)', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    db = await createDatabase();
  });
  afterAll(async () => {
    for (const a of apps) await a.app.close().catch(() => undefined);
    await db?.drop();
  });

  it('publishes at start what fell due while the app was stopped', async () => {
    const a = await startTestApp({ databaseUrl: db.url });
    apps.push(a);
    const admin = await a.signedIn();
    const created = (await admin.post('/_api/admin/blog-posts').send(post('while-down', inSeconds(3600))).expect(201)).body;
    const campaign = (await admin.post('/_api/admin/campaigns').send({ subject: 'While down', html: '<p>Hi</p>', scheduledAt: inSeconds(3600) }).expect(201)).body;
    await a.app.close();
    apps.length = 0;

    // The app is down when their time comes: moved by hand, as a clock would.
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: db.url });
    await client.connect();
    await client.query(`update blog_posts set published_at = now() - interval '1 minute' where id = $1`, [created.id]);
    await client.query(`update campaigns set scheduled_at = now() - interval '1 minute' where id = $1`, [campaign.id]);
    await client.end();

    const b = await startTestApp({ databaseUrl: db.url });
    apps.push(b);
    // Published by the start itself (the post's own job still waits for the old time, an hour ahead).
    const [row] = await b.sql<{ went_live_at: Date | null }>('select went_live_at from blog_posts where id = $1', [created.id]);
    expect(row!.went_live_at).not.toBeNull();
    const admin2 = await b.signedIn();
    const next = ((await admin2.get('/_api/admin/schedule').expect(200)).body as ScheduleDto).next;
    expect(next.some((n) => n.resource === 'blog-posts' && n.id === created.id)).toBe(false);
    await b.http().get('/_api/blog-posts/by-slug?slug=while-down').expect(200);
    const sent = await waitUntil(async () => (await admin2.get(`/_api/admin/campaigns/${campaign.id}`).expect(200)).body.status === 'sent', 15_000);
    expect(sent).toBe(true);
  }, 60_000);
});
