/// <reference types="jest" />
import { isPastThreshold, nextTrustBarVisible } from './scroll-visibility.js';

describe('scroll visibility (docs/spec.md §4: 300 px)', () => {
  it('scroll-to-top shows past 300 px', () => {
    expect(isPastThreshold(0)).toBe(false);
    expect(isPastThreshold(300)).toBe(false);
    expect(isPastThreshold(301)).toBe(true);
  });

  it('the trust bar appears past 300 px while scrolling down', () => {
    expect(nextTrustBarVisible(false, 200, 299)).toBe(false);
    expect(nextTrustBarVisible(false, 250, 320)).toBe(true);
    expect(nextTrustBarVisible(false, 900, 1000)).toBe(true);
  });

  it('does not appear when the page only moves up past 300 px (e.g. restored half-way down)', () => {
    expect(nextTrustBarVisible(false, 2000, 1500)).toBe(false);
    expect(nextTrustBarVisible(false, 1500, 1500)).toBe(false);
  });

  it('stays while past 300 px and goes when back above it', () => {
    expect(nextTrustBarVisible(true, 1000, 800)).toBe(true);
    expect(nextTrustBarVisible(true, 400, 300)).toBe(false);
    expect(nextTrustBarVisible(true, 400, 0)).toBe(false);
  });

  it('takes another threshold', () => {
    expect(nextTrustBarVisible(false, 0, 60, 50)).toBe(true);
  });
});
