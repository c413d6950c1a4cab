import {
  applyCode, bestCode, cheapestEligible, codeKind, finePrintLines, isUsableCode, priceAfterCode, priceExampleTexts, sizeLabel,
  type CodeTerms, type PriceTarget,
} from './price-rule.js';

const ON = new Date('2026-11-25T12:00:00Z');
const code = (over: Partial<CodeTerms> = {}): CodeTerms => ({
  id: 1, status: 'active', discountCode: 'VTF', discountPercentage: null, discountAmount: null, validUntil: null,
  eligiblePrograms: [], eligibleSizes: [], minPrice: null, newAccountsOnly: false, appliesToResets: false, stacks: false,
  ...over,
});
const target = (over: Partial<PriceTarget> = {}): PriceTarget => ({
  program: 'FTMO Challenge', size: 100_000, price: 590, purchase: 'new', on: ON, ...over,
});

describe('priceAfterCode', () => {
  it('takes a percentage off, to the cent', () => {
    expect(priceAfterCode(target({ price: 549.99 }), code({ discountPercentage: 15 }))).toBe(467.49);
    expect(priceAfterCode(target({ price: 100 }), code({ discountPercentage: '12.5' }))).toBe(87.5);
  });

  it('takes an amount off', () => {
    expect(priceAfterCode(target({ price: 165 }), code({ discountAmount: 50 }))).toBe(115);
  });

  it('never makes an account free with an amount: $50 off a $49 plan does not apply', () => {
    const outcome = applyCode(target({ price: 49 }), code({ discountAmount: 50 }));
    expect(outcome).toEqual({ applies: false, price: 49, reason: 'would-be-free' });
    expect(applyCode(target({ price: 50 }), code({ discountAmount: 50 })).applies).toBe(false);
  });

  it('makes it free only when the code says 100 %', () => {
    expect(priceAfterCode(target({ price: 49 }), code({ discountPercentage: 100 }))).toBe(0);
    expect(applyCode(target({ price: 0.01 }), code({ discountPercentage: 60 }))).toMatchObject({ applies: false, reason: 'would-be-free' });
  });

  it('prefers the percentage when a code has both, as its badge does', () => {
    expect(codeKind({ discountPercentage: 10, discountAmount: 50 })).toBe('percentage');
    expect(priceAfterCode(target({ price: 200 }), code({ discountPercentage: 10, discountAmount: 50 }))).toBe(180);
  });

  it('leaves the price without a code or a value', () => {
    expect(priceAfterCode(target(), null)).toBe(590);
    expect(priceAfterCode(target(), code())).toBe(590);
    expect(codeKind({ discountPercentage: 0, discountAmount: null })).toBe('none');
  });

  it('applies only to the programs the fine print names, in any case', () => {
    const c = code({ discountPercentage: 10, eligiblePrograms: ['ftmo challenge'] });
    expect(priceAfterCode(target(), c)).toBe(531);
    expect(applyCode(target({ program: 'FTMO 1-Step', price: 500 }), c)).toEqual({ applies: false, price: 500, reason: 'program' });
  });

  it('applies only to the sizes the fine print names', () => {
    const c = code({ discountAmount: 50, eligibleSizes: [50_000, 100_000, 150_000] });
    expect(priceAfterCode(target({ size: 150_000, price: 149 }), c)).toBe(99);
    expect(applyCode(target({ size: 25_000, price: 147 }), c)).toMatchObject({ applies: false, reason: 'size' });
  });

  it('applies only from the minimum price', () => {
    const c = code({ discountPercentage: 20, minPrice: 100 });
    expect(priceAfterCode(target({ price: 100 }), c)).toBe(80);
    expect(applyCode(target({ price: 99.99 }), c)).toMatchObject({ applies: false, reason: 'min-price' });
  });

  it('applies to a reset only when the fine print says so, and never with new accounts only', () => {
    const reset = target({ price: 80, purchase: 'reset' });
    expect(applyCode(reset, code({ discountPercentage: 10 }))).toMatchObject({ applies: false, reason: 'reset' });
    expect(priceAfterCode(reset, code({ discountPercentage: 10, appliesToResets: true }))).toBe(72);
    expect(applyCode(reset, code({ discountPercentage: 10, appliesToResets: true, newAccountsOnly: true }))).toMatchObject({ applies: false, reason: 'reset' });
    expect(priceAfterCode(target(), code({ discountPercentage: 10, newAccountsOnly: true }))).toBe(531);
  });

  it('does not apply past its expiry, nor when not active or without a code', () => {
    expect(applyCode(target(), code({ discountPercentage: 10, validUntil: '2026-11-25T12:00:00Z' }))).toMatchObject({ applies: false, reason: 'expired' });
    expect(priceAfterCode(target(), code({ discountPercentage: 10, validUntil: '2026-11-25T12:00:01Z' }))).toBe(531);
    expect(applyCode(target(), code({ discountPercentage: 10, status: 'coming_soon' }))).toMatchObject({ applies: false, reason: 'not-usable' });
    expect(isUsableCode(code({ discountCode: '  ' }), ON)).toBe(false);
  });

  it('stacking is fine print only: one code is applied either way', () => {
    expect(priceAfterCode(target(), code({ discountPercentage: 10, stacks: true }))).toBe(priceAfterCode(target(), code({ discountPercentage: 10 })));
  });
});

