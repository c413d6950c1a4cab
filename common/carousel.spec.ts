/// <reference types="jest" />
import {
  CAROUSEL_INTERVAL_MS,
  CAROUSEL_PARTNERS,
  CAROUSEL_TRANSITION_MS,
  CAROUSEL_VISIBLE,
  carouselMaxStart,
  carouselPositionLabel,
  clampCarouselIndex,
  isSlideVisible,
  nextCarouselIndex,
  prevCarouselIndex,
} from './carousel.js';

describe('carousel (docs/spec.md §4, §9)', () => {
  it('has docs/spec.md §9 numbers', () => {
    expect([CAROUSEL_PARTNERS, CAROUSEL_VISIBLE, CAROUSEL_INTERVAL_MS, CAROUSEL_TRANSITION_MS]).toEqual([8, 3, 4000, 300]);
  });

  it('walks the 6 windows of 3-of-8 and wraps to the first', () => {
    const seen = [0];
    for (let i = 0; i < 6; i++) seen.push(nextCarouselIndex(seen[seen.length - 1], 8, 3));
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 0]);
  });

  it('goes back from the first window to the last', () => {
    expect(prevCarouselIndex(0, 8, 3)).toBe(5);
    expect(prevCarouselIndex(3, 8, 3)).toBe(2);
  });

  it('one visible (mobile) walks all 8', () => {
    expect(carouselMaxStart(8, 1)).toBe(7);
    expect(nextCarouselIndex(7, 8, 1)).toBe(0);
    expect(prevCarouselIndex(0, 8, 1)).toBe(7);
  });

  it('stays put when everything fits', () => {
    expect(carouselMaxStart(2, 3)).toBe(0);
    expect(nextCarouselIndex(0, 2, 3)).toBe(0);
    expect(prevCarouselIndex(0, 2, 3)).toBe(0);
    expect(nextCarouselIndex(0, 0, 3)).toBe(0);
  });

  it('clamps an index after the window grows (1 → 3 visible)', () => {
    expect(clampCarouselIndex(7, 8, 3)).toBe(5);
    expect(clampCarouselIndex(-2, 8, 3)).toBe(0);
    expect(clampCarouselIndex(Number.NaN, 8, 3)).toBe(0);
    expect(nextCarouselIndex(7, 8, 3)).toBe(0);
  });

  it('knows which slides are in the window', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].filter((s) => isSlideVisible(s, 2, 3))).toEqual([2, 3, 4]);
  });

  it('labels the window', () => {
    expect(carouselPositionLabel(0, 8, 3)).toBe('1\u20133 of 8');
    expect(carouselPositionLabel(5, 8, 3)).toBe('6\u20138 of 8');
    expect(carouselPositionLabel(3, 8, 1)).toBe('4 of 8');
    expect(carouselPositionLabel(0, 2, 3)).toBe('1\u20132 of 2');
    expect(carouselPositionLabel(0, 0, 3)).toBe('0 of 0');
  });
});
