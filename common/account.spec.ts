import { canFileClaim, formatUsd, lastClaimEvent } from './account.js';

const NOW = new Date('2026-11-25T12:00:00Z');
const denied = { outcome: 'denied' as const, status: 'awaiting-review' as const, claimId: null, requestedOn: '2026-11-01', resolvedOn: '2026-11-10' };

describe('canFileClaim (as the API decides it)', () => {
  it('allows my denied, unclaimed report within 30 days of the denial', () => {
    expect(canFileClaim(denied, NOW)).toBe(true);
    expect(canFileClaim({ ...denied, status: 'approved' }, NOW)).toBe(true);
  });
  it('refuses a paid or pending report, a rejected one, one with a claim, or a late one', () => {
    expect(canFileClaim({ ...denied, outcome: 'paid' }, NOW)).toBe(false);
    expect(canFileClaim({ ...denied, outcome: 'pending' }, NOW)).toBe(false);
    expect(canFileClaim({ ...denied, status: 'rejected' }, NOW)).toBe(false);
    expect(canFileClaim({ ...denied, claimId: 4 }, NOW)).toBe(false);
    // 30 days after the denial is the last day; without a resolution day the request day counts.
    expect(canFileClaim({ ...denied, resolvedOn: '2026-10-26' }, NOW)).toBe(true);
    expect(canFileClaim({ ...denied, resolvedOn: '2026-10-25' }, NOW)).toBe(false);
    expect(canFileClaim({ ...denied, resolvedOn: null, requestedOn: '2026-10-20' }, NOW)).toBe(false);
  });
});

describe('lastClaimEvent', () => {
  it('reads the newest timeline entry, with its note', () => {
    const timeline = [
      { at: '2026-11-20T10:00:00Z', by: 'trader' as const, status: 'submitted' as const, note: null },
      { at: '2026-11-21T10:00:00Z', by: 'admin' as const, status: 'needs-info' as const, note: 'Send the receipt.' },
    ];
    expect(lastClaimEvent({ timeline, status: 'needs-info', createdAt: timeline[0].at })).toEqual({ at: timeline[1].at, text: 'Needs information \u2014 Send the receipt.' });
    expect(lastClaimEvent({ timeline: [{ ...timeline[0], status: null, note: 'Here it is.' }], status: 'under-review', createdAt: timeline[0].at }).text).toBe('Your answer \u2014 Here it is.');
    expect(lastClaimEvent({ timeline: [], status: 'submitted', createdAt: timeline[0].at })).toEqual({ at: timeline[0].at, text: 'Submitted' });
  });
});

describe('formatUsd', () => {
  it('shows cents only when there are some', () => {
    expect(formatUsd(2400)).toBe('$2,400');
    expect(formatUsd(1875.5)).toBe('$1,875.50');
  });
});
