import {
  isReportedNotWorking, needsCheck, offerJsonLd, proofTexts, successLabel, verifiedLabel, type ProofFigures,
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

describe('offerJsonLd (only where honest)', () => {
  const deal = {
    ...base, id: 4, title: '15% off', description: null, priceExample: { program: 'Stellar 2-Step', size: 100_000, price: 549.99, priceAfterCode: 467.5 }, validFrom: '2026-11-01', validUntil: '2026-12-31T23:59:00.000Z',
    status: 'active', company: { name: 'FundedNext', websiteUrl: 'https://fundednext.com' },
  };
  it('gives price, currency and validity from the data', () => {
    expect(offerJsonLd(deal, 'https://vtf.example/', NOW)).toEqual({
      '@context': 'https://schema.org', '@type': 'Offer', name: '15% off', url: 'https://vtf.example/discounts#deal-4',
      price: '467.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock', validFrom: '2026-11-01', priceValidUntil: '2026-12-31',
      seller: { '@type': 'Organization', name: 'FundedNext', url: 'https://fundednext.com' },
    });
  });
  it('gives none without a price, for a deal not yet live, or for a code reported not working', () => {
    expect(offerJsonLd({ ...deal, priceExample: null }, 'https://vtf.example', NOW)).toBeNull();
    expect(offerJsonLd({ ...deal, status: 'coming_soon' }, 'https://vtf.example', NOW)).toBeNull();
    expect(offerJsonLd({ ...deal, lastCheckResult: 'failed' }, 'https://vtf.example', NOW)).toBeNull();
  });
});
