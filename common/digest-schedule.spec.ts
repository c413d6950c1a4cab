import { nextDigestRun, nextWeeklyRun } from './digest-schedule.js';

const at = (iso: string) => new Date(iso);

describe('nextDigestRun: Monday 09:00 in New York', () => {
  it('in winter (EST, UTC−5) is 14:00 UTC', () => {
    // Wednesday 25 Nov 2026 → Monday 30 Nov.
    expect(nextDigestRun(at('2026-11-25T13:00:00Z')).toISOString()).toBe('2026-11-30T14:00:00.000Z');
  });

  it('in summer (EDT, UTC−4) is 13:00 UTC', () => {
    expect(nextDigestRun(at('2026-07-01T12:00:00Z')).toISOString()).toBe('2026-07-06T13:00:00.000Z');
  });

  it('on a Monday before 09:00 New York time it is that same morning; at or after 09:00 the next Monday', () => {
    expect(nextDigestRun(at('2026-11-30T13:59:59Z')).toISOString()).toBe('2026-11-30T14:00:00.000Z');
    expect(nextDigestRun(at('2026-11-30T14:00:00Z')).toISOString()).toBe('2026-12-07T14:00:00.000Z');
    // Monday 03:00 UTC is still Sunday evening in New York.
    expect(nextDigestRun(at('2026-11-30T03:00:00Z')).toISOString()).toBe('2026-11-30T14:00:00.000Z');
  });

  it('across the spring change (Sunday 8 March 2026, 02:00 EST → 03:00 EDT) the hour stays 09:00 local', () => {
    // Friday 6 March, still EST → Monday 9 March, already EDT: 13:00 UTC.
    expect(nextDigestRun(at('2026-03-06T12:00:00Z')).toISOString()).toBe('2026-03-09T13:00:00.000Z');
    // During the skipped hour itself.
    expect(nextDigestRun(at('2026-03-08T07:30:00Z')).toISOString()).toBe('2026-03-09T13:00:00.000Z');
  });

  it('across the autumn change (Sunday 1 November 2026, 02:00 EDT → 01:00 EST)', () => {
    // Monday 26 October after 09:00 (EDT) → Monday 2 November, EST: 14:00 UTC.
    expect(nextDigestRun(at('2026-10-26T13:00:00Z')).toISOString()).toBe('2026-11-02T14:00:00.000Z');
    // Inside the repeated hour.
    expect(nextDigestRun(at('2026-11-01T05:30:00Z')).toISOString()).toBe('2026-11-02T14:00:00.000Z');
    expect(nextDigestRun(at('2026-11-01T06:30:00Z')).toISOString()).toBe('2026-11-02T14:00:00.000Z');
  });

  it('always lands on a Monday at 09:00 New York time, within a week (plus the hour an autumn change adds), all through a year', () => {
    const fmt = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3 * 3_600_000 + 7 * 60_000) {
      const next = nextDigestRun(new Date(t));
      expect(fmt.format(next)).toBe('Mon 09:00');
      expect(next.getTime()).toBeGreaterThan(t);
      expect(next.getTime() - t).toBeLessThanOrEqual(7 * 86_400_000 + 3_600_000);
    }
  });
});

describe('nextWeeklyRun: any weekday and hour in New York', () => {
  it("the followers' weekly catch-up, Tuesday 10:00, in winter and across the spring change", () => {
    // Monday 30 Nov 2026, 15:00 UTC (10:00 EST) → Tuesday 1 Dec, 15:00 UTC.
    expect(nextWeeklyRun(at('2026-11-30T15:00:00Z'), { weekday: 2, hour: 10 }).toISOString()).toBe('2026-12-01T15:00:00.000Z');
    // Tuesday 1 Dec at 10:00 sharp is past: the next Tuesday.
    expect(nextWeeklyRun(at('2026-12-01T15:00:00Z'), { weekday: 2, hour: 10 }).toISOString()).toBe('2026-12-08T15:00:00.000Z');
    // Saturday 7 March (EST) → Tuesday 10 March (EDT): 14:00 UTC.
    expect(nextWeeklyRun(at('2026-03-07T12:00:00Z'), { weekday: 2, hour: 10 }).toISOString()).toBe('2026-03-10T14:00:00.000Z');
  });
});
