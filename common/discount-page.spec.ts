/// <reference types="jest" />
// (The reference lets the front end's typecheck, which includes common/, read this file too.)
import { discountUrgencyInfo, drawSocialProof, formatPercentage, maxDiscountPercentage, socialProofStore, type Rng } from './discount-page.js';

/** Returns the given numbers in turn (then repeats the last). */
const sequence = (...values: number[]): Rng => {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)]!;
};

describe('maxDiscountPercentage (results header)', () => {
  it('is the largest percentage among the listed discounts', () => {
    expect(maxDiscountPercentage([{ discountPercentage: 15 }, { discountPercentage: 90 }, { discountPercentage: 10 }])).toBe(90);
    expect(maxDiscountPercentage([{ discountPercentage: 12.5 }, { discountPercentage: '20' }])).toBe(20);
  });

  it('ignores discounts without a usable percentage (amount-only and special offers)', () => {
    expect(maxDiscountPercentage([{ discountPercentage: null }, { discountPercentage: 8 }, {}])).toBe(8);
    expect(maxDiscountPercentage([{ discountPercentage: 0 }, { discountPercentage: -5 }, { discountPercentage: 150 }, { discountPercentage: 'abc' }])).toBeNull();
  });

  it('is null for an empty list', () => {
    expect(maxDiscountPercentage([])).toBeNull();
  });

  it('formats with at most two decimals', () => {
    expect(formatPercentage(90)).toBe('90');
    expect(formatPercentage(12.5)).toBe('12.5');
    expect(formatPercentage(33.3333)).toBe('33.33');
  });
});

describe('discountUrgencyInfo (SPEC §4 with a visible label)', () => {
  const now = new Date(2025, 0, 5, 12, 0, 0); // Jan 5, 2025 12:00 local
  const at = (day: number, hour = 12) => new Date(2025, 0, day, hour);

  it.each([
    ['later today', at(5, 18), 'critical', 'Ends today'],
    ['tomorrow', at(6), 'critical', 'Ends tomorrow'],
    ['in 2 days', at(7), 'critical', 'Ends in 2 days'],
    ['in 3 days', at(8), 'critical', 'Ends in 3 days'],
    ['in 4 days', at(9), 'warning', 'Ends in 4 days'],
    ['in 7 days', at(12), 'warning', 'Ends in 7 days'],
  ])('%s is %s: %s', (_when, until, urgency, label) => {
    expect(discountUrgencyInfo(until, now)).toEqual({ urgency, label });
    expect(discountUrgencyInfo(until.toISOString(), now)).toEqual({ urgency, label });
  });

  it('shows nothing for normal, past, missing or invalid dates', () => {
    expect(discountUrgencyInfo(at(13), now)).toBeNull();
    expect(discountUrgencyInfo(at(4), now)).toBeNull();
    expect(discountUrgencyInfo(null, now)).toBeNull();
    expect(discountUrgencyInfo(undefined, now)).toBeNull();
    expect(discountUrgencyInfo('not a date', now)).toBeNull();
  });
});

describe('drawSocialProof (SPEC §9)', () => {
  it('maps the random source onto 400..899 inclusive', () => {
    expect(drawSocialProof(sequence(0, 0.99)).tradersUsed).toBe(400);
    expect(drawSocialProof(sequence(0.999999, 0.99)).tradersUsed).toBe(899);
    expect(drawSocialProof(sequence(0.5, 0.99)).tradersUsed).toBe(650);
  });

  it('stays in range even if the source misbehaves', () => {
    expect(drawSocialProof(sequence(1, 0.99)).tradersUsed).toBe(899);
    expect(drawSocialProof(sequence(-0.2, 0.99)).tradersUsed).toBe(400);
  });

  it('is trending below the 40% chance and not from there on', () => {
    expect(drawSocialProof(sequence(0.5, 0)).trending).toBe(true);
    expect(drawSocialProof(sequence(0.5, 0.3999)).trending).toBe(true);
    expect(drawSocialProof(sequence(0.5, 0.4)).trending).toBe(false);
    expect(drawSocialProof(sequence(0.5, 0.9)).trending).toBe(false);
  });

  it('with Math.random, every count is in range and about 40% trend', () => {
    const draws = Array.from({ length: 5000 }, () => drawSocialProof(Math.random));
    expect(draws.every((d) => Number.isInteger(d.tradersUsed) && d.tradersUsed >= 400 && d.tradersUsed <= 899)).toBe(true);
    const share = draws.filter((d) => d.trending).length / draws.length;
    expect(share).toBeGreaterThan(0.35);
    expect(share).toBeLessThan(0.45);
  });
});

describe('socialProofStore: drawn once per discount', () => {
  it('answers the same draw for the same id and draws anew for another id', () => {
    let calls = 0;
    const rng: Rng = () => {
      calls++;
      return (calls % 10) / 10;
    };
    const proofOf = socialProofStore(rng);
    const first = proofOf(7);
    expect(proofOf(7)).toBe(first);
    expect(proofOf(7)).toEqual(first);
    expect(calls).toBe(2);
    proofOf(8);
    expect(calls).toBe(4);
    expect(proofOf(7)).toBe(first);
  });
});
