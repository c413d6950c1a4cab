import { useCallback, useEffect, useRef, useState } from 'react';
import { claimSplash, isLikelyBot, startSplashTimeline, type Clock, type SplashPhase, type SplashTimeline } from '../../../../common/boot-splash.js';
import { prefersReducedMotion } from './useMediaQuery.js';

const windowClock: Clock = {
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/**
 * Decided once per page load (the session flag is written on the first claim), and dropped once the
 * splash has run or its page unmounts: coming back to the home page in the same session shows no splash.
 */
let pending: boolean | undefined;

function decide(): boolean {
  if (pending === undefined) {
    // Reduced motion: the splash is an animation that delays the page, so it is left out entirely.
    pending = !prefersReducedMotion() && !isLikelyBot(navigator.userAgent) && claimSplash(() => window.sessionStorage);
  }
  return pending;
}

export interface BootSplashState {
  phase: SplashPhase;
  /** A click (or a key) skips to fading. */
  skip: () => void;
}

/** SPEC §4's boot splash timeline for the page that mounts it. */
export function useBootSplash(): BootSplashState {
  const [phase, setPhase] = useState<SplashPhase>(() => (decide() ? 'initial' : 'hidden'));
  const timeline = useRef<SplashTimeline | null>(null);

  useEffect(() => {
    if (phase === 'hidden') return;
    const t = startSplashTimeline(windowClock, setPhase);
    timeline.current = t;
    return () => {
      t.dispose();
      timeline.current = null;
      pending = false;
    };
    // Started once, when the page mounts with the splash showing.
  }, []);

  useEffect(() => {
    if (phase === 'hidden') pending = false;
  }, [phase]);

  const skip = useCallback(() => timeline.current?.skip(), []);
  return { phase, skip };
}
