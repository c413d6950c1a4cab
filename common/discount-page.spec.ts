/// <reference types="jest" />
// (The reference lets the front end's typecheck, which includes common/, read this file too.)
import { dailySocialProof, discountUrgencyInfo, drawSocialProof, formatPercentage, maxDiscountPercentage, seededRng, type Rng } from './discount-page.js';

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

describe('discountUrgencyInfo (docs/spec.md §4 with a visible label)', () => {
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

describe('drawSocialProof (docs/spec.md §9)', () => {
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

describe('dailySocialProof: the same numbers for a discount all day, on server and browser', () => {
  it('is stable within a UTC day and for the same id', () => {
    const morning = dailySocialProof(7, new Date('2026-11-22T00:00:01Z'));
    expect(dailySocialProof(7, new Date('2026-11-22T23:59:59Z'))).toEqual(morning);
    expect(morning.tradersUsed).toBeGreaterThanOrEqual(400);
    expect(morning.tradersUsed).toBeLessThanOrEqual(899);
  });

  it('differs between discounts and days, and keeps docs/spec.md §9 proportions over many draws', () => {
    const day = new Date('2026-11-22T12:00:00Z');
    const draws = Array.from({ length: 4000 }, (_, id) => dailySocialProof(id + 1, day));
    expect(new Set(draws.map((d) => d.tradersUsed)).size).toBeGreaterThan(400);
    const share = draws.filter((d) => d.trending).length / draws.length;
    expect(share).toBeGreaterThan(0.35);
    expect(share).toBeLessThan(0.45);
    const nextDays = Array.from({ length: 30 }, (_, i) => dailySocialProof(7, new Date(Date.UTC(2026, 10, 23 + i))).tradersUsed);
    expect(new Set(nextDays).size).toBeGreaterThan(20);
  });
});

describe('seededRng', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = seededRng(42);
    const b = seededRng(42);
    const values = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(values);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
  });
});
