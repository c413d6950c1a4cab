#!/usr/bin/env node
/**
 * EXPLAIN of the public reads at 10× the largest bench sizes (issue #21), for docs/performance.md: for each
 * query, the plan's scans (node type, relation, index), whether any sort went to disk, and the execution time
 * PostgreSQL reports. Runs the exact SQL the services run: the blog reads from the built blog-post.queries.js
 * at 100,000 posts (10× api-load's 10,000); the /firms table and a firm profile's reads as the built
 * FirmsService writes them (recorded by a stand-in connection) at 2,000 firms × 5 programs × 6 sizes
 * (10× firms-list's 200 firms: 60,000 rows); the public discounts list at 5,000 discounts (10× api-load's
 * 500) plus the firms' 4,000 codes.
 *
 * Database: a temporary embedded PostgreSQL, or a fresh database on BENCH_DATABASE_ADMIN_URL; the app is
 * started once so its migrations build the schema. Needs `npm run build:backend`.
 * Usage: node bench/explain.mjs [posts]
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { connect, freshDatabase, requireBuild, ROOT, runBench, startApp } from './support.mjs';
import { postWord, seedPosts } from './posts-seed.mjs';
import { FIRMS, seedFirms } from './firms-seed.mjs';

const POSTS = Number(process.argv[2] ?? 100_000);
const DISCOUNTS = 5_000;
const FIRMS_10X = FIRMS * 10;
requireBuild('Build first: npm run build:backend', [join(ROOT, 'dist/backend/src/blog-posts/blog-post.queries.js')]);
const built = (path) => import(pathToFileURL(join(ROOT, 'dist', path)).href);
const q = await built('backend/src/blog-posts/blog-post.queries.js');
const sq = await built('backend/src/search/search.queries.js');
const { FirmsService } = await built('backend/src/firms/firms.service.js');
const { SeoContentService } = await built('backend/src/seo/seo-content.service.js');
const { parseFirmsQuery } = await built('common/firms.js');

/**
 * The statements FirmsService runs for `call`, recorded by a connection that answers nothing (so the count
 * of an empty page is asked too). `kept`: whether every row's kept best code holds (the usual case) or
 * some must be priced live.
 */
