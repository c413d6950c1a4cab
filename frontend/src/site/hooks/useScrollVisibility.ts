import { useEffect, useRef, useState } from 'react';
import { SCROLL_THRESHOLD_PX } from '../../../../common/constants.js';
import { isPastThreshold, nextTrustBarVisible } from '../../../../common/scroll-visibility.js';

/**
 * Calls `onScroll(prevY, y)` at most once per animation frame while the page scrolls, and once on
 * mount (prevY = y). One passive listener; nothing re-renders unless the callback sets state.
 */
export function useScrollFrames(onScroll: (prevY: number, y: number) => void): void {
  const latest = useRef(onScroll);
  useEffect(() => {
    latest.current = onScroll;
  });
  useEffect(() => {
    let prevY = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      latest.current(prevY, y);
      prevY = y;
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    latest.current(prevY, prevY);
    window.addEventListener('scroll', schedule, { passive: true });
    return () => {
      window.removeEventListener('scroll', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);
}

/** True while the page is scrolled more than `threshold` px (docs/spec.md §4: the scroll-to-top button). */
export function useScrolledPast(threshold: number = SCROLL_THRESHOLD_PX): boolean {
  const [past, setPast] = useState(false);
  useScrollFrames((_, y) => setPast(isPastThreshold(y, threshold)));
  return past;
}

/** docs/spec.md §4 (the trust bar): appears after scrolling past `threshold` px while scrolling down; goes when back above it. */
export function useShowOnScrollDown(threshold: number = SCROLL_THRESHOLD_PX): boolean {
  const [visible, setVisible] = useState(false);
  useScrollFrames((prevY, y) => setVisible((was) => nextTrustBarVisible(was, prevY, y, threshold)));
  return visible;
}
