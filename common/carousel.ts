/**
 * The partners carousel (docs/spec.md §4, §9): 3 of 8 partners visible, advancing one every 4 s with a
 * 300 ms transition. Indexes are the first visible slide; it wraps at both ends.
 */

export const CAROUSEL_VISIBLE = 3;
/** At the mobile breakpoint (≤ 768 px) one card fills the width (our choice: three would be ~100 px wide). */
export const CAROUSEL_VISIBLE_MOBILE = 1;
export const CAROUSEL_INTERVAL_MS = 4000;
export const CAROUSEL_TRANSITION_MS = 300;
/** docs/spec.md §9: how many partners the carousel shows in all. */
export const CAROUSEL_PARTNERS = 8;

/** The last index that still fills the window (0 when everything fits). */
export function carouselMaxStart(total: number, visible: number): number {
  return Math.max(0, total - Math.max(1, visible));
}

/** Keeps an index inside the window after the slide count or the visible count changed. */
export function clampCarouselIndex(index: number, total: number, visible: number): number {
  return Math.min(Math.max(0, Math.floor(index) || 0), carouselMaxStart(total, visible));
}

/** One step forward; from the last window back to the first. */
export function nextCarouselIndex(index: number, total: number, visible: number): number {
  const max = carouselMaxStart(total, visible);
  const i = clampCarouselIndex(index, total, visible);
  return i >= max ? 0 : i + 1;
}

/** One step back; from the first window to the last. */
export function prevCarouselIndex(index: number, total: number, visible: number): number {
  const max = carouselMaxStart(total, visible);
  const i = clampCarouselIndex(index, total, visible);
  return i <= 0 ? max : i - 1;
}

/** Whether slide `slide` is in the window that starts at `index`. */
export function isSlideVisible(slide: number, index: number, visible: number): boolean {
  return slide >= index && slide < index + visible;
}

/** The window as people read it: '1–3 of 8' ('4 of 8' when one is visible). */
export function carouselPositionLabel(index: number, total: number, visible: number): string {
  if (total === 0) return '0 of 0';
  const first = clampCarouselIndex(index, total, visible) + 1;
  const last = Math.min(total, first + visible - 1);
  return first === last ? `${first} of ${total}` : `${first}\u2013${last} of ${total}`;
}