async function firmStatements(call, kept = true) {
  const recorded = [];
  const record = async (sql, params = []) => {
    recorded.push({ sql, params });
    return [];
  };
  const em = { getConnection: () => ({ execute: record }), execute: record };
  const service = new FirmsService(em, {}, { figuresFor: async () => new Map() }, {}, { keptPricesHold: async () => kept });
  await call(service);
  return recorded;
}
/** The first statement of a post sitemap child (its first 5,000 URLs as XML text), as SeoContentService runs it. */
async function sitemapChunkStatement(page) {
  const recorded = [];
  const em = { getConnection: () => ({ execute: async (sql, params = []) => (recorded.push({ sql, params }), []) }) };
  await new SeoContentService(em).sitemapPostChunks(page, 'https://example.com').next();
  return recorded[0];
}
const firmsQuery = (query) => {
  const parsed = parseFirmsQuery(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(`${query}: ${parsed.message}`);
  return parsed.query;
};

const walk = (n) => [n, ...(n.Plans ?? []).flatMap(walk)];
/** `?` placeholders to `$n`, as the driver does. */
const numbered = (sql) => {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
};

await runBench(async (cleanups) => {
  const databaseUrl = await freshDatabase(cleanups, 'bench_explain');
  await startApp(databaseUrl, cleanups);
  const db = await connect(databaseUrl, cleanups);
  const t0 = performance.now();
  await seedPosts(db, POSTS);
  await seedFirms(db, FIRMS_10X);
  await db.query(
    `insert into discounts (company_id, title, discount_code, status, discount_percentage, valid_until)
     select (select min(id) from companies) + g % 200, 'Offer ' || g, 'CODE' || g, (array['active', 'coming_soon', 'expired', 'active'])[1 + g % 4], 5 + g % 40,
            case when g % 7 = 0 then null else now() + (g % 90 - 10) * interval '1 day' end
     from generate_series(1, $1::int) g`,
    [DISCOUNTS],
  );
  for (const table of ['companies', 'discounts', 'firm_programs', 'firm_program_sizes']) await db.query(`vacuum analyze ${table}`);
  console.log(`seeded ${POSTS.toLocaleString('en')} posts, ${FIRMS_10X.toLocaleString('en')} firms (60,000 size rows) and ${DISCOUNTS.toLocaleString('en')} discounts in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  const post = (await db.query(`select id, category, tags from blog_posts where slug = 'post-50001'`)).rows[0];
  const words = `${postWord(50001, 0)} ${postWord(50001, 1)}`;
  const blogSearch = (text, filter = {}) => sq.postSearchQuery({ q: text, firmQ: text, fuzzy: true, filter, cap: 1001, limit: 9, offset: 0, suggestions: 3 });
  const queries = [
    ['by-slug', q.postBySlugQuery('post-50001')],
    ['related (3 cards)', q.relatedQuery(post, 3)],
    ['list page 1', q.listPageQuery({}, 9, 0)],
    ['list page 5,000 (offset 44,991)', q.listPageQuery({}, 9, 44_991)],
    ['list count', q.listCountQuery({})],
    ['category page 1,000', q.listPageQuery({ category: 'guide' }, 9, 8_991)],
    ['category count', q.listCountQuery({ category: 'guide' })],
    ['tag page 1', q.listPageQuery({ tag: 'tag-7' }, 9, 0)],
    ['tag count', q.listCountQuery({ tag: 'tag-7' })],
    [`blog search "${words}" (page, count to 1,001)`, blogSearch(words)],
    ['blog search "guide" (dense: every 4th post)', blogSearch('guide')],
    ['blog search "guide" in a category', blogSearch('guide', { category: 'news' })],
    ['blog search "weekly payuot" (no word matches: alike titles)', blogSearch('weekly payuot')],
    ['sitemap child chunk (5,000 URLs as XML)', await sitemapChunkStatement(2)],
    ['discounts (public list, unpaged)', {
      sql: `select d.*, c.name from discounts d join companies c on c.id = d.company_id
            where d.status in ('active', 'coming_soon') and (d.valid_until is null or d.valid_until > now())
            order by d.valid_until asc nulls last, d.id desc`, params: [],
    }],
  ];
  const now = new Date();
  const [firmPage, firmCount] = await firmStatements((f) => f.list(firmsQuery('maxPrice=99999'), now));
  const [firmLive] = await firmStatements((f) => f.list(firmsQuery(''), now), false);
  const [firmTrueCost] = await firmStatements((f) => f.list(firmsQuery('size=100000&sort=trueCost'), now));
  const [firmDeep] = await firmStatements((f) => f.list(firmsQuery('sort=priceAfterCode&page=200'), now));
  const firmId = (await db.query(`select id from companies where slug = 'firm-1000'`)).rows[0].id;
  // Posts about firm-1000: named by the picker in every 50th post, a link to its profile in every 70th (3,143 in
  // all, kept in blog_post_firms by the triggers); firm-1001 has none.
  await db.query(`update blog_posts set company_ids = array[$1::int] where id % 50 = 0`, [firmId]);
  await db.query(`update blog_posts set content = content || '<p><a href="/firms/firm-1000">firm-1000</a></p>' where id % 70 = 0`);
  await db.query('vacuum analyze blog_post_firms');
  const [postsAbout] = await firmStatements((f) => f.postsAbout([firmId], now));
  const quietId = (await db.query(`select id from companies where slug = 'firm-1001'`)).rows[0].id;
  const [postsAboutNone] = await firmStatements((f) => f.postsAbout([quietId], now));
  queries.push(
    ['firms table (kept prices), maxPrice', firmPage],
    ['firms table count (an empty page)', firmCount],
    ['firms table, priced live (codes ran out)', firmLive],
    ['firms table, $100K by true cost', firmTrueCost],
    ['firms table, page 200 by price after code', firmDeep],
    ['firm profile: programs and sizes', { sql: `select s.* from firm_programs p join firm_program_sizes s on s.program_id = p.id where p.company_id = ? order by s.size`, params: [firmId] }],
    ['firm profile: codes', { sql: `select * from discounts where company_id = ? and status = 'active' and (valid_until is null or valid_until > now()) order by valid_until asc nulls last, id`, params: [firmId] }],
    ['firm profile: posts about the firm (3,143)', postsAbout],
    ['firm profile: posts about the firm (none)', postsAboutNone],
    ['/discounts: listed sizes of the shown firms', {
      sql: `select p.company_id, p.name as program, s.size, s.price from firm_program_sizes s join firm_programs p on p.id = s.program_id
            where p.company_id in (select distinct company_id from discounts where status in ('active', 'coming_soon')) order by p.company_id, p.position, p.id, s.size`,
      params: [],
    }],
  );
  console.log(`\n${'query'.padEnd(44)} ${'ms'.padStart(8)}  plan (scans on tables; sorts)`);
  for (const [name, { sql, params }] of queries) {
    const { rows } = await db.query(`explain (analyze, buffers, format json) ${numbered(sql)}`, params);
    const [{ Plan: plan, 'Execution Time': ms }] = rows[0]['QUERY PLAN'];
    const nodes = walk(plan);
    const scans = nodes.filter((n) => n['Relation Name']).map((n) => `${n['Node Type']} ${n['Relation Name']}${n['Index Name'] ? ` (${n['Index Name']})` : ''} ×${n['Actual Rows']}`);
    const sorts = nodes.filter((n) => n['Sort Method']).map((n) => `${n['Sort Method']} ${n['Sort Space Used']} kB ${n['Sort Space Type']}`);
    console.log(`${name.padEnd(44)} ${ms.toFixed(2).padStart(8)}  ${[...new Set(scans)].join('; ')}${sorts.length ? ` | sort: ${sorts.join(', ')}` : ''}`);
  }
  return false;
});
