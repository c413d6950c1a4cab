/**
 * When the Monday deals digest runs (issue #16, SPEC §9's "new deals on Mondays at 9 AM EST"): every Monday at
 * 09:00 wall-clock time in New York — EST (UTC−5) in winter, EDT (UTC−4) in summer. Pure, with the platform's
 * time-zone data (Intl), so the server and tests agree without a date library.
 */
export const DIGEST_TIME_ZONE = 'America/New_York';
export const DIGEST_WEEKDAY = 1; // Monday
export const DIGEST_HOUR = 9;
/** The same rule as a pg-boss cron, evaluated in DIGEST_TIME_ZONE. */
export const DIGEST_CRON = `0 ${DIGEST_HOUR} * * ${DIGEST_WEEKDAY}`;

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

/** The instant of a New York wall-clock time (09:00 never falls in a DST gap or overlap, which are at 01:00–03:00). */
function instantOf(year: number, month: number, day: number, hour: number): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour);
  let guess = asUtc - offsetAt(new Date(asUtc));
  guess = asUtc - offsetAt(new Date(guess));
  return new Date(guess);
}

/** The first Monday 09:00 New York time strictly after `now`. */
export function nextDigestRun(now: Date): Date {
  const w = wallClock(now);
  let days = (DIGEST_WEEKDAY - w.weekday + 7) % 7;
  const beforeNine = w.hour < DIGEST_HOUR;
  if (days === 0 && !beforeNine) days = 7;
  // Calendar arithmetic on the wall-clock date (UTC date math avoids the machine's own zone).
  const date = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return instantOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), DIGEST_HOUR);
}
