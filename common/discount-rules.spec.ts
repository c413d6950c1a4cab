/// <reference types="jest" />
// (The reference lets the front end's typecheck, which includes common/, read this file too.)
import { daysLeft, discountBadge, discountUrgency, expiryLabel } from './discount-rules.js';

// Local wall-clock times, so the tests read the same in any time zone.
const now = new Date(2025, 0, 5, 12, 0, 0); // Jan 5, 2025 12:00 local
const at = (day: number, hour = 12, minute = 0) => new Date(2025, 0, day, hour, minute);

describe('daysLeft', () => {
  it('counts calendar days, not 24-hour blocks', () => {
    expect(daysLeft(at(5, 23, 59), now)).toBe(0);
    expect(daysLeft(at(6, 0, 1), now)).toBe(1);
    expect(daysLeft(at(8, 9), now)).toBe(3);
  });

  it('is null when missing, invalid or past', () => {
    expect(daysLeft(null, now)).toBeNull();
    expect(daysLeft(undefined, now)).toBeNull();
    expect(daysLeft('', now)).toBeNull();
    expect(daysLeft('not a date', now)).toBeNull();
    expect(daysLeft(at(5, 11, 59), now)).toBeNull();
    expect(daysLeft(now, now)).toBeNull();
  });
});

describe('discountUrgency (docs/spec.md §4)', () => {
  it.each([
    ['later today', at(5, 18), 'critical'],
    ['tomorrow', at(6), 'critical'],
    ['in 3 days', at(8, 23, 59), 'critical'],
    ['in 4 days', at(9, 0, 1), 'warning'],
    ['in 7 days', at(12, 23), 'warning'],
    ['in 8 days', at(13, 0, 5), 'normal'],
    ['in a year', new Date(2026, 0, 5), 'normal'],
  ])('%s is %s', (_label, until, urgency) => {
    expect(discountUrgency(until, now)).toBe(urgency);
  });

  it('shows no urgency for a past, missing or invalid date', () => {
    expect(discountUrgency(at(4), now)).toBe('none');
    expect(discountUrgency(at(5, 11), now)).toBe('none');
    expect(discountUrgency(null, now)).toBe('none');
    expect(discountUrgency(undefined, now)).toBe('none');
    expect(discountUrgency('garbage', now)).toBe('none');
  });

  it('accepts the ISO strings the API sends', () => {
    expect(discountUrgency(at(7).toISOString(), now)).toBe('critical');
    expect(discountUrgency(at(20).toISOString(), now)).toBe('normal');
  });
});

describe('expiryLabel (docs/spec.md §4)', () => {
  it.each([
    [null, 'No expiry'],
    [undefined, 'No expiry'],
    ['', 'No expiry'],
    [at(4), 'Expired'],
    [at(5, 11, 59), 'Expired'],
    [at(5, 23, 59), 'Expires today'],
    [at(6, 0, 0), 'Expires tomorrow'],
    [at(6, 23, 59), 'Expires tomorrow'],
    [at(7), '2 days left'],
    [at(12, 23), '7 days left'],
    [at(13), 'Jan 13, 2025'],
    [new Date(2025, 11, 31), 'Dec 31, 2025'],
    ['2025-13-45T00:00:00Z', 'Invalid date'],
    ['soon', 'Invalid date'],
    [new Date(Number.NaN), 'Invalid date'],
  ])('%s reads %j', (until, label) => {
    expect(expiryLabel(until as Date | string | null | undefined, now)).toBe(label);
  });

  it('reads ISO strings', () => {
    expect(expiryLabel(at(8).toISOString(), now)).toBe('3 days left');
  });
});

describe('discountBadge (docs/spec.md §9)', () => {
  it('prefers the percentage', () => {
    expect(discountBadge({ discountPercentage: 20, discountAmount: 50 })).toBe('20% OFF');
    expect(discountBadge({ discountPercentage: 12.5 })).toBe('12.5% OFF');
    expect(discountBadge({ discountPercentage: '15.00' })).toBe('15% OFF');
  });

  it('falls back to the amount in dollars', () => {
    expect(discountBadge({ discountPercentage: null, discountAmount: 50 })).toBe('$50 OFF');
    expect(discountBadge({ discountPercentage: 0, discountAmount: 99.5 })).toBe('$99.5 OFF');
    expect(discountBadge({ discountAmount: 1000 })).toBe('$1,000 OFF');
  });

  it('otherwise reads Special Offer', () => {
    expect(discountBadge({})).toBe('Special Offer');
    expect(discountBadge({ discountPercentage: null, discountAmount: null })).toBe('Special Offer');
    expect(discountBadge({ discountPercentage: 0, discountAmount: 0 })).toBe('Special Offer');
    expect(discountBadge({ discountPercentage: 'abc', discountAmount: -5 })).toBe('Special Offer');
  });
});
