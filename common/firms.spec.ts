import {
  CRITERIA, FIRM_SLUG_PATTERN, FIRMS_QUERY_MESSAGES, firmSlug, profileErrors, effectiveRating, firmsQueryString, parseCompareFirms, parseFirmsQuery,
  FIRM_STATUSES, isPromoted, isStatusReason, isTestOverdue, isTopChoice, uniqueSlug, weightedScore, type FirmsQuery,
} from './firms.js';

const all = (score: number) => CRITERIA.map((c) => ({ criterion: c.key, score }));

describe('the methodology', () => {
  it('weighs payout reliability highest and adds up to 100', () => {
    const weights = CRITERIA.map((c) => c.weight);
    expect(weights.reduce((a, b) => a + b, 0)).toBe(100);
    expect(CRITERIA.find((c) => c.key === 'payout-reliability')!.weight).toBe(Math.max(...weights));
    expect(weights.filter((w) => w === Math.max(...weights))).toHaveLength(1);
  });
});

describe('weightedScore', () => {
  it('is the score itself when every criterion has the same one', () => {
    expect(weightedScore(all(4))).toBe(4);
    expect(weightedScore(all(0))).toBe(0);
    expect(weightedScore(all(5))).toBe(5);
  });

  it('weighs each criterion by its weight and rounds to 0.1', () => {
    // payout 5 (30), rules 3 (20), cost 4 (15), support 2 (10), platform 4 (15), longevity 1 (10)
    const scores = [
      { criterion: 'payout-reliability', score: 5 },
      { criterion: 'rules-clarity', score: 3 },
      { criterion: 'cost', score: 4 },
      { criterion: 'support', score: 2 },
      { criterion: 'platform-execution', score: 4 },
      { criterion: 'longevity', score: 1 },
    ];
    // (150 + 60 + 60 + 20 + 60 + 10) / 100 = 3.6
    expect(weightedScore(scores)).toBe(3.6);
  });

  it('moves more with payout reliability than with any other criterion', () => {
    const base = all(3);
    const bump = (key: string) => weightedScore(base.map((s) => (s.criterion === key ? { ...s, score: 5 } : s)))!;
    const payout = bump('payout-reliability');
    for (const c of CRITERIA.filter((x) => x.key !== 'payout-reliability')) expect(bump(c.key)).toBeLessThan(payout);
  });

  it('rounds half-steps to one decimal', () => {
    const scores = all(4).map((s) => (s.criterion === 'support' ? { ...s, score: 4.5 } : s));
    expect(weightedScore(scores)).toBe(4.1); // 4.05 → 4.1
  });

  it('is null until every criterion is scored, so the entered rating stands', () => {
    expect(weightedScore([])).toBeNull();
    expect(weightedScore(all(4).slice(1))).toBeNull();
    expect(effectiveRating(null, 4.2)).toEqual({ rating: 4.2, ratingSource: 'entered' });
    expect(effectiveRating(null, null)).toEqual({ rating: null, ratingSource: 'entered' });
    expect(effectiveRating(3.9, 4.2)).toEqual({ rating: 3.9, ratingSource: 'criteria' });
  });

  it('ignores criteria outside the method', () => {
    expect(weightedScore([...all(2), { criterion: 'affiliate', score: 5 }])).toBe(2);
  });
});

