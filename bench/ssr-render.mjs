#!/usr/bin/env node
/**
 * Issue #8 budget: an uncached post page rendered on the server in < 15 ms of server time.
 *
 * Seeds a fresh database with 300 published posts (~7 KB of HTML each, headings and paragraphs),
 * creates the built app in this process (createApp, as production) twice on that database: one with
 * the server renderer, one without it (the reference: the same process serving the shell with the
 * page's head, as before issue #8). Then times SitePagesService.page() — the whole page path after
 * routing: the data read from the services, the React render, the head, the finished HTML — for each
 * post, alternating the two apps, after a warm-up. Nothing is cached between calls (no page cache at
 * this level). Two clocks per page: the wall time (what a visitor waits, including PostgreSQL) and the
 * CPU time this process spent on it (process.cpuUsage: the render's own cost). On the shared 2-core
 * machine the wall time is mostly waiting for a core (load average far above 2), so the budget is on
 * the CPU time, which contention barely changes: the rendered page's median must stay under 15 ms.
 * Prints medians and p95s of both apps side by side, and the ratios; exits non-zero on a miss.
 *
 * Database: a temporary embedded PostgreSQL, or a fresh database on BENCH_DATABASE_ADMIN_URL.
 * Needs `npm run build` first.  Usage: node bench/ssr-render.mjs [posts]
 */
import { join } from 'node:path';
import { connect, freshDatabase, renderApps, reportRenders, requireBuild, ROOT, runBench, timeRenders } from './support.mjs';

const BUDGET_MS = 15;
const POSTS = Number(process.argv[2] ?? 300);
const WARMUP = 40;

requireBuild('Build first: npm run build', [join(ROOT, 'dist/frontend-server/entry-server.js')]);

await runBench(async (cleanups) => {
  const databaseUrl = await freshDatabase(cleanups, 'bench_ssr');
  // The reference (`shell`): the same app without a server renderer answers the shell with the head.
  const apps = await renderApps(databaseUrl, cleanups, 'vtf-bench-ssr-');

  const db = await connect(databaseUrl, cleanups);
  await db.query(
    `insert into blog_posts (slug, title, excerpt, content, status, category, tags, published_at, author_name, meta_title, meta_description)
     select 'post-' || g, 'Post number ' || g || ' about prop trading', 'A short excerpt of post ' || g || ' for the list.',
            repeat('<h2>Section of post ' || g || '</h2><p>' || repeat('Risk, payouts and rules, explained for funded traders. ', 12) || '</p>', 10),
            'published', (array['review', 'guide', 'news', 'general'])[1 + g % 4], array['tag' || (g % 25), 'topic' || (g % 7)],
            now() - g * interval '37 minutes', 'Author ' || (g % 12), 'Post ' || g, 'Meta description of post ' || g
     from generate_series(1, $1::int) g`,
    [POSTS],
  );
  await db.query('analyze blog_posts');

  for (let i = 1; i <= WARMUP; i++) {
    await apps.rendered.time(`/blog/post-${i}`);
    await apps.shell.time(`/blog/post-${i}`);
  }
  const { ssr, ref } = await timeRenders(apps, Array.from({ length: POSTS }, (_, i) => `/blog/post-${i + 1}`), 1);
  return reportRenders({
    heading: `Post pages, ${POSTS} posts, each rendered once (uncached), in-process SitePagesService.page()`,
    label: 'server-rendered page', ssr, ref, budgetMs: BUDGET_MS,
  });
});
