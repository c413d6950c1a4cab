import { ASSUMED_PASS_RATE, parsePassRate, trueCost, trueCostWorking } from './true-cost.js';

// Every figure below is worked by hand from: cost = fee + (100 / rate − 1) × min(reset, fee) + activation.
describe('trueCost', () => {
  it('with a published pass rate: 10 % → 10 attempts, 9 more at the full fee (no reset)', () => {
    const tc = trueCost({ feeAfterCode: 100, resetPrice: null, activationFee: null, publishedPassRate: 10 });
    // 100 + 9 × 100 = 1,000
    expect(tc).toEqual({
      passRate: 10, passRateSource: 'published', attempts: 10, expectedCost: 1000, retryCost: 100, retryKind: 'new account', activationFee: 0,
    });
    expect(trueCostWorking(100, tc)).toBe('$100 + (10 \u2212 1) \u00d7 $100 new account + $0 activation = $1,000');
  });

  it('with no published rate: the stated assumption (10 %), or the reader\'s own', () => {
    expect(ASSUMED_PASS_RATE).toBe(10);
    expect(trueCost({ feeAfterCode: 200, resetPrice: null, activationFee: null, publishedPassRate: null })).toMatchObject({
      passRate: 10, passRateSource: 'assumed', attempts: 10, expectedCost: 2000, // 200 + 9 × 200
    });
    expect(trueCost({ feeAfterCode: 200, resetPrice: null, activationFee: null, publishedPassRate: null, assumedPassRate: 25 })).toMatchObject({
      passRate: 25, passRateSource: 'assumed', attempts: 4, expectedCost: 800, // 200 + 3 × 200
    });
    // A published rate is the firm's figure: the reader's assumption does not replace it.
    expect(trueCost({ feeAfterCode: 200, resetPrice: null, activationFee: null, publishedPassRate: 20, assumedPassRate: 25 })).toMatchObject({
      passRate: 20, passRateSource: 'published', attempts: 5, expectedCost: 1000, // 200 + 4 × 200
    });
  });

  it('uses the reset when it is cheaper than a new attempt, and the fee when it is not', () => {
    const cheaper = trueCost({ feeAfterCode: 450, resetPrice: 79, activationFee: null, publishedPassRate: null });
    expect(cheaper).toMatchObject({ retryKind: 'reset', retryCost: 79, expectedCost: 1161 }); // 450 + 9 × 79 = 450 + 711
    const dearer = trueCost({ feeAfterCode: 450, resetPrice: 600, activationFee: null, publishedPassRate: null });
    expect(dearer).toMatchObject({ retryKind: 'new account', retryCost: 450, expectedCost: 4500 }); // 450 + 9 × 450
    const equal = trueCost({ feeAfterCode: 450, resetPrice: 450, activationFee: null, publishedPassRate: null });
    expect(equal).toMatchObject({ retryKind: 'new account', expectedCost: 4500 });
  });

  it('adds the activation fee once, on passing', () => {
    const tc = trueCost({ feeAfterCode: 200, resetPrice: null, activationFee: 149, publishedPassRate: 25 });
    expect(tc).toMatchObject({ attempts: 4, expectedCost: 949, activationFee: 149 }); // 200 + 3 × 200 + 149
    expect(trueCostWorking(200, tc)).toBe('$200 + (4 \u2212 1) \u00d7 $200 new account + $149 activation = $949');
  });

  it('rounds to the cent and keeps fractional attempts: 8 % → 12.5 attempts', () => {
    // 99.99 + 11.5 × 59.5 = 99.99 + 684.25 = 784.24
    expect(trueCost({ feeAfterCode: 99.99, resetPrice: 59.5, activationFee: null, publishedPassRate: 8 })).toMatchObject({ attempts: 12.5, expectedCost: 784.24 });
    // 3 % → 33.33… attempts: 60 + 32.333… × 60 = 2,000
    expect(trueCost({ feeAfterCode: 60, resetPrice: null, activationFee: null, publishedPassRate: 3 })).toMatchObject({ attempts: 33.33, expectedCost: 2000 });
  });

  it('a sure pass (100 %) costs the fee and the activation', () => {
    expect(trueCost({ feeAfterCode: 300, resetPrice: 50, activationFee: 20, publishedPassRate: 100 })).toMatchObject({ attempts: 1, expectedCost: 320 });
  });
});

describe('parsePassRate', () => {
  it('takes a percentage above 0 and at most 100 with at most 2 decimals', () => {
    expect(['10', '0.5', '100', '12.25'].map(parsePassRate)).toEqual([10, 0.5, 100, 12.25]);
    expect(['0', '101', '-5', '1e1', '10.123', 'ten', ''].map(parsePassRate)).toEqual([null, null, null, null, null, null, null]);
  });
});
