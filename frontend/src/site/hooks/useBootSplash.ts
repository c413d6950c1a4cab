import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { SPLASH_CLASS, claimSplash, isLikelyBot, startSplashTimeline, type Clock, type SplashPhase, type SplashTimeline } from '../../../../common/boot-splash.js';
import { prefersReducedMotion } from './useMediaQuery.js';

const windowClock: Clock = {
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/** A document loaded at / ran the server's head script, which already decided (SPLASH_HEAD_SCRIPT). */
const landedOnHome = typeof window !== 'undefined' && window.location.pathname === '/';

/**
 * Decided once per page load, and dropped once the splash has run or its page unmounts: coming back
 * to the home page in the same session shows no splash.
 */
let pending: boolean | undefined;

function decide(): boolean {
  if (pending === undefined) {
    pending = landedOnHome
      ? document.documentElement.classList.contains(SPLASH_CLASS)
      : // Reduced motion: the splash is an animation that delays the page, so it is left out entirely.
        !prefersReducedMotion() && !isLikelyBot(navigator.userAgent) && claimSplash(() => window.sessionStorage);
  }
  return pending;
}

/**
 * How long the server-drawn splash has been on screen (since the first paint) when the script takes over.
 * No paint entry yet means nothing has been painted (the script won the race): the timeline starts now,
 * so its phases may come late but never early.
 */
function shownForMs(): number {
  const paint = performance.getEntriesByType('paint').find((e) => e.name === 'first-paint');
  return paint ? Math.max(0, performance.now() - paint.startTime) : 0;
}

/** The splash's phase for the home page beneath it (its counters wait for the splash to get out of the way). */
let currentPhase: SplashPhase = 'initial';
const listeners = new Set<() => void>();
function publish(phase: SplashPhase): void {
  currentPhase = phase;
  listeners.forEach((l) => l());
}

/** The phase of the splash drawn by the layout ('initial' on the server and while hydrating). */
export function useSplashPhase(): SplashPhase {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => currentPhase,
    () => 'initial',
  );
}

export interface BootSplashState {
  phase: SplashPhase;
  /** A click (or a key) skips to fading. */
  skip: () => void;
}

/**
 * docs/spec.md §4's boot splash timeline for the page that mounts it. The splash is always in the markup at
 * first (so the server's HTML and the hydrating render agree); CSS shows it only while <html> has
 * SPLASH_CLASS, which the head script sets before the first paint on a session's first visit.
 */
export function useBootSplash(): BootSplashState {
  const [phase, setPhase] = useState<SplashPhase>('initial');
  const timeline = useRef<SplashTimeline | null>(null);

  useEffect(() => {
    const firstDecision = pending === undefined;
    if (!decide()) {
      setPhase('hidden');
      return;
    }
    const root = document.documentElement;
    root.classList.add(SPLASH_CLASS);
    const t = startSplashTimeline(windowClock, setPhase, firstDecision && landedOnHome ? shownForMs() : 0);
    timeline.current = t;
    if (t.phase !== 'initial') setPhase(t.phase);
    return () => {
      t.dispose();
      timeline.current = null;
      pending = false;
      root.classList.remove(SPLASH_CLASS);
    };
    // Started once, when the page mounts.
  }, []);

  useEffect(() => {
    if (phase !== 'hidden') return;
    pending = false;
    document.documentElement.classList.remove(SPLASH_CLASS);
  }, [phase]);

  useEffect(() => publish(phase), [phase]);
  // Gone with the page: a later visit to the home page in this load has no splash to wait for.
  useEffect(() => () => publish('hidden'), []);

  const skip = useCallback(() => timeline.current?.skip(), []);
  return { phase, skip };
}
