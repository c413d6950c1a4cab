import {
  holdReason, isReportedNotWorking, needsCheck, proofTexts, reportThanks, successLabel, verifiedLabel, type ProofFigures,
} from './proof.js';

const NOW = new Date('2026-11-22T22:00:00.000Z');
const base: ProofFigures = { lastVerifiedAt: null, lastCheckResult: null, reportsCount: 0, workedCount: 0, failingSince: null };

describe('verifiedLabel', () => {
  it('says "Not yet verified" without a worked check', () => {
    expect(verifiedLabel(null, NOW)).toBe('Not yet verified');
  });
  it('says "Verified today" for a check earlier the same UTC day', () => {
    expect(verifiedLabel('2026-11-22T00:00:01.000Z', NOW)).toBe('Verified today');
  });
  it('counts calendar days, not 24-hour periods', () => {
    expect(verifiedLabel('2026-11-21T23:59:00.000Z', NOW)).toBe('Verified 1 day ago');
    expect(verifiedLabel('2026-11-19T23:00:00.000Z', NOW)).toBe('Verified 3 days ago');
  });
});

describe('successLabel (the 10-report threshold)', () => {
  it('shows nothing under 10 reports', () => {
    expect(successLabel({ reportsCount: 9, workedCount: 9 })).toBeNull();
  });
  it('shows the rounded rate and the count from 10 reports', () => {
    expect(successLabel({ reportsCount: 10, workedCount: 7 })).toBe('70% success (10 reports)');
    expect(successLabel({ reportsCount: 31, workedCount: 27 })).toBe('87% success (31 reports)');
  });
});

describe('isReportedNotWorking (the 40 % rule)', () => {
  it('is set by a failed or expired newest check', () => {
    expect(isReportedNotWorking({ ...base, lastCheckResult: 'failed' }, NOW)).toBe(true);
    expect(isReportedNotWorking({ ...base, lastCheckResult: 'expired' }, NOW)).toBe(true);
    expect(isReportedNotWorking({ ...base, lastCheckResult: 'worked', lastVerifiedAt: NOW.toISOString() }, NOW)).toBe(false);
  });
  it('is set while the rate has been under 40 % since before the last worked check', () => {
    const failing = { ...base, reportsCount: 10, workedCount: 3, failingSince: '2026-11-20T00:00:00.000Z' };
    expect(isReportedNotWorking(failing, NOW)).toBe(true);
    // A worked check 8 days before now, before the fall: it no longer outranks the reports.
    expect(isReportedNotWorking({ ...failing, lastVerifiedAt: new Date(NOW.getTime() - 8 * 86_400_000).toISOString(), lastCheckResult: 'worked' }, NOW)).toBe(true);
  });
  it("is not set on reports alone within 7 days of an admin's worked check, even one made before the fall", () => {
    const failing = { ...base, reportsCount: 27, workedCount: 0, failingSince: NOW.toISOString() };
    const verified = (daysAgo: number) => ({ ...failing, lastVerifiedAt: new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString(), lastCheckResult: 'worked' as const });
    expect(isReportedNotWorking(verified(0.01), NOW)).toBe(false);
    expect(isReportedNotWorking(verified(6.9), NOW)).toBe(false);
    expect(isReportedNotWorking(verified(7), NOW)).toBe(true);
    expect(isReportedNotWorking({ ...verified(1), lastCheckResult: 'failed' }, NOW)).toBe(true);
  });
  it('is lifted by an admin\'s worked check after the rate fell', () => {
    const failing = { ...base, reportsCount: 10, workedCount: 3, failingSince: '2026-11-20T00:00:00.000Z' };
    expect(isReportedNotWorking({ ...failing, lastVerifiedAt: '2026-11-21T00:00:00.000Z', lastCheckResult: 'worked' }, NOW)).toBe(false);
  });
});

describe('proofTexts and needsCheck', () => {
  it('gives the card texts together', () => {
    expect(proofTexts({ ...base, lastVerifiedAt: NOW.toISOString(), lastCheckResult: 'worked', reportsCount: 31, workedCount: 27 }, NOW))
      .toEqual({ verified: 'Verified today', success: '87% success (31 reports)', notWorking: false });
  });
  it('needs a check when an active code is never verified, verified over 7 days ago, or failing', () => {
    const active = { ...base, status: 'active' };
    expect(needsCheck(active, NOW)).toBe(true);
    expect(needsCheck({ ...active, lastVerifiedAt: '2026-11-15T21:00:00.000Z', lastCheckResult: 'worked' }, NOW)).toBe(true);
    expect(needsCheck({ ...active, lastVerifiedAt: '2026-11-16T23:00:00.000Z', lastCheckResult: 'worked' }, NOW)).toBe(false);
    expect(needsCheck({ ...active, lastVerifiedAt: '2026-11-22T10:00:00.000Z', lastCheckResult: 'failed' }, NOW)).toBe(true);
    expect(needsCheck({ ...base, status: 'expired' }, NOW)).toBe(false);
  });
});

describe('holdReason (one person cannot move a code)', () => {
  const at = (minutes: number, worked = false) => ({ at: new Date(NOW.getTime() + minutes * 60_000), worked });
  const none = { reportsCount: 0, workedCount: 0 };
  it('holds more than 5 reports within 10 minutes, not 5, nor 6 spread over more than 10 minutes', () => {
    expect(holdReason([0, 1, 2, 3, 4, 5].map((m) => at(m)), none, false)).toBe('burst');
    expect(holdReason([0, 1, 2, 3, 4].map((m) => at(m)), none, false)).toBeNull();
    expect(holdReason([0, 3, 6, 9, 12, 15].map((m) => at(m)), none, false)).toBeNull();
    expect(holdReason([0, 11, 12, 13, 14, 15, 16].map((m) => at(m)), none, false)).toBe('burst');
  });
  it('holds a swing of more than 30 points against a stable rate, not a smaller one', () => {
    const stable = { reportsCount: 10, workedCount: 9 };
    // 90 % → 60 %: exactly 30 points, counted; 90 % → 56 %: held.
    expect(holdReason([0, 11, 22, 33, 44].map((m) => at(m, false)), stable, false)).toBeNull();
    expect(holdReason([0, 11, 22, 33, 44, 55].map((m) => at(m, false)), stable, false)).toBe('swing');
  });
  it('lets a small move through, and needs a stable rate before a swing counts', () => {
    expect(holdReason([at(0, false), at(20, false)], { reportsCount: 20, workedCount: 18 }, false)).toBeNull();
    expect(holdReason([0, 11, 22, 33, 44, 55].map((m) => at(m, false)), { reportsCount: 9, workedCount: 9 }, false)).toBeNull();
  });
  it('holds what follows an open hold, and nothing without reports', () => {
    expect(holdReason([at(0, true)], none, true)).toBe('burst');
    expect(holdReason([], none, true)).toBeNull();
  });
});

describe('reportThanks', () => {
  it('says truthfully whether the answer counted', () => {
    expect(reportThanks({ counted: true, held: false })).toBe('Thanks — we count one answer per visitor a day, and yours is counted.');
    expect(reportThanks({ counted: false, held: false })).toMatch(/^Thanks — we count one answer per visitor a day, and already have yours/);
    expect(reportThanks({ counted: true, held: true })).toMatch(/held for review/);
  });
});
