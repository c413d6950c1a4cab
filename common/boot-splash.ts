/**
 * The home page's boot splash (docs/spec.md §4, §9): initial, then booting at 500 ms, complete at 2000 ms,
 * fading at 2800 ms, then hidden once the fade has run. A click skips straight to fading.
 * Shown once per browser session (a sessionStorage flag); hidden when session storage is unavailable.
 * Pure: time comes in through a Clock, storage through a small interface.
 */

export const SPLASH_PHASES = ['initial', 'booting', 'complete', 'fading', 'hidden'] as const;
export type SplashPhase = (typeof SPLASH_PHASES)[number];

/** docs/spec.md §9: when each phase starts, in ms after the splash appears. */
export const SPLASH_TIMINGS = { booting: 500, complete: 2000, fading: 2800 } as const;
/** How long the fade-out runs before the splash is gone (ours: SPEC does not say). */
export const SPLASH_FADE_MS = 400;
/** The sessionStorage key that marks the splash as seen in this browser session. */
export const SPLASH_SESSION_KEY = 'vtf-boot-splash-seen';

/** The phase the timeline is in `elapsedMs` after it started, without skips. */
export function splashPhaseAt(elapsedMs: number): SplashPhase {
  if (elapsedMs < SPLASH_TIMINGS.booting) return 'initial';
  if (elapsedMs < SPLASH_TIMINGS.complete) return 'booting';
  if (elapsedMs < SPLASH_TIMINGS.fading) return 'complete';
  if (elapsedMs < SPLASH_TIMINGS.fading + SPLASH_FADE_MS) return 'fading';
  return 'hidden';
}

/** The injectable clock: the browser passes window's timers, tests a fake one. */
export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SplashTimeline {
  readonly phase: SplashPhase;
  /** A click (or a key): jump to fading, then hidden after the fade. No effect once fading. */
  skip(): void;
  /** Stops every pending timer (the component unmounts). */
  dispose(): void;
}

/**
 * Runs the timeline from now, or from `elapsedMs` ago (the splash has been on screen since the first
 * paint, before the script that runs it loaded): calls `onPhase` at each change after the phase it
 * starts in (read it from `phase`). Timers are scheduled from the start, so a slow callback never
 * stretches the timeline.
 */
export function startSplashTimeline(clock: Clock, onPhase: (phase: SplashPhase) => void, elapsedMs = 0): SplashTimeline {
  const elapsed = Math.max(0, elapsedMs);
  let phase: SplashPhase = splashPhaseAt(elapsed);
  let timers: unknown[] = [];
  const clearAll = () => {
    timers.forEach((t) => clock.clearTimeout(t));
    timers = [];
  };
  const enter = (next: SplashPhase) => {
    if (SPLASH_PHASES.indexOf(next) <= SPLASH_PHASES.indexOf(phase)) return;
    phase = next;
    onPhase(next);
  };
  const at = (ms: number, next: SplashPhase) => timers.push(clock.setTimeout(() => enter(next), ms));
  const from = (ms: number, next: SplashPhase) => {
    if (ms > elapsed) at(ms - elapsed, next);
  };

  from(SPLASH_TIMINGS.booting, 'booting');
  from(SPLASH_TIMINGS.complete, 'complete');
  from(SPLASH_TIMINGS.fading, 'fading');
  from(SPLASH_TIMINGS.fading + SPLASH_FADE_MS, 'hidden');

  return {
    get phase() {
      return phase;
    },
    skip() {
      if (phase === 'fading' || phase === 'hidden') return;
      clearAll();
      enter('fading');
      at(SPLASH_FADE_MS, 'hidden');
    },
    dispose: clearAll,
  };
}

/** The part of sessionStorage the splash uses. */
export interface FlagStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Whether the splash should show now, and if so marks it as seen for the session.
 * `getStorage` may throw (storage blocked) or return nothing (no storage): the splash is then hidden,
 * as it is when the flag cannot be written (a full or read-only storage would show it on every visit).
 */
export function claimSplash(getStorage: () => FlagStorage | null | undefined): boolean {
  try {
    const storage = getStorage();
    if (!storage || storage.getItem(SPLASH_SESSION_KEY) !== null) return false;
    storage.setItem(SPLASH_SESSION_KEY, '1');
    return storage.getItem(SPLASH_SESSION_KEY) === '1';
  } catch {
    return false;
  }
}

/** Crawlers and link-preview bots get the page without the splash in their snapshots. */
const BOT_AGENT =
  /googlebot|google-inspectiontool|mediapartners-google|bingbot|bingpreview|yandex(?:bot|images)|baiduspider|duckduckbot|applebot|slurp|petalbot|ahrefsbot|semrushbot|facebookexternalhit|twitterbot|linkedinbot|slackbot|discordbot|telegrambot|whatsapp|embedly|crawler|spider/i;

export function isLikelyBot(userAgent: string | undefined | null): boolean {
  return !!userAgent && BOT_AGENT.test(userAgent);
}

/** Set on <html> by the head script when this page load shows the splash; CSS shows it only then. */
export const SPLASH_CLASS = 'vtf-splash';

/**
 * The tiny inline script the server puts in the home page's <head> (allowed by its CSP hash): it
 * decides before the first paint whether this load shows the splash (same rules as claimSplash:
 * once per session, never for reduced motion or crawlers), so a first-time visitor sees it from
 * the first frame and a returning one never sees it, with no content flash either way.
 */
export const SPLASH_HEAD_SCRIPT =
  `(function(){try{var s=window.sessionStorage,k=${JSON.stringify(SPLASH_SESSION_KEY)};` +
  `if(!s||s.getItem(k)!==null||window.matchMedia('(prefers-reduced-motion: reduce)').matches` +
  `||/${BOT_AGENT.source}/i.test(navigator.userAgent))return;` +
  `s.setItem(k,'1');if(s.getItem(k)==='1')document.documentElement.classList.add(${JSON.stringify(SPLASH_CLASS)})}catch(e){}})()`;