describe('parseFirmsQuery', () => {
  const ok = (params: Record<string, string | string[]>): FirmsQuery => {
    const r = parseFirmsQuery(params);
    if (!r.ok) throw new Error(r.message);
    return r.query;
  };

  it('defaults to the firms that still sell (active and under watch) by score, best first, page 1', () => {
    expect(ok({})).toEqual({
      size: null, type: null, platform: null, asset: null, drawdown: null, maxPrice: null,
      status: ['active', 'under-watch'], sort: 'score', order: 'desc', page: 1, passRate: null,
    });
  });

  it('reads the reader\'s pass rate for true cost, and names a wrong one', () => {
    expect(ok({ sort: 'trueCost', passRate: '12.5' })).toMatchObject({ sort: 'trueCost', order: 'asc', passRate: 12.5 });
    const bad = parseFirmsQuery({ passRate: '0' });
    expect(bad).toEqual({ ok: false, message: FIRMS_QUERY_MESSAGES.passRate, errors: { passRate: FIRMS_QUERY_MESSAGES.passRate } });
    expect(firmsQueryString({ ...ok({}), sort: 'trueCost', order: 'asc', size: 100000, passRate: 20 })).toBe('size=100000&sort=trueCost&passRate=20');
  });

  it('reads every filter and returns canonical spellings', () => {
    expect(ok({ size: '100000', type: 'Two-Step', platform: 'mt5', asset: 'FOREX', drawdown: 'eod-trailing', maxPrice: '199.5' }))
      .toMatchObject({ size: 100000, type: 'two-step', platform: 'MT5', asset: 'forex', drawdown: 'eod-trailing', maxPrice: 199.5 });
    expect(ok({ platform: 'match-trader' }).platform).toBe('Match-Trader');
  });

  it('gives each sort its natural order unless asked', () => {
    expect(ok({ sort: 'priceAfterCode' })).toMatchObject({ sort: 'priceAfterCode', order: 'asc' });
    expect(ok({ sort: 'profitSplit' })).toMatchObject({ order: 'desc' });
    expect(ok({ sort: 'maxLoss', order: 'desc' })).toMatchObject({ sort: 'maxLoss', order: 'desc' });
  });

  it('shows paused and closed firms only when asked', () => {
    expect(ok({ status: 'closed' }).status).toEqual(['closed']);
    expect(ok({ status: 'paused,active' }).status).toEqual(['active', 'paused']);
    expect(ok({ status: 'all' }).status).toEqual(['active', 'under-watch', 'paused', 'closed']);
    expect(ok({ status: 'under-watch' }).status).toEqual(['under-watch']);
  });

  it('treats an empty value as absent, as a form sent without JavaScript has them', () => {
    expect(ok({ size: '', type: '', platform: 'MT5', sort: '', status: '' })).toMatchObject({ size: null, type: null, sort: 'score', status: ['active', 'under-watch'] });
  });

  it.each([
    [{ size: 'abc' }, 'size', 'size must be a whole number of US dollars, e.g. 100000'],
    [{ size: '100000.5' }, 'size', 'size must be a whole number of US dollars, e.g. 100000'],
    [{ size: '-5' }, 'size', 'size must be a whole number of US dollars, e.g. 100000'],
    [{ type: 'four-step' }, 'type', 'type must be one of: one-step, two-step, three-step, instant, other'],
    [{ platform: 'MT6' }, 'platform', expect.stringContaining('platform must be one of: MT4, MT5')],
    [{ asset: 'bonds' }, 'asset', expect.stringContaining('asset must be one of')],
    [{ drawdown: 'daily' }, 'drawdown', 'drawdown must be one of: static, trailing, eod-trailing'],
    [{ maxPrice: '-1' }, 'maxPrice', 'maxPrice must be a number of US dollars of 0 or more'],
    [{ maxPrice: '1e3' }, 'maxPrice', 'maxPrice must be a number of US dollars of 0 or more'],
    [{ status: 'gone' }, 'status', 'status must be one of: active, under-watch, paused, closed, all'],
    [{ sort: 'name' }, 'sort', 'sort must be one of: price, priceAfterCode, profitSplit, score, maxLoss, payouts, trueCost'],
    [{ order: 'up' }, 'order', 'order must be one of: asc, desc'],
    [{ page: '0' }, 'page', 'page must be a whole number of 1 or more'],
    [{ size: ['10000', '25000'] }, 'size', 'size must be given once'],
    [{ colour: 'red' }, 'colour', 'Unknown parameter: colour'],
  ])('refuses %j naming %s', (params, field, message) => {
    const r = parseFirmsQuery(params as Record<string, string>);
    expect(r).toEqual({ ok: false, message, errors: { [field]: message } });
  });

  it('reports every wrong parameter at once', () => {
    const r = parseFirmsQuery({ size: 'x', sort: 'y' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.errors)).toEqual(['size', 'sort']);
  });

  it('may ignore unknown names (a page URL with utm tags) but never wrong values', () => {
    expect(parseFirmsQuery({ utm_source: 'x' }, { ignoreUnknown: true }).ok).toBe(true);
    expect(parseFirmsQuery({ utm_source: 'x', size: 'y' }, { ignoreUnknown: true }).ok).toBe(false);
  });

  it('reads URLSearchParams as well', () => {
    const r = parseFirmsQuery(new URLSearchParams('platform=MT5&size=100000&sort=priceAfterCode'));
    expect(r.ok && r.query).toMatchObject({ platform: 'MT5', size: 100000, sort: 'priceAfterCode', order: 'asc' });
  });

  it('writes a canonical query string that reads back to the same query', () => {
    const q = ok({ order: 'asc', sort: 'priceAfterCode', platform: 'mt5', size: '100000', status: 'under-watch,active' });
    expect(firmsQueryString(q)).toBe('size=100000&platform=MT5&sort=priceAfterCode');
    expect(ok(Object.fromEntries(new URLSearchParams(firmsQueryString(q))))).toEqual(q);
    expect(firmsQueryString(ok({}))).toBe('');
    expect(firmsQueryString(ok({ status: 'closed,paused,under-watch,active' }))).toBe('status=all');
    expect(firmsQueryString(ok({ status: 'active' }))).toBe('status=active');
  });
});

