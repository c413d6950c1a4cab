/**
 * Many copies, one database (issue #32): the built app started as several processes with ROLE=web / worker on one
 * PostgreSQL, as a deployment runs it. Start-up writes happen once; a web copy only enqueues; a job runs once with two
 * workers; a campaign survives one of two workers killed mid-send without sending anyone two copies; a web copy
 * restarted behind HAProxy under load fails no request; `npm start` shows its worker child.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { startSmtpSink, type SmtpSink } from '../backend/test/support/smtp-sink.js';
import { freePort } from '../test-support/app-process.mjs';
import { signIn, startCopies, startSharedDatabase, startSite, type SharedDatabase, type Site } from './support/site.js';

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** CPU time (user + system, in clock ticks) a process has used so far: which of two workers is the one sending. */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const exited = (site: Site) => new Promise((r) => (site.child.exitCode !== null || site.child.signalCode !== null ? r(null) : site.child.once('exit', r)));

describe('copies on one database', () => {
  let database: SharedDatabase;
  let db: pg.Client;
  let smtp: SmtpSink;
  const sites: Site[] = [];
  const started = async (copies: Array<Record<string, string>>, env: Record<string, string> = {}) => {
    const more = await startCopies(database.url, copies, { SEED_DEMO_CONTENT: 'false', SMTP_URL: smtp.url, ...env });
    sites.push(...more);
    return more;
  };
  const stopAll = async () => {
    await Promise.all(sites.splice(0).map((site) => site.stop()));
  };

  beforeAll(async () => {
    database = await startSharedDatabase();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    smtp = await startSmtpSink();
  });
  afterEach(stopAll);
  afterAll(async () => {
    await stopAll();
    await db?.end();
    await smtp?.close();
    await database?.stop();
  });

  it('three copies started at once migrate, seed and make the first admin once; a build older than the schema refuses to start', async () => {
    const copies = await started([{ ROLE: 'web' }, { ROLE: 'web' }, { ROLE: 'worker' }], { SEED_DEMO_CONTENT: 'true', LOG_LEVEL: 'log' });
    for (const site of copies) expect((await fetch(`${site.baseUrl}/_api/health`)).status).toBe(200);
    const said = (pattern: RegExp) => copies.filter((site) => pattern.test(site.output())).length;
    // One copy migrated and seeded; the others waited for the lock and found the work done.
    expect(said(/Applied \d+ migration\(s\)/)).toBe(1);
    expect(said(/Seeded \d+ demo companies/)).toBe(1);
    expect(said(/Created the admin/)).toBe(1);
    const twice = await db.query('select name from mikro_orm_migrations group by name having count(*) > 1');
    expect(twice.rows).toEqual([]);
    const admins = await db.query<{ n: string }>(`select count(*) as n from users where role = 'admin'`);
    expect(Number(admins.rows[0]!.n)).toBe(1);
    for (const site of copies) expect(site.output()).not.toMatch(/duplicate key|deadlock/i);
    await stopAll();

    // The database now has a migration this build does not know, as after an upgrade by a newer version.
    await db.query(`insert into mikro_orm_migrations (name, executed_at) values ('Migration29991231000000', now())`);
    try {
      await expect(startSite({ DATABASE_URL: database.url, ROLE: 'web' })).rejects.toThrow(
        /exited \(1\)[\s\S]*migrated by a newer version of the site[\s\S]*Migration29991231000000/,
      );
    } finally {
      await db.query(`delete from mikro_orm_migrations where name = 'Migration29991231000000'`);
    }
  }, 240_000);

  it('a web copy only enqueues; with two workers each queued message is sent exactly once', async () => {
    const [web] = await started([{ ROLE: 'web' }]);
    const health = await (await fetch(`${web!.baseUrl}/_api/health`)).json();
    expect(health).toEqual({ status: 'ok', role: 'web', uptimeSeconds: expect.any(Number), database: 'up' });
    const boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
    await boss.start();
    const COUNT = 300;
    try {
      for (let i = 0; i < COUNT; i++) await boss.send('send-mail', { to: `once${i}@example.com`, subject: 'Once', html: '<p>Once</p>', text: 'Once' });
    } finally {
      await boss.stop({ graceful: false, close: true });
    }
    const once = () => smtp.messages.filter((m) => m.parsed.subject === 'Once');
    // The web copy never takes a job from the queue.
    await new Promise((r) => setTimeout(r, 3000));
    expect(once()).toHaveLength(0);

    await started([{ ROLE: 'worker' }, { ROLE: 'worker' }]);
    await waitUntil(() => once().length >= COUNT, 120_000, 'every queued message');
    // Late duplicates would arrive after the last first copy.
    await new Promise((r) => setTimeout(r, 2000));
    const to = once().map((m) => m.envelope.to[0]);
    expect(to).toHaveLength(COUNT);
    expect(new Set(to).size).toBe(COUNT);
  }, 240_000);

  it('scheduled posts go live once with two workers: each post published by one worker, once', async () => {
    // A web copy makes the schema; posts saved for later then wait for the workers' start-up catch-up to queue them.
    await started([{ ROLE: 'web' }]);
    const due = await db.query<{ id: number }>(
      `insert into blog_posts (slug, title, content, status, published_at)
       select 'due-' || i, 'Due ' || i, '<p>Due</p>', 'published', now() + interval '15 seconds' from generate_series(1, 5) i
       returning id`,
    );
    const ids = due.rows.map((r) => r.id).sort((a, b) => a - b);
    const workers = await started([{ ROLE: 'worker' }, { ROLE: 'worker' }], { LOG_LEVEL: 'log' });
    await waitUntil(async () => {
      const live = await db.query<{ n: string }>('select count(*) as n from blog_posts where id = any($1) and went_live_at is not null', [ids]);
      return Number(live.rows[0]!.n) === ids.length;
    }, 90_000, 'the scheduled posts');
    // A second run would come within the job's retry delay: give it the time to show.
    await new Promise((r) => setTimeout(r, 3000));
    const published = workers.flatMap((site) =>
      [...site.output().matchAll(/Published \d+ scheduled post\(s\): ([\d, ]+)/g)].flatMap((m) => m[1]!.split(',').map((id) => Number(id.trim()))));
    // (Only these posts: an earlier test's demo content may have its own posts fall due meanwhile.)
    expect(published.filter((id) => ids.includes(id)).sort((a, b) => a - b)).toEqual(ids);
  }, 180_000);

  it('a campaign to 20,000 with two workers, one killed mid-send: nobody mailed twice, at most the in-flight in doubt', async () => {
    const RECIPIENTS = 20_000;
    /** CampaignSender's lanes: the most messages one worker can have in flight when it dies. */
    const LANES = 8;
    const SUBJECT = 'Two workers';
    await db.query(
      `insert into newsletter_subscribers (email, status, confirmed_at) select 'w' || g || '@example.com', 'subscribed', now() from generate_series(1, $1::int) g`,
      [RECIPIENTS],
    );
    const [web, ...workers] = await started([{ ROLE: 'web' }, { ROLE: 'worker' }, { ROLE: 'worker' }]);
    const cookie = await signIn(web!.baseUrl);
    const api = (method: string, path: string, body: unknown = {}) =>
      fetch(`${web!.baseUrl}${path}`, { method, headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await api('PUT', '/_api/admin/campaigns/settings', { sendRatePerSecond: 400 })).status).toBe(200);
    const created = await api('POST', '/_api/admin/campaigns', { subject: SUBJECT, html: '<p>Deals</p>' });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await api('POST', `/_api/admin/campaigns/${id}/send`)).status).toBe(200);
    const received = () => smtp.messages.filter((m) => m.parsed.subject === SUBJECT).map((m) => m.envelope.to[0]!);

    await waitUntil(() => received().length >= 2000, 120_000, 'the first messages');
    // The worker sending is the one using the CPU: that one is killed.
    const before = workers.map((w) => cpuTicks(w.child.pid!));
    await new Promise((r) => setTimeout(r, 1500));
    const used = workers.map((w, i) => cpuTicks(w.child.pid!) - before[i]!);
    const sender = used[0]! >= used[1]! ? workers[0]! : workers[1]!;
    sender.child.kill('SIGKILL');
    await exited(sender);
    const atKill = received().length;
    expect(atKill).toBeLessThan(RECIPIENTS);

    // The killed worker's job expires and the other worker takes the campaign over.
    await waitUntil(async () => (await db.query('select status from campaigns where id = $1', [id])).rows[0].status === 'sent', 400_000, 'the campaign to finish');
    await new Promise((r) => setTimeout(r, 1000));
    const to = received();
    const perAddress = new Map<string, number>();
    for (const address of to) perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    expect([...perAddress].filter(([, n]) => n > 1)).toEqual([]);
    const { rows } = await db.query<{ email: string; state: string; error: string | null }>(
      'select email, state, error from campaign_deliveries where campaign_id = $1', [id],
    );
    // Every one of the 20,000 (and the demo seed's subscribers still in the audience) has one delivery row.
    expect(rows.length).toBeGreaterThanOrEqual(RECIPIENTS);
    const sent = rows.filter((r) => r.state === 'sent');
    const inDoubt = rows.filter((r) => r.state === 'failed' && /may have arrived/.test(r.error ?? ''));
    expect(sent.length + inDoubt.length).toBe(rows.length);
    expect(inDoubt.length).toBeLessThanOrEqual(LANES);
    for (const row of sent) expect(perAddress.get(row.email)).toBe(1);
    expect(to.length).toBeGreaterThan(atKill);
  }, 600_000);

  it('one of two web copies restarted behind HAProxy under 200 requests/s: no request fails', async () => {
    const ports = [await freePort(), await freePort()];
    const webEnv = (port: number) => ({ ROLE: 'web', PORT: String(port) });
    const copies = await Promise.all(ports.map((port) => startSite({ DATABASE_URL: database.url, SEED_DEMO_CONTENT: 'false', ...webEnv(port) }, { port })));
    sites.push(...copies);
    const front = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'vtf-haproxy-'));
    const config = join(dir, 'haproxy.cfg');
    // The balancer as docs/operations.md describes it: health-checked copies, a refused or cut request tried again on the other.
    writeFileSync(config, [
      'global', '  maxconn 4000',
      'defaults', '  mode http', '  timeout connect 2s', '  timeout client 30s', '  timeout server 30s',
      '  retries 3', '  option redispatch 1', '  retry-on all-retryable-errors', '  timeout check 5s',
      'frontend site', `  bind 127.0.0.1:${front}`, '  default_backend copies',
      'backend copies', '  balance roundrobin', '  option httpchk GET /_api/health', '  http-check expect status 200',
      ...ports.map((port, i) => `  server web${i} 127.0.0.1:${port} check inter 500 fall 2 rise 2`),
      '',
    ].join('\n'));
    const haproxy: ChildProcess = spawn('/usr/sbin/haproxy', ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let haproxyOutput = '';
    haproxy.stdout!.on('data', (d) => (haproxyOutput += d));
    haproxy.stderr!.on('data', (d) => (haproxyOutput += d));
    try {
      const base = `http://127.0.0.1:${front}`;
      await waitUntil(async () => (await fetch(`${base}/_api/health`).catch(() => null))?.status === 200, 30_000, 'HAProxy');
      const failures: string[] = [];
      let done = 0;
      let load = true;
      const paths = ['/_api/health', '/', '/_api/discounts'];
      // 200 requests/s, whatever the answers' times: each tick sends the requests due by now (a busy machine's
      // late timer catches up instead of lowering the rate).
      let sent = 0;
      const fire = () => {
        const path = paths[sent++ % paths.length]!;
        fetch(`${base}${path}`).then(
          async (res) => {
            await res.arrayBuffer();
            if (res.status !== 200) failures.push(`${path}: ${res.status}`);
            done++;
          },
          (error: Error) => {
            failures.push(`${path}: ${error.message}`);
            done++;
          },
        );
      };
      const startedAt = Date.now();
      const timer = setInterval(() => {
        if (!load) return;
        for (const due = Math.floor(((Date.now() - startedAt) / 1000) * 200); sent < due;) fire();
      }, 10);
      await new Promise((r) => setTimeout(r, 3000));
      // The rolling restart: SIGTERM drains the copy and the balancer's check stops sending to it; then it starts again.
      const [first] = copies;
      await first!.stop();
      const again = await startSite({ DATABASE_URL: database.url, SEED_DEMO_CONTENT: 'false', ...webEnv(ports[0]!) }, { port: ports[0]! });
      sites.push(again);
      await new Promise((r) => setTimeout(r, 4000));
      load = false;
      clearInterval(timer);
      const seconds = (Date.now() - startedAt) / 1000;
      await new Promise((r) => setTimeout(r, 2000));
      expect(failures).toEqual([]);
      // The pace held: 200 a second over the whole restart.
      expect(done / seconds).toBeGreaterThan(190);
      console.log(`rolling restart: ${done} requests in ${seconds.toFixed(1)} s (${(done / seconds).toFixed(0)}/s), ${failures.length} failed`);
    } finally {
      haproxy.kill('SIGTERM');
      await new Promise((r) => (haproxy.exitCode !== null ? r(null) : haproxy.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
      if (/ALERT/.test(haproxyOutput)) console.log(haproxyOutput);
    }
  }, 240_000);

  it('npm start runs the worker as a child process you can see in ps, at a lower priority, and starts it again when it dies', async () => {
    const site = await startSite({}, { npmStart: true });
    sites.push(site);
    const health = async () => {
      const res = await fetch(`${site.baseUrl}/_api/health`);
      return { status: res.status, body: (await res.json()) as { status: string; role: string; worker?: string } };
    };
    await waitUntil(async () => (await health()).body.worker === 'up', 60_000, 'the worker child');
    /** The site's web process and its worker child, as `ps` shows them. */
    const processes = () => {
      const ps = execFileSync('ps', ['-eo', 'pid=,ppid=,ni=,args='], { encoding: 'utf8' })
        .split('\n').map((line) => line.trim().split(/\s+/)).filter((f) => f.length >= 4)
        .map(([pid, ppid, ni, ...args]) => ({ pid: Number(pid), ppid: Number(ppid), ni: Number(ni), args: args.join(' ') }));
      const inGroup = (pid: number): boolean => pid === site.child.pid || (pid > 1 && inGroup(ps.find((p) => p.pid === pid)?.ppid ?? 0));
      // Node processes only (npm runs the script through `sh -c`, whose command line names main.js too).
      const mains = ps.filter((p) => /^(\S*\/)?node\s.*dist\/backend\/src\/main\.js/.test(p.args) && inGroup(p.pid));
      const web = mains.find((p) => !mains.some((q) => q.pid === p.ppid));
      return { web, worker: mains.find((p) => p.ppid === web?.pid) };
    };
    const { web, worker } = processes();
    expect(web).toBeDefined();
    expect(worker).toMatchObject({ ni: 10 });
    expect((await health()).body).toMatchObject({ status: 'ok', role: 'all', worker: 'up' });

    // The worker dies: the web process starts another, and meanwhile keeps answering 200 (it stays in a balancer).
    process.kill(worker!.pid, 'SIGKILL');
    const states = new Set<string>();
    await waitUntil(async () => {
      const { status, body } = await health();
      expect(status).toBe(200);
      states.add(body.worker ?? 'none');
      return states.has('restarting') && body.worker === 'up';
    }, 90_000, 'the worker child started again');
    const after = processes();
    expect(after.web?.pid).toBe(web!.pid);
    expect(after.worker).toMatchObject({ ni: 10 });
    expect(after.worker!.pid).not.toBe(worker!.pid);
  }, 200_000);
});