describe('bestCode', () => {
  const pct = code({ id: 1, discountPercentage: 20 });
  const amount = code({ id: 2, discountAmount: 50 });
  it('picks the code that makes this price lowest, which depends on the price', () => {
    expect(bestCode(target({ price: 100 }), [pct, amount])).toEqual({ code: amount, price: 50 });
    expect(bestCode(target({ price: 1000 }), [pct, amount])).toEqual({ code: pct, price: 800 });
  });
  it('skips codes the fine print rules out, and the oldest wins a tie', () => {
    expect(bestCode(target({ price: 40 }), [amount])).toBeNull();
    expect(bestCode(target({ price: 250 }), [amount, pct])!.code).toBe(pct);
    expect(bestCode(target({ price: 250 }), [code({ id: 7, discountAmount: 50 }), amount])!.code).toBe(amount);
  });
  it('uses a code without a value only when no code takes anything off', () => {
    const none = code({ id: 0 });
    expect(bestCode(target({ price: 100 }), [none, amount])!.code).toBe(amount);
    expect(bestCode(target({ price: 100 }), [none])).toEqual({ code: none, price: 100 });
  });
});

describe('cheapestEligible', () => {
  const sizes = [
    { program: 'Trading Combine', size: 50_000, price: 49 },
    { program: 'Trading Combine', size: 100_000, price: 99 },
    { program: 'Trading Combine', size: 150_000, price: 149 },
  ];
  it("is the firm's cheapest listed size the code applies to, with its price after code", () => {
    expect(cheapestEligible(sizes, code({ discountAmount: 50 }), ON)).toEqual({ program: 'Trading Combine', size: 100_000, price: 99, priceAfterCode: 49 });
    expect(cheapestEligible(sizes, code({ discountPercentage: 10 }), ON)).toEqual({ ...sizes[0], priceAfterCode: 44.1 });
  });
  it('is null when the code applies to no listed size', () => {
    expect(cheapestEligible(sizes, code({ discountAmount: 500 }), ON)).toBeNull();
    expect(cheapestEligible([], code({ discountPercentage: 10 }), ON)).toBeNull();
  });
});

describe('finePrintLines', () => {
  it('says what the code applies to, its limits, resets, stacking and expiry', () => {
    expect(finePrintLines({
      eligiblePrograms: ['Trading Combine'], eligibleSizes: [150_000, 50_000], minPrice: 40, newAccountsOnly: true,
      appliesToResets: false, stacks: false, validUntil: '2026-12-31T23:59:00Z',
    })).toEqual([
      'Programs: Trading Combine', 'Account sizes: $50K, $150K', 'Accounts from $40', 'New accounts only',
      'Not valid on resets', 'Cannot be combined with other offers', 'Expires Dec 31, 2026',
    ]);
    expect(finePrintLines({
      eligiblePrograms: [], eligibleSizes: [], minPrice: null, newAccountsOnly: false, appliesToResets: true, stacks: true, validUntil: null,
    })).toEqual([
      'All programs and account sizes', 'New and existing accounts', 'Applies to resets', 'Can be combined with other offers', 'No expiry date',
    ]);
  });
  it('labels sizes', () => {
    expect([sizeLabel(6000), sizeLabel(2500), sizeLabel(1_000_000), sizeLabel(500)]).toEqual(['$6K', '$2.5K', '$1M', '$500']);
  });
  it('words a card\'s "Was … now …" once for the site and the digest, and only when the code takes something off', () => {
    expect(priceExampleTexts({ program: 'Evaluation', size: 50_000, price: 165, priceAfterCode: 115.5 }))
      .toEqual({ was: '$165', now: '$115.50', account: 'Evaluation, $50K account' });
    expect(priceExampleTexts({ program: 'Evaluation', size: 50_000, price: 165, priceAfterCode: 165 })).toBeNull();
    expect(priceExampleTexts(null)).toBeNull();
  });
});
