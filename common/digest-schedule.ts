/**
 * When the weekly jobs run, in New York wall-clock time — EST (UTC−5) in winter, EDT (UTC−4) in summer: the Monday
 * deals digest (issue #16, SPEC §9's "new deals on Mondays at 9 AM EST") and the followers' weekly alerts (issue #19).
 * Pure, with the platform's time-zone data (Intl), so the server and tests agree without a date library; it is also
 * what the jobs are deferred to (JobsService.weekly), computed once per run instead of a cron evaluated every 30 s.
 */
export const DIGEST_TIME_ZONE = 'America/New_York';

/** A weekday (0 Sunday … 6 Saturday) and a whole hour (not 1–2, where New York's clock changes). */
export interface WeeklyTime {
  weekday: number;
  hour: number;
}

export const DIGEST_TIME: WeeklyTime = { weekday: 1, hour: 9 };

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: DIGEST_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', weekday: 'short',
});
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Wall-clock fields of `at` in New York. */
function wallClock(at: Date) {
  const f = Object.fromEntries(parts.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: Number(f.year), month: Number(f.month), day: Number(f.day),
    hour: Number(f.hour), minute: Number(f.minute), second: Number(f.second),
    weekday: WEEKDAYS.indexOf(f.weekday!),
  };
}

/** New York's offset from UTC at `at`, in ms (−5 h or −4 h). */
function offsetAt(at: Date): number {
  const w = wallClock(at);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant of a New York wall-clock time (the hours used never fall in a DST gap or overlap, which are at 01:00–03:00). */
function instantOf(year: number, month: number, day: number, hour: number): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour);
  let guess = asUtc - offsetAt(new Date(asUtc));
  guess = asUtc - offsetAt(new Date(guess));
  return new Date(guess);
}

/** How far past a weekly run's start the next one is looked for (jobs.service.ts `weekly`). */
export const WEEKLY_MARGIN_MS = 3_600_000;

/** The first `at.weekday` at `at.hour`:00 New York time strictly after `now`. */
export function nextWeeklyRun(now: Date, at: WeeklyTime): Date {
  const w = wallClock(now);
  let days = (at.weekday - w.weekday + 7) % 7;
  if (days === 0 && w.hour >= at.hour) days = 7;
  // Calendar arithmetic on the wall-clock date (UTC date math avoids the machine's own zone).
  const date = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return instantOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), at.hour);
}

/** The first Monday 09:00 New York time strictly after `now`. */
export function nextDigestRun(now: Date): Date {
  return nextWeeklyRun(now, DIGEST_TIME);
}
