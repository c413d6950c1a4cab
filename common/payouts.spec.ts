import {
  amountBand, canMoveClaim, CLAIM_MOVES, CLAIM_STATUSES, guaranteeStats, isClaimOverdue, median, payoutFigures,
  payoutCell, PAYOUT_TEXT, type ClaimStatus, type PayoutReportFacts,
  GUARANTEE_STATS_DAYS, PAYOUT_WINDOW_DAYS, earliest, inPayoutWindow, nextWindowExit,
} from './payouts.js';

const NOW = new Date('2026-11-25T12:00:00Z');
const paid = (requestedOn: string, resolvedOn: string, createdAt = `${resolvedOn}T10:00:00.000Z`): PayoutReportFacts =>
  ({ outcome: 'paid', requestedOn, resolvedOn, createdAt });
const denied = (requestedOn: string): PayoutReportFacts =>
  ({ outcome: 'denied', requestedOn, resolvedOn: requestedOn, createdAt: `${requestedOn}T10:00:00.000Z` });
const pending = (requestedOn: string): PayoutReportFacts =>
  ({ outcome: 'pending', requestedOn, resolvedOn: null, createdAt: `${requestedOn}T10:00:00.000Z` });

describe('payoutFigures', () => {
  it('counts outcomes, the median days to pay and the denial rate over the window', () => {
    const f = payoutFigures(
      [paid('2026-10-01', '2026-10-03'), paid('2026-10-05', '2026-10-12'), paid('2026-09-01', '2026-09-05'), denied('2026-11-01'), pending('2026-11-20')],
      NOW,
    );
    expect(f).toEqual({
      approvedReports: 5, paid: 3, denied: 1, pending: 1,
      medianDaysToPay: 4, denialRate: 25, lastReportAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it('takes the mean of the middle two for an even count of paid reports', () => {
    expect(median([2, 4, 9, 1])).toBe(3);
    expect(median([1, 2])).toBe(2);
    expect(median([])).toBeNull();
  });

  it('leaves out reports requested before the 180-day window', () => {
    const old = paid('2026-05-01', '2026-05-03');
    const f = payoutFigures([old, old, old, paid('2026-11-01', '2026-11-11'), denied('2026-11-02')], NOW);
    expect(f.approvedReports).toBe(2);
    expect(f.lastReportAt).toBe('2026-11-11T10:00:00.000Z');
  });

  it('shows no rate or median with fewer than 5 approved reports (the fewer-than-5 rule)', () => {
    const four = [paid('2026-10-01', '2026-10-03'), paid('2026-10-05', '2026-10-12'), denied('2026-11-01'), denied('2026-11-02')];
    expect(payoutFigures(four, NOW)).toMatchObject({ approvedReports: 4, paid: 2, denied: 2, medianDaysToPay: null, denialRate: null });
    expect(payoutCell(payoutFigures(four, NOW))).toBe('4 (not enough)');
    const five = payoutFigures([...four, pending('2026-11-10')], NOW);
    expect(five).toMatchObject({ medianDaysToPay: 5, denialRate: 50 });
    expect(payoutCell(five)).toBe('5 · 50 % denied');
  });

  it('answers no denial rate when nothing was decided yet, and empty figures for no reports', () => {
    const f = payoutFigures([1, 2, 3, 4, 5].map((d) => pending(`2026-11-0${d}`)), NOW);
    expect(f).toMatchObject({ pending: 5, denialRate: null, medianDaysToPay: null });
    expect(payoutFigures([], NOW)).toEqual({ approvedReports: 0, paid: 0, denied: 0, pending: 0, medianDaysToPay: null, denialRate: null, lastReportAt: null });
    expect(payoutCell(payoutFigures([], NOW))).toBe('—');
  });
});

describe('amountBand', () => {
  it.each([
    [250, 'Under $1,000'], [999.99, 'Under $1,000'], [1000, '$1,000–$2,500'], [4999, '$2,500–$5,000'],
    [9000, '$5,000–$10,000'], [24_999, '$10,000–$25,000'], [25_000, '$25,000+'],
  ])('%p → %s', (amount, band) => expect(amountBand(amount)).toBe(band));
});

describe('PAYOUT_TEXT', () => {
  it('words the figures', () => {
    expect(PAYOUT_TEXT.reports(1)).toBe('1 verified payout report');
    expect(PAYOUT_TEXT.reports(7)).toBe('7 verified payout reports');
    expect(PAYOUT_TEXT.medianDays(4)).toBe('median 4 days from request to payment');
    expect(PAYOUT_TEXT.denied(25)).toBe('25 % denied');
    expect(PAYOUT_TEXT.lastReport(0)).toBe('last report today');
    expect(PAYOUT_TEXT.lastReport(3)).toBe('last report 3 days ago');
  });
});

describe('claim state machine', () => {
  const allowed: Array<[ClaimStatus, ClaimStatus]> = [
    ['submitted', 'under-review'], ['submitted', 'rejected'],
    ['under-review', 'needs-info'], ['under-review', 'approved'], ['under-review', 'rejected'],
    ['needs-info', 'under-review'], ['needs-info', 'rejected'],
    ['approved', 'paid'],
  ];
  const key = ([a, b]: [ClaimStatus, ClaimStatus]) => `${a}→${b}`;

  it.each(allowed)('allows %s → %s', (from, to) => expect(canMoveClaim(from, to)).toBe(true));

  it('refuses every other move, including staying put and leaving paid or rejected', () => {
    const ok = new Set(allowed.map(key));
    const refused = CLAIM_STATUSES.flatMap((from) => CLAIM_STATUSES.map((to) => [from, to] as [ClaimStatus, ClaimStatus])).filter((m) => !ok.has(key(m)));
    expect(refused).toHaveLength(36 - allowed.length);
    for (const [from, to] of refused) expect({ move: `${from}→${to}`, ok: canMoveClaim(from, to) }).toEqual({ move: `${from}→${to}`, ok: false });
    expect(canMoveClaim('submitted', 'paid')).toBe(false);
    expect(CLAIM_MOVES.paid).toEqual([]);
    expect(CLAIM_MOVES.rejected).toEqual([]);
  });
});

describe('guaranteeStats and overdue claims', () => {
  it('counts the last 12 months: received, approved (incl. paid), paid, total paid, median days to a decision', () => {
    const stats = guaranteeStats(
      [
        { status: 'paid', createdAt: '2026-09-01T00:00:00Z', decidedAt: '2026-09-11T00:00:00Z', paidAmount: 1200.5 },
        { status: 'approved', createdAt: '2026-10-01T00:00:00Z', decidedAt: '2026-10-05T00:00:00Z', paidAmount: null },
        { status: 'rejected', createdAt: '2026-10-10T00:00:00Z', decidedAt: '2026-10-12T00:00:00Z', paidAmount: null },
        { status: 'submitted', createdAt: '2026-11-20T00:00:00Z', decidedAt: null, paidAmount: null },
        { status: 'paid', createdAt: '2025-01-01T00:00:00Z', decidedAt: '2025-01-03T00:00:00Z', paidAmount: 999 },
      ],
      NOW,
    );
    expect(stats).toEqual({ received: 4, approved: 2, paid: 1, paidTotal: 1200.5, medianDaysToDecision: 4 });
  });

  it('flags undecided claims older than 14 days only', () => {
    expect(isClaimOverdue({ status: 'under-review', createdAt: '2026-11-10T11:00:00Z' }, NOW)).toBe(true);
    expect(isClaimOverdue({ status: 'needs-info', createdAt: '2026-11-12T00:00:00Z' }, NOW)).toBe(false);
    expect(isClaimOverdue({ status: 'rejected', createdAt: '2026-01-01T00:00:00Z' }, NOW)).toBe(false);
  });
});

describe('nextWindowExit: when the figures change with no write', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('is the moment the oldest entry still counted leaves the window, by the figures\' own comparison', () => {
    // Requested 2026-05-29: counted while 2026-05-29T00:00Z ≥ now − 180 days, i.e. until 2026-11-25T00:00Z; already out.
    // Requested 2026-05-30: leaves just after 2026-11-26T00:00Z.
    const exit = nextWindowExit(['2026-06-10', '2026-05-30', '2026-05-29'], PAYOUT_WINDOW_DAYS, now)!;
    expect(exit.toISOString()).toBe('2026-11-26T00:00:00.001Z');
    expect(inPayoutWindow('2026-05-30', new Date(exit.getTime() - 1))).toBe(true);
    expect(inPayoutWindow('2026-05-30', exit)).toBe(false);
  });
  it('takes instants for the guarantee\'s 12 months, and is null with nothing inside', () => {
    const filed = '2025-12-01T08:30:00.000Z';
    const exit = nextWindowExit([filed], GUARANTEE_STATS_DAYS, now)!;
    const claim = { status: 'submitted' as const, createdAt: filed, decidedAt: null, paidAmount: null };
    expect(guaranteeStats([claim], new Date(exit.getTime() - 1)).received).toBe(1);
    expect(guaranteeStats([claim], exit).received).toBe(0);
    expect(nextWindowExit(['2025-01-01T00:00:00Z'], GUARANTEE_STATS_DAYS, now)).toBeNull();
    expect(nextWindowExit([], PAYOUT_WINDOW_DAYS, now)).toBeNull();
  });
  it('earliest ignores absent moments', () => {
    expect(earliest(null, new Date('2026-12-02'), undefined, new Date('2026-12-01'))).toEqual(new Date('2026-12-01'));
    expect(earliest(null, undefined)).toBeNull();
  });
});