describe('closed firms are not promoted', () => {
  it('keeps the #1 CHOICE for the featured firm unless it is closed', () => {
    expect(isTopChoice({ featured: true, status: 'active' })).toBe(true);
    expect(isTopChoice({ featured: true, status: 'under-watch' })).toBe(true);
    expect(isTopChoice({ featured: true, status: 'paused' })).toBe(true);
    expect(isTopChoice({ featured: true, status: 'closed' })).toBe(false);
    expect(isTopChoice({ featured: false, status: 'active' })).toBe(false);
  });
  it('promotes every status but closed', () => {
    expect(FIRM_STATUSES.filter((status) => isPromoted({ status }))).toEqual(['active', 'under-watch', 'paused']);
  });
  it('takes a one-line reason of at most 200 characters', () => {
    expect(isStatusReason('Payouts late since October')).toBe(true);
    expect(isStatusReason('x'.repeat(200))).toBe(true);
    expect(isStatusReason('x'.repeat(201))).toBe(false);
    expect(isStatusReason('two\nlines')).toBe(false);
    expect(isStatusReason(5)).toBe(false);
  });
});

describe('parseCompareFirms', () => {
  it('takes 2 or 3 different slugs', () => {
    expect(parseCompareFirms('ftmo,the5ers')).toEqual(['ftmo', 'the5ers']);
    expect(parseCompareFirms(' FTMO , the5ers,topstep ')).toEqual(['ftmo', 'the5ers', 'topstep']);
  });
  it.each([undefined, '', 'ftmo', 'ftmo,ftmo', 'a,b,c,d', 'a,<b>', ['a', 'b']])('refuses %j', (v) => {
    expect(parseCompareFirms(v)).toBeNull();
  });
});

describe('uniqueSlug', () => {
  it('adds -2, -3… to a taken slug and falls back for empty names', () => {
    expect(uniqueSlug('ftmo', new Set())).toBe('ftmo');
    expect(uniqueSlug('ftmo', new Set(['ftmo']))).toBe('ftmo-2');
    expect(uniqueSlug('ftmo', new Set(['ftmo', 'ftmo-2']))).toBe('ftmo-3');
    expect(uniqueSlug('', new Set(['firm']))).toBe('firm-2');
  });
});

describe('profileErrors', () => {
  const program = (type: string, profitTargets: number[], sizes = [10000, 25000]) => ({ type, profitTargets, sizes: sizes.map((size) => ({ size })) });
  it('wants one profit target per phase', () => {
    expect(profileErrors({ programs: [program('two-step', [8, 5]), program('instant', []), program('other', [10, 5, 5])] })).toEqual({});
    expect(profileErrors({ programs: [program('one-step', [8]), program('two-step', [8])] })).toEqual({
      'programs.1.profitTargets': 'A two-step program needs 2 profit targets, one per phase',
    });
    expect(profileErrors({ programs: [program('instant', [10])] })).toEqual({
      'programs.0.profitTargets': 'An instant funding program has no evaluation phase, so no profit target',
    });
  });
  it('wants each size once per program and each criterion once', () => {
    expect(profileErrors({ programs: [program('one-step', [10], [10000, 10000])] })).toEqual({ 'programs.0.sizes': 'Each account size may appear once per program' });
    expect(Object.keys(profileErrors({ scores: [{ criterion: 'cost' }, { criterion: 'cost' }] }))).toEqual(['scores']);
  });
});

describe('isTestOverdue', () => {
  const now = new Date('2026-11-22T23:00:00Z');
  it('flags a firm tested more than 90 days ago, or never', () => {
    expect(isTestOverdue('2026-08-24', now)).toBe(false); // 90 days
    expect(isTestOverdue('2026-08-23', now)).toBe(true); // 91 days
    expect(isTestOverdue('2026-11-22', now)).toBe(false);
    expect(isTestOverdue(null, now)).toBe(true);
  });
});

describe('firmSlug (any company name makes a slug the route answers)', () => {
  it.each([
    ['Under_Score Capital', 'under-score-capital'],
    ['Société Générale Funding', 'societe-generale-funding'],
    ['A&B Traders, Inc.', 'a-b-traders-inc'],
    ['  --FTMO--  ', 'ftmo'],
    ['The5ers', 'the5ers'],
    ['日本 Prop', 'prop'],
  ])('%s → %s', (name, slug) => {
    expect(firmSlug(name)).toBe(slug);
    expect(FIRM_SLUG_PATTERN.test(slug)).toBe(true);
  });
  it('leaves nothing for a name without a letter or digit, and caps the length', () => {
    expect(firmSlug('日本 ★')).toBe('');
    expect(firmSlug('x'.repeat(300)).length).toBe(80);
  });
});
