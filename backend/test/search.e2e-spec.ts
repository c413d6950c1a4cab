/**
 * Issue #29: one search over firms, codes and posts — typos, aliases, stemming, ranking, kinds, pages, the
 * 200-character rule, hostile text (never a 5xx), and a post unpublished leaving the results at once.
 */
import type { SearchResponse, SuggestResponse } from '../../common/search.js';
import { compactName, SEARCH_PAGE_SIZE, SEARCH_TEXT } from '../../common/search.js';
import { searchQuery } from '../src/search/search.queries.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  const firms: Array<[string, string, string[], string]> = [
    ['FTMO', 'ftmo', [], 'The long-standing Prague firm with a two-step evaluation and a scaling plan.'],
    ['Topstep', 'topstep', [], 'Futures funding since 2012 with the Trading Combine.'],
    ['FundedNext', 'fundednext', ['Funded Next'], 'Two-step and one-step evaluations with a reward paid during the challenge.'],
    ['The5ers', 'the5ers', ['The 5%ers'], 'Forex-focused funding with instant programs.'],
    ['Apex Trader Funding', 'apex-trader-funding', ['Apex'], 'Futures evaluations with frequent sales.'],
  ];
  for (const [name, slug, aliases, description] of firms) {
    const [row] = await t.sql<{ id: number }>(
      'insert into companies (name, slug, aliases, description) values ($1, $2, $3, $4) returning id', [name, slug, aliases, description],
    );
    ids[slug] = row.id;
  }
  const code = async (firm: string, title: string, discountCode: string, status = 'active') => {
    const [row] = await t.sql<{ id: number }>(
      'insert into discounts (company_id, title, discount_code, status, discount_percentage) values ($1, $2, $3, $4, 10) returning id',
      [ids[firm], title, discountCode, status],
    );
    return row.id;
  };
  ids.topstepCode = await code('topstep', '30% off the Trading Combine', 'TOPSAVE30');
  ids.ftmoCode = await code('ftmo', '10% off any challenge', 'FTMO10');
  ids.expiredCode = await code('ftmo', 'Old spring sale', 'SPRINGOLD', 'expired');
  ids.apexCode = await code('apex-trader-funding', 'Apex 90% off sale', 'APEXNINETY');
  // Posts: one titled with the words, one with them only in the body, older; unrelated filler; a draft.
  const post = async (slug: string, title: string, content: string, daysAgo: number, status = 'published', excerpt: string | null = null) => {
    const [row] = await t.sql<{ id: number }>(
      `insert into blog_posts (slug, title, excerpt, content, status, category, published_at)
       values ($1, $2, $3, $4, $5, 'news', now() - $6 * interval '1 day') returning id`,
      [slug, title, excerpt, content, status, daysAgo],
    );
    ids[slug] = row.id;
  };
  await post('payout-denied', 'Why my payout was denied', '<p>The firm denied the payout over a rule breach.</p>', 10);
  await post('weekly-news', 'Weekly news', '<p>Some traders say their payouts were denied this week.</p>', 1);
  await post('scaling', 'Scaling plans compared', '<p>How <b>scaling</b> works &amp; grows an account.</p>', 2, 'published', 'Scaling: 5 < 10 & "x" > y, <script>alert(1)</script> explained');
  await post('draft-payout', 'Payout denied draft', '<p>Not yet public.</p>', 1, 'draft');
  await t.sql(
    `insert into blog_posts (slug, title, content, status, category, published_at)
     select 'filler-' || g, 'Market notes ' || g, '<p>Thoughts on drawdown and risk number ' || g || '.</p>', 'published', 'guide', now() - g * interval '1 hour'
     from generate_series(1, 45) g`,
  );
}, 300_000);

afterAll(async () => {
  await t?.close();
});

const search = async (q: string, extra: Record<string, string | number> = {}) =>
  (await t.http().get('/_api/search').query({ q, ...extra }).expect(200)).body as SearchResponse;
const first = async (q: string) => (await search(q)).results[0];

