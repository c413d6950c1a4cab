/**
 * A set-based seed of published posts straight into PostgreSQL (issue #21): one INSERT … SELECT from
 * generate_series, so 100,000 posts take seconds, not hours through the API. Each post has ~3 KB of
 * HTML built from a vocabulary of VOCABULARY.length words (six per post, so a two-word search matches a
 * few hundred posts), three of TAG_COUNT tags, one of the four categories, a distinct date (newest is
 * post-1) and a distinct slug `post-<n>`. Also used by hand: `node bench/posts-seed.mjs <database-url> [posts]`.
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';

export const VOCABULARY = [
  'payout', 'drawdown', 'leverage', 'futures', 'forex', 'crypto', 'indices', 'evaluation', 'challenge', 'scaling',
  'consistency', 'profit', 'target', 'split', 'refund', 'spread', 'commission', 'slippage', 'swap', 'overnight',
  'weekend', 'news', 'scalping', 'swing', 'hedging', 'martingale', 'grid', 'copy', 'signals', 'algorithm',
  'platform', 'metatrader', 'ctrader', 'tradingview', 'ninjatrader', 'rithmic', 'tradovate', 'broker', 'liquidity', 'volatility',
  'gold', 'silver', 'oil', 'nasdaq', 'dow', 'euro', 'yen', 'sterling', 'bitcoin', 'ether',
  'journal', 'discipline', 'psychology', 'patience', 'risk', 'reward', 'stop', 'trailing', 'breakeven', 'session',
  'london', 'newyork', 'tokyo', 'sydney', 'asian', 'opening', 'closing', 'range', 'breakout', 'reversal',
  'trend', 'momentum', 'support', 'resistance', 'fibonacci', 'pivot', 'candle', 'pattern', 'backtest', 'strategy',
  'account', 'balance', 'equity', 'margin', 'lot', 'position', 'sizing', 'verification', 'funded', 'phase',
  'rules', 'violation', 'reset', 'discount', 'coupon', 'review', 'guide', 'comparison', 'ranking', 'audit',
];
export const TAG_COUNT = 500;

/** The n-th post's i-th vocabulary word (the same formula as the SQL below), for searches that match. */
export function postWord(n, i) {
  const steps = [[7, 0], [13, 3], [29, 5], [31, 11], [17, 1], [3, 19]];
  const [mul, add] = steps[i];
  return VOCABULARY[(n * mul + add) % VOCABULARY.length];
}

/** Inserts `count` published posts (slugs post-1 … post-<count>), then vacuums and analyzes. */
export async function seedPosts(db, count) {
  await db.query(
    `with v as (select $2::text[] as words, array_length($2::text[], 1) as n)
     insert into blog_posts (slug, title, excerpt, content, status, category, tags, published_at, author_name, meta_title, meta_description, created_at, updated_at)
     select 'post-' || g,
            initcap(w[1]) || ' and ' || w[2] || ': what post ' || g || ' tells funded traders',
            'How ' || w[3] || ' and ' || w[4] || ' change the way a funded trader works, in post ' || g || '.',
            '<h2>' || initcap(w[1]) || ' in practice</h2><p>' || repeat('Traders who watch ' || w[1] || ' and ' || w[5] || ' keep their ' || w[2] || ' in check. ', 12) ||
            '</p><h2>Why ' || w[3] || ' matters</h2><p>' || repeat('A rule about ' || w[3] || ', ' || w[4] || ' and ' || w[6] || ' explained with examples. ', 14) || '</p>',
            'published', (array['review', 'guide', 'news', 'general'])[1 + g % 4],
            array['tag-' || (g % $3), 'tag-' || ((g * 7 + 1) % $3), 'tag-' || ((g * 11 + 2) % $3)],
            now() - g * interval '3 minutes', 'Author ' || (g % 40), 'Post ' || g, 'What post ' || g || ' says about ' || w[1] || '.',
            now() - g * interval '3 minutes', now() - g * interval '3 minutes'
     from generate_series(1, $1::int) g, v,
     lateral (select array[
       v.words[1 + (g * 7) % v.n], v.words[1 + (g * 13 + 3) % v.n], v.words[1 + (g * 29 + 5) % v.n],
       v.words[1 + (g * 31 + 11) % v.n], v.words[1 + (g * 17 + 1) % v.n], v.words[1 + (g * 3 + 19) % v.n]
     ] as w) words`,
    [count, VOCABULARY, TAG_COUNT],
  );
  // What autovacuum does soon after a bulk load: statistics, and the visibility map index-only scans rely on.
  await db.query('vacuum analyze blog_posts');
  await db.query('vacuum analyze blog_post_tags');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [url, posts = '100000'] = process.argv.slice(2);
  if (!url) {
    console.error('usage: node bench/posts-seed.mjs <database-url> [posts]');
    process.exit(2);
  }
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const t0 = performance.now();
  await seedPosts(db, Number(posts));
  console.log(`seeded ${Number(posts).toLocaleString('en')} published posts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await db.end();
}
