import { isValidSlug, slugify } from './slugify.js';

describe('slugify (docs/spec.md §4)', () => {
  it.each([
    ['FTMO Review 2025', 'ftmo-review-2025'],
    ['  Trimmed Title  ', 'trimmed-title'],
    ['Payouts: What to Expect!', 'payouts-what-to-expect'],
    ['Multiple   spaces\tand\ttabs', 'multiple-spaces-and-tabs'],
    ['Dashes -- collapse --- here', 'dashes-collapse-here'],
    ['--leading and trailing--', 'leading-and-trailing'],
    ['Top 10 Prop Firms (2025 Edition) & More', 'top-10-prop-firms-2025-edition-more'],
    ['Apex Trader Funding vs. Topstep?', 'apex-trader-funding-vs-topstep'],
    ['The5ers: 100% profit split?!', 'the5ers-100-profit-split'],
    ['', ''],
    ['!!!', ''],
    ['Café crème', 'caf-crme'],
  ])('%j -> %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('keeps underscores, since they are word characters', () => {
    expect(slugify('risk_management basics')).toBe('risk_management-basics');
  });

  it('produces slugs the server accepts for ordinary titles', () => {
    for (const title of ['FTMO Review 2025', 'How to Pass a Prop Firm Challenge', 'News: E8 Markets adds futures']) {
      expect(isValidSlug(slugify(title))).toBe(true);
    }
  });
});

describe('isValidSlug (docs/spec.md §5)', () => {
  it.each(['ftmo-review', 'a', '2025-guide', 'top-10'])('accepts %j', (slug) => expect(isValidSlug(slug)).toBe(true));
  it.each(['FTMO-review', 'with space', 'under_score', 'ünïcode', 'dot.slug', 'slash/slug', ''])('refuses %j', (slug) =>
    expect(isValidSlug(slug)).toBe(false),
  );
});