describe('typos and names', () => {
  it.each([
    ['ftmoo', 'FTMO'],
    ['topstpe', 'Topstep'],
    ['fundednxt', 'FundedNext'],
  ])('%s finds %s first, and offers it as "did you mean"', async (q, name) => {
    const res = await search(q);
    expect(res.results[0]).toMatchObject({ type: 'firm', title: name });
    expect(res.didYouMean).toBe(name);
  });

  it('an exact name comes first, with its active codes right after and no "did you mean"', async () => {
    const res = await search('FTMO');
    expect(res.results.slice(0, 2).map((r) => [r.type, r.id])).toEqual([['firm', ids.ftmo], ['discount', ids.ftmoCode]]);
    expect(res.results.map((r) => r.id)).not.toContain(ids.expiredCode);
    expect(res.didYouMean).toBeUndefined();
    expect(res.results[0].url).toBe('/firms/ftmo');
    expect(res.results[1].url).toMatch(/^\/discounts\//);
  });

  it('an alias finds its firm, whatever its spacing and punctuation', async () => {
    expect(await first('The 5%ers')).toMatchObject({ type: 'firm', id: ids.the5ers });
    expect(await first('the 5ers')).toMatchObject({ type: 'firm', id: ids.the5ers });
    expect(await first('apex')).toMatchObject({ type: 'firm', id: ids['apex-trader-funding'] });
    expect(compactName('The 5%ers')).toBe(compactName('THE5ERS'));
  });

  it('"topstpe coupon" puts Topstep\'s code first', async () => {
    const res = await search('topstpe coupon');
    expect(res.results[0]).toMatchObject({ type: 'discount', id: ids.topstepCode });
    expect(res.results[1]).toMatchObject({ type: 'firm', id: ids.topstep });
  });

  it('a code is found by its code', async () => {
    expect(await first('topsave30')).toMatchObject({ type: 'discount', id: ids.topstepCode, title: '30% off the Trading Combine' });
  });
});

describe('posts', () => {
  it('stems: "payouts" finds posts about a payout; title matches rank first; drafts never appear', async () => {
    const res = await search('payouts denied', { type: 'post' });
    expect(res.results.map((r) => r.id)).toEqual([ids['payout-denied'], ids['weekly-news']]);
    expect(res.results[0].snippet).toMatch(/<mark>denied<\/mark>|<mark>payout<\/mark>/i);
  });

  it('"payout denied" reads the matching articles first', async () => {
    const res = await search('payout denied');
    expect(res.results[0]).toMatchObject({ type: 'post', id: ids['payout-denied'], url: '/blog/payout-denied' });
  });

  it('escapes the content in snippets: only <mark> is markup', async () => {
    const [hit] = (await search('scaling explained', { type: 'post' })).results;
    expect(hit.id).toBe(ids.scaling);
    expect(hit.snippet).toContain('&lt; 10 &amp; &quot;x&quot; &gt;');
    expect(hit.snippet).not.toContain('<script');
    expect(hit.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('a post unpublished disappears from the results within 1 s', async () => {
    expect((await search('scaling plans', { type: 'post' })).results.map((r) => r.id)).toContain(ids.scaling);
    await t.sql(`update blog_posts set status = 'draft' where id = $1`, [ids.scaling]);
    const started = Date.now();
    expect((await search('scaling plans', { type: 'post' })).results.map((r) => r.id)).not.toContain(ids.scaling);
    expect(Date.now() - started).toBeLessThan(1000);
    await t.sql(`update blog_posts set status = 'published' where id = $1`, [ids.scaling]);
  });
});

describe('kinds and pages', () => {
  it('type narrows to one kind and counts every kind', async () => {
    const all = await search('futures');
    expect(all.counts.firm).toBeGreaterThanOrEqual(2);
    const firms = await search('futures', { type: 'firm' });
    expect(firms.results.every((r) => r.type === 'firm')).toBe(true);
    expect(firms.total).toBe(all.counts.firm);
  });

  it('pages by 20, without overlap', async () => {
    const one = await search('drawdown risk');
    expect(one.total).toBe(45);
    expect(one.results).toHaveLength(SEARCH_PAGE_SIZE);
    const three = await search('drawdown risk', { page: 3 });
    expect(three.results).toHaveLength(5);
    const two = await search('drawdown risk', { page: 2 });
    const seen = [...one.results, ...two.results, ...three.results].map((r) => r.id);
    expect(new Set(seen).size).toBe(45);
    expect(one.totalPages).toBe(3);
  });
});

describe('the query', () => {
  it('an empty or blank query gives nothing (never everything)', async () => {
    for (const q of ['', '   ', '\t\n']) {
      expect(await search(q)).toMatchObject({ q: '', total: 0, results: [] });
    }
    expect((await t.http().get('/_api/search').expect(200)).body).toMatchObject({ total: 0, results: [] });
  });

  it('is trimmed; past 200 characters it is a 400 in the one error shape', async () => {
    expect((await search('  FTMO  ')).q).toBe('FTMO');
    expect((await search(` ${'a'.repeat(200)} `)).q).toHaveLength(200);
    const res = await t.http().get('/_api/search').query({ q: 'a'.repeat(201) }).expect(400);
    expect(res.body).toEqual({ statusCode: 400, error: SEARCH_TEXT.tooLong, message: SEARCH_TEXT.tooLong, errors: { q: SEARCH_TEXT.tooLong } });
    await t.http().get('/_api/search').query({ q: 'x', type: 'everything' }).expect(400);
    await t.http().get('/_api/search').query({ q: 'x', page: '0' }).expect(400);
  });

  it('takes every punctuation character and tsquery operator safely', async () => {
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).filter((c) => !/[a-z0-9 ]/i.test(c));
    const hostile = [
      ...printable, printable.join(''), `"unclosed`, `'`, '&|!():*\\', '!!!', 'ftmo & | ! topstep', '(ftmo', 'a:*', '<->', 'ftmo <-> topstep',
      '-', '--', 'or', '" or "', '\\', '%', '_', '%_%', '\u0000', 'a\u0000b', '\ud800', '🙂', 'é', "';drop table companies;--",
    ];
    for (const q of hostile) {
      const res = await t.http().get('/_api/search').query({ q });
      expect([q, res.status]).toEqual([q, 200]);
      const sug = await t.http().get('/_api/search/suggest').query({ q });
      expect([q, sug.status]).toEqual([q, 200]);
    }
  });

  it('answers 10,000 random strings without a 5xx', async () => {
    const runs = Number(process.env.SEARCH_FUZZ_RUNS ?? 10_000);
    const alphabet = `abcdefghijklmnopqrstuvwxyzFTMO0123456789 !"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~é🙂\u0000\t`;
    let seed = 29;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const failures: string[] = [];
    for (let i = 0; i < runs; i++) {
      const q = Array.from({ length: 1 + Math.floor(random() * 40) }, () => [...alphabet][Math.floor(random() * [...alphabet].length)]).join('');
      const res = await t.http().get(i % 2 ? '/_api/search' : '/_api/search/suggest').query({ q });
      if (res.status >= 500) failures.push(q);
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

describe('suggestions', () => {
  it('start at 2 characters and answer in one call', async () => {
    expect(((await t.http().get('/_api/search/suggest').query({ q: 'f' }).expect(200)).body as SuggestResponse).results).toEqual([]);
    const res = (await t.http().get('/_api/search/suggest').query({ q: 'topst' }).expect(200)).body as SuggestResponse;
    expect(res.results[0]).toMatchObject({ type: 'firm', title: 'Topstep' });
  });
});

describe('plans at scale', () => {
  beforeAll(async () => {
    await t.sql(
      `insert into blog_posts (slug, title, content, status, category, published_at)
       select 'bulk-' || g, 'Bulk note ' || g || case when g % 100 = 0 then ' payout' else '' end,
              '<p>Notes about drawdown, spreads and risk, number ' || g || '.</p>', 'published', 'guide', now() - g * interval '1 minute'
       from generate_series(1, 20000) g`,
    );
    // As autovacuum leaves it: a bulk insert sits in the GIN indexes' pending lists until a vacuum folds it in.
    await t.sql('vacuum analyze blog_posts');
  }, 120_000);

  it('finds posts through their GIN indexes, never by a sequential scan of posts', async () => {
    // A typo finds no word: the newest titles are compared through the public order's index, never the whole table.
    for (const [q, index] of [['payout denied', 'blog_posts_search_vector_index'], ['scaling plan review', 'blog_posts_search_vector_index'], ['ftmoo', 'blog_posts_public_order_index']]) {
      const query = searchQuery({ q, firmQ: q, compactQ: compactName(q), fuzzy: true, codesFirst: false, limit: 20, offset: 0 });
      let i = 0;
      const text = query.sql.replace(/\?/g, () => `$${++i}`);
      const plan = (await t.sql<{ 'QUERY PLAN': string }>(`explain ${text}`, query.params)).map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).not.toMatch(/Seq Scan on blog_posts/);
      expect(plan).toContain(index);
    }
  });
});

describe('the /search page, as served without JavaScript', () => {
  it('renders the results grouped by kind, with tabs, "did you mean" and noindex', async () => {
    const html = (await t.http().get('/search?q=ftmoo').expect(200)).text;
    expect(html).toMatch(/<meta name="robots" content="noindex, follow"/);
    expect(html).toContain('href="/firms/ftmo"');
    expect(html).toContain('href="/search?q=FTMO"');
    expect(html).toMatch(/aria-label="Kinds of result"/);
    expect(html).toMatch(/<form[^>]*role="search"[^>]*action="\/search"/);
  });

  it('keeps the snippet\'s escaping and <mark>', async () => {
    const html = (await t.http().get('/search?q=payout+denied&type=post').expect(200)).text;
    expect(html).toContain('href="/blog/payout-denied"');
    expect(html).toMatch(/<mark>(payout|denied)<\/mark>/i);
  });

  it('suggests firms when nothing matches, and says what is wrong with a text too long (400)', async () => {
    const none = (await t.http().get('/search?q=zzqqxxyy').expect(200)).text;
    expect(none).toContain(SEARCH_TEXT.tryFirms);
    expect(none).toContain('href="/firms/topstep"');
    const long = await t.http().get(`/search?q=${'a'.repeat(201)}`).expect(400);
    expect(long.text).toContain(SEARCH_TEXT.tooLong);
  });

  it('every page has the header search box, a plain GET form', async () => {
    for (const path of ['/', '/blog', '/firms']) {
      const html = (await t.http().get(path).expect(200)).text;
      expect(html).toMatch(/<form class="header-search" aria-label="Site search" action="\/search" method="get"/);
    }
  });
});
