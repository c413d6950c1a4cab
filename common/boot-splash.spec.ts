/// <reference types="jest" />
import {
  SPLASH_CLASS,
  SPLASH_FADE_MS,
  SPLASH_HEAD_SCRIPT,
  SPLASH_SESSION_KEY,
  claimSplash,
  isLikelyBot,
  splashPhaseAt,
  startSplashTimeline,
  type Clock,
  type FlagStorage,
  type SplashPhase,
} from './boot-splash.js';

/** A clock the test moves by hand. */
function fakeClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: Clock = {
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  const advanceTo = (t: number) => {
    for (;;) {
      const due = [...timers.entries()].filter(([, v]) => v.at <= t).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].fn();
    }
    now = t;
  };
  return { clock, advanceTo, pending: () => timers.size, now: () => now };
}

function run() {
  const c = fakeClock();
  const seen: Array<[number, SplashPhase]> = [];
  const timeline = startSplashTimeline(c.clock, (p) => seen.push([c.now(), p]));
  return { ...c, seen, timeline };
}

describe('splashPhaseAt (docs/spec.md §4)', () => {
  it.each([
    [0, 'initial'], [499, 'initial'], [500, 'booting'], [1999, 'booting'], [2000, 'complete'], [2799, 'complete'],
    [2800, 'fading'], [2800 + SPLASH_FADE_MS - 1, 'fading'], [2800 + SPLASH_FADE_MS, 'hidden'], [60_000, 'hidden'],
  ] as const)('at %i ms it is %s', (ms, phase) => {
    expect(splashPhaseAt(ms)).toBe(phase);
  });
});

describe('startSplashTimeline', () => {
  it('goes initial → booting at 500 → complete at 2000 → fading at 2800 → hidden after the fade', () => {
    const r = run();
    expect(r.timeline.phase).toBe('initial');
    r.advanceTo(499);
    expect(r.timeline.phase).toBe('initial');
    r.advanceTo(10_000);
    expect(r.seen).toEqual([[500, 'booting'], [2000, 'complete'], [2800, 'fading'], [2800 + SPLASH_FADE_MS, 'hidden']]);
    expect(r.timeline.phase).toBe('hidden');
    expect(r.pending()).toBe(0);
  });

  it('a click skips straight to fading, then hides after the fade; the old timers never fire', () => {
    const r = run();
    r.advanceTo(700);
    r.timeline.skip();
    expect(r.timeline.phase).toBe('fading');
    r.advanceTo(10_000);
    expect(r.seen).toEqual([[500, 'booting'], [700, 'fading'], [700 + SPLASH_FADE_MS, 'hidden']]);
  });

  it('skipping during the initial phase also fades', () => {
    const r = run();
    r.timeline.skip();
    r.advanceTo(10_000);
    expect(r.seen.map(([, p]) => p)).toEqual(['fading', 'hidden']);
  });

  it('a second click while fading does not restart the fade', () => {
    const r = run();
    r.advanceTo(2900);
    r.timeline.skip();
    r.advanceTo(10_000);
    expect(r.seen).toEqual([[500, 'booting'], [2000, 'complete'], [2800, 'fading'], [2800 + SPLASH_FADE_MS, 'hidden']]);
  });

  it('dispose stops every timer', () => {
    const r = run();
    r.advanceTo(600);
    r.timeline.dispose();
    expect(r.pending()).toBe(0);
    r.advanceTo(10_000);
    expect(r.seen).toEqual([[500, 'booting']]);
  });
});

describe('claimSplash: once per browser session', () => {
  const memory = (): FlagStorage & { data: Map<string, string> } => {
    const data = new Map<string, string>();
    return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
  };

  it('shows on the first visit and marks the session; not again in the same session', () => {
    const s = memory();
    expect(claimSplash(() => s)).toBe(true);
    expect(s.data.get(SPLASH_SESSION_KEY)).toBe('1');
    expect(claimSplash(() => s)).toBe(false);
  });

  it('a new session (empty storage) shows it again', () => {
    expect(claimSplash(() => memory())).toBe(true);
  });

  it('is hidden when session storage is unavailable', () => {
    expect(claimSplash(() => null)).toBe(false);
    expect(claimSplash(() => undefined)).toBe(false);
    expect(claimSplash(() => { throw new Error('SecurityError'); })).toBe(false);
    expect(claimSplash(() => ({ getItem: () => { throw new Error('denied'); }, setItem: () => undefined }))).toBe(false);
    // Reads work but writes fail (quota 0): showing it would repeat on every visit.
    expect(claimSplash(() => ({ getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } }))).toBe(false);
    // Writes silently ignored.
    expect(claimSplash(() => ({ getItem: () => null, setItem: () => undefined }))).toBe(false);
  });
});

describe('isLikelyBot', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Twitterbot/1.0',
  ])('recognises %s', (ua) => expect(isLikelyBot(ua)).toBe(true));

  it.each([
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    '',
  ])('lets people through: %s', (ua) => expect(isLikelyBot(ua)).toBe(false));

  it('handles a missing agent', () => {
    expect(isLikelyBot(undefined)).toBe(false);
    expect(isLikelyBot(null)).toBe(false);
  });
});

describe('startSplashTimeline from a splash already on screen', () => {
  it('starts in the phase the elapsed time reached and keeps the absolute timings', () => {
    const timers: Array<{ at: number; fn: () => void }> = [];
    const clock = { setTimeout: (fn: () => void, ms: number) => timers.push({ at: ms, fn }), clearTimeout: () => undefined };
    const seen: string[] = [];
    const t = startSplashTimeline(clock, (p) => seen.push(p), 1200);
    expect(t.phase).toBe('booting');
    expect(timers.map((x) => x.at)).toEqual([800, 1600, 2000]);
    timers.forEach((x) => x.fn());
    expect(seen).toEqual(['complete', 'fading', 'hidden']);
  });

  it('is hidden at once when the whole timeline has passed', () => {
    const clock = { setTimeout: () => { throw new Error('no timer expected'); }, clearTimeout: () => undefined };
    expect(startSplashTimeline(clock, () => undefined, 5000).phase).toBe('hidden');
  });
});

describe('SPLASH_HEAD_SCRIPT', () => {
  const run = (storage: Map<string, string> | null, reduced = false, ua = 'Mozilla/5.0 Chrome/140') => {
    const classes = new Set<string>();
    const win = {
      sessionStorage: storage && { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) },
      matchMedia: () => ({ matches: reduced }),
    };
    new Function('window', 'navigator', 'document', SPLASH_HEAD_SCRIPT)(win, { userAgent: ua }, { documentElement: { classList: { add: (c: string) => classes.add(c) } } });
    return classes.has(SPLASH_CLASS);
  };

  it('shows the splash on the first load of a session only', () => {
    const storage = new Map<string, string>();
    expect(run(storage)).toBe(true);
    expect(storage.get(SPLASH_SESSION_KEY)).toBe('1');
    expect(run(storage)).toBe(false);
  });

  it('never shows it without session storage, for reduced motion or for crawlers', () => {
    expect(run(null)).toBe(false);
    expect(run(new Map(), true)).toBe(false);
    expect(run(new Map(), false, 'Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe(false);
  });
});
