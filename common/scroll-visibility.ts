/**
 * Scroll-driven visibility (docs/spec.md §4, §9): the trust bar appears after scrolling past 300 px while
 * scrolling down; the scroll-to-top button appears past 300 px.
 */
import { SCROLL_THRESHOLD_PX } from './constants.js';

/** Past the threshold, whichever the direction. */
export function isPastThreshold(y: number, threshold: number = SCROLL_THRESHOLD_PX): boolean {
  return y > threshold;
}

/**
 * The trust bar's next visibility from the previous and current scroll positions. It appears when
 * the page moves down past the threshold and stays until the visitor is back above it (a page
 * restored half-way down does not show it until the visitor scrolls down).
 */
export function nextTrustBarVisible(wasVisible: boolean, prevY: number, y: number, threshold: number = SCROLL_THRESHOLD_PX): boolean {
  if (!isPastThreshold(y, threshold)) return false;
  return wasVisible || y > prevY;
}
