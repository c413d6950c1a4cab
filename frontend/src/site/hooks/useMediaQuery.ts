import { useCallback, useSyncExternalStore } from 'react';
import { isLikelyBot } from '../../../../common/boot-splash.js';

/** Whether a media query matches now, following changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => matchesNow(query), () => false);
}

export function matchesNow(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** The visitor asked the system for less motion: no splash, no counting, no auto-advance, no smooth scrolling. */
export function useReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}

/** For one-off reads outside render (event handlers). */
export function prefersReducedMotion(): boolean {
  return matchesNow(REDUCED_MOTION_QUERY);
}

const noSubscription = () => () => undefined;

/** A crawler's browser (no motion for its snapshot); false on the server and while hydrating, like media queries. */
export function useIsLikelyBot(): boolean {
  return useSyncExternalStore(noSubscription, () => isLikelyBot(navigator.userAgent), () => false);
}
