import {
  answersDemote, codeBadge, codeOfferJsonLd, offerJsonLd, codeSizePrices, discountSlug, figuresFromHistory, hourOf, isDemoted, lastWorkedAt,
  lastWorkedText, recordPages, usedToday, type HistoryAnswer, type HistoryCheck,
} from './code-record.js';
import { priceAfterCode, type CodeTerms } from './price-rule.js';

const NOW = new Date('2026-11-29T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const answers = (spec: string, startDaysAgo = 2): HistoryAnswer[] =>
  // 'y' worked, 'n' did not, 'h' a held "did not"; one an hour, oldest first.
  [...spec].map((c, i) => ({ at: ago(startDaysAgo * DAY - i * HOUR), worked: c === 'y', held: c === 'h' }));

describe('lastWorkedAt', () => {
  it('is the newest admin check or counted answer that says it worked', () => {
    const checks: HistoryCheck[] = [{ at: ago(3 * DAY), result: 'worked' }, { at: ago(HOUR), result: 'failed' }];
    expect(lastWorkedAt(checks, [])).toBe(ago(3 * DAY));
    expect(lastWorkedAt(checks, [{ at: ago(2 * DAY), worked: true, held: false }])).toBe(ago(2 * DAY));
  });
  it('ignores failed answers, held answers and failed checks', () => {
    expect(lastWorkedAt([{ at: ago(HOUR), result: 'expired' }], [{ at: ago(HOUR), worked: false, held: false }, { at: ago(2 * HOUR), worked: true, held: true }])).toBeNull();
  });
  it('reads as hours under a day and days after', () => {
    expect(lastWorkedText(ago(2 * HOUR + 5), NOW)).toBe('Last worked 2 hours ago');
    expect(lastWorkedText(ago(3 * DAY), NOW)).toBe('Last worked 3 days ago');
    expect(lastWorkedText(null, NOW)).toBe('No confirmed use yet');
  });
});

describe('usedToday', () => {
  it('counts the clicks of the UTC day of now only', () => {
    expect(usedToday([{ day: '2026-11-28', clicks: 9 }, { day: '2026-11-29', clicks: 4 }], NOW)).toBe(4);
    expect(usedToday([{ day: '2026-11-28', clicks: 9 }], NOW)).toBe(0);
    expect(usedToday([{ day: '2026-11-30', clicks: 9 }], new Date('2026-11-29T23:59:59Z'))).toBe(0);
  });
});

describe('badge', () => {
  it('"Tested by us" for a worked check within 7 days, even against failing answers', () => {
    const f = figuresFromHistory([{ at: ago(6 * DAY), result: 'worked' }], answers('nnnnn', 5), NOW);
    expect(codeBadge(f, NOW)).toBe('tested');
    expect(isDemoted(f, NOW)).toBe(false);
  });
  it('not "Tested by us" once the check is older than 7 days', () => {
    const f = figuresFromHistory([{ at: ago(8 * DAY), result: 'worked' }], [], NOW);
    expect(codeBadge(f, NOW)).toBe('none');
  });
  it('"Community verified" from 10 counted answers at 70 % or more, not 9 nor 60 %', () => {
    expect(codeBadge(figuresFromHistory([], answers('yyyyyyynnn'), NOW), NOW)).toBe('community');
    expect(codeBadge(figuresFromHistory([], answers('yyyyyyyyy'), NOW), NOW)).toBe('none');
    expect(codeBadge(figuresFromHistory([], answers('yyyyyynnnn'), NOW), NOW)).toBe('none');
    // Held answers do not count towards it.
    expect(codeBadge(figuresFromHistory([], answers('yyyyyyyyyh'), NOW), NOW)).toBe('none');
  });
});

describe('demotion', () => {
  it('demotes when the last 5 counted answers all failed', () => {
    expect(answersDemote(answers('yyyyyyyyyynnnnn'))).toBe(true);
    expect(answersDemote(answers('yyyyyyyyyynnnny'))).toBe(false);
    expect(answersDemote(answers('nnnn'))).toBe(false);
    const f = figuresFromHistory([], answers('yyynnnnn'), NOW);
    expect(isDemoted(f, NOW)).toBe(true);
    expect(codeBadge(f, NOW)).toBe('none');
  });
  it('demotes under 30 % with at least 10 answers, not at 30 %', () => {
    expect(answersDemote(answers('ynnnnnnnyn'))).toBe(true);
    expect(answersDemote(answers('yynnnnnnyn'))).toBe(false);
  });
  it('held answers never demote', () => {
    expect(isDemoted(figuresFromHistory([], answers('yyhhhhh'), NOW), NOW)).toBe(false);
  });
  it('a check that it works lifts a demoted code, and outranks answers for 7 days', () => {
    const failing = answers('nnnnn', 10);
    const lifted = figuresFromHistory([{ at: ago(DAY), result: 'worked' }], failing, NOW);
    expect(isDemoted(lifted, NOW)).toBe(false);
    expect(codeBadge(lifted, NOW)).toBe('tested');
    // Failing answers after the check: within 7 days of it the check still outranks them…
    const after = figuresFromHistory([{ at: ago(5 * DAY), result: 'worked' }], answers('nnnnn', 4), NOW);
    expect(isDemoted(after, NOW)).toBe(false);
    // …and once the check is more than 7 days old, they demote it.
    const stale = figuresFromHistory([{ at: ago(9 * DAY), result: 'worked' }], answers('nnnnn', 4), NOW);
    expect(isDemoted(stale, NOW)).toBe(true);
  });
  it('a failed check demotes whatever the answers say', () => {
    expect(isDemoted(figuresFromHistory([{ at: ago(HOUR), result: 'failed' }], answers('yyyyyyyyyy'), NOW), NOW)).toBe(true);
  });
});

describe('record helpers', () => {
  it('dates an answer to the hour and pages by 20', () => {
    expect(hourOf('2026-11-29T10:47:12.345Z')).toBe('2026-11-29T10:00:00.000Z');
    expect([recordPages(0), recordPages(20), recordPages(21)]).toEqual([1, 1, 2]);
  });
  it('makes slugs from the firm and the title', () => {
    expect(discountSlug('alpha-capital', 'Black Friday: 25% OFF!')).toBe('alpha-capital-black-friday-25-off');
    expect(discountSlug('alpha', '***')).toBe('alpha');
  });
});

const code: CodeTerms = {
  id: 1, status: 'active', discountCode: 'X', discountPercentage: 20, discountAmount: null, validUntil: null,
  eligiblePrograms: ['Evaluation'], eligibleSizes: [], minPrice: null, newAccountsOnly: false, appliesToResets: false, stacks: false,
};

describe('codeSizePrices', () => {
  it('lists only sizes the code applies to, each priced by priceAfterCode', () => {
    const listed = [{ program: 'Evaluation', size: 50000, price: 165 }, { program: 'Instant', size: 50000, price: 300 }];
    const rows = codeSizePrices(listed, code, NOW);
    expect(rows).toEqual([{ program: 'Evaluation', size: 50000, price: 165, priceAfterCode: 132 }]);
    expect(rows[0]!.priceAfterCode).toBe(priceAfterCode({ program: 'Evaluation', size: 50000, price: 165, purchase: 'new', on: NOW }, code));
  });
});

describe('offerJsonLd (only where honest), the /discounts cards\' and the code pages\'', () => {
  const deal = {
    title: '15% off', slug: 'fundednext-15-off', description: null, priceExample: { priceAfterCode: 467.5 }, validFrom: '2026-11-01', validUntil: '2026-12-31T23:59:00.000Z',
    createdAt: '2026-10-01T00:00:00.000Z', status: 'active', company: { name: 'FundedNext', websiteUrl: 'https://fundednext.com' },
    lastCheckResult: null, failingSince: null, lastVerifiedAt: null,
  };
  it('gives price, currency and validity from the data, and the code\'s own page', () => {
    expect(offerJsonLd(deal, 'https://vtf.example/', NOW)).toEqual({
      '@context': 'https://schema.org', '@type': 'Offer', name: '15% off', url: 'https://vtf.example/discounts/fundednext-15-off',
      price: '467.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock', validFrom: '2026-11-01', validThrough: '2026-12-31T23:59:00.000Z',
      seller: { '@type': 'Organization', name: 'FundedNext', url: 'https://fundednext.com' },
    });
  });
  it('gives none without a price, for a deal not yet live, or for a code reported not working', () => {
    expect(offerJsonLd({ ...deal, priceExample: null }, 'https://vtf.example', NOW)).toBeNull();
    expect(offerJsonLd({ ...deal, status: 'coming_soon' }, 'https://vtf.example', NOW)).toBeNull();
    expect(offerJsonLd({ ...deal, lastCheckResult: 'failed' }, 'https://vtf.example', NOW)).toBeNull();
  });
});

describe('codeOfferJsonLd', () => {
  const page = {
    ended: false,
    discount: {
      title: 'T', slug: 'a-t', description: null, status: 'active', validFrom: '2026-11-01', validUntil: '2026-12-31T00:00:00.000Z',
      createdAt: '2026-10-01T00:00:00.000Z', priceExample: { priceAfterCode: 132 }, company: { name: 'A', websiteUrl: null },
      lastCheckResult: null, failingSince: null, lastVerifiedAt: null,
    },
  };
  it('states validFrom and validThrough while active', () => {
    expect(codeOfferJsonLd(page, 'https://x.example', NOW)).toMatchObject({
      '@type': 'Offer', url: 'https://x.example/discounts/a-t', price: '132.00', validFrom: '2026-11-01', validThrough: '2026-12-31T00:00:00.000Z',
    });
  });
  it('has none once expired, ended or demoted', () => {
    expect(codeOfferJsonLd({ ...page, ended: true }, '', NOW)).toBeNull();
    expect(codeOfferJsonLd({ ...page, discount: { ...page.discount, status: 'expired' } }, '', NOW)).toBeNull();
    expect(codeOfferJsonLd({ ...page, discount: { ...page.discount, lastCheckResult: 'failed' } }, '', NOW)).toBeNull();
  });
});
