import type { AdminDiscountDto } from './api-types.js';
import { discountRules, discountToForm, emptyDiscountForm, isoToLocalInput, localInputToIso, toDiscountPayload } from './discount-form.js';
import { MSG } from './messages.js';

// Expected instants are built with the local-time Date constructor, so the suite holds in any TZ the machine runs in.
const local = (y: number, mo: number, d: number, h: number, mi: number, s = 0) => new Date(y, mo - 1, d, h, mi, s);

const stored: AdminDiscountDto = {
  id: 7, title: 'Spring sale', description: 'Ten percent off', discountCode: 'SPRING10', affiliateLink: 'https://firm.example/a',
  discountPercentage: 10, validUntil: local(2026, 3, 31, 23, 59).toISOString(), companyId: 3, mediaUrl: '/media/ab.webp',
  status: 'active', discountAmount: null, originalPrice: null, discountedPrice: null, termsAndConditions: null, validFrom: null,
  clicks: 12, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', company: { id: 3, name: 'Acme' },
  slug: 'firm-code', lastVerifiedAt: null, lastCheckResult: null, reportsCount: 0, workedCount: 0, successRate: null, failingSince: null, heldReports: 0, version: 1,
  eligiblePrograms: [], eligibleSizes: [], minPrice: null, newAccountsOnly: false, appliesToResets: false, stacks: false,
};

describe('discount form: local date-time ↔ ISO', () => {
  it('reads a datetime-local value as local time and answers the UTC instant', () => {
    expect(localInputToIso('2026-03-31T23:59')).toBe(local(2026, 3, 31, 23, 59).toISOString());
    expect(localInputToIso('2026-03-31T23:59:30')).toBe(local(2026, 3, 31, 23, 59, 30).toISOString());
    expect(localInputToIso(' 2026-01-02T03:04 ')).toBe(local(2026, 1, 2, 3, 4).toISOString());
  });

  it('shows a stored instant in the local zone, to the minute', () => {
    expect(isoToLocalInput(local(2026, 12, 5, 8, 7, 45).toISOString())).toBe('2026-12-05T08:07');
  });

  it('round-trips what the admin typed', () => {
    for (const typed of ['2026-02-28T00:00', '2027-07-15T12:30', '2030-12-31T23:59']) {
      expect(isoToLocalInput(localInputToIso(typed))).toBe(typed);
    }
  });

  it('answers empty for no date and null for a value that is not a date', () => {
    expect(isoToLocalInput(null)).toBe('');
    expect(isoToLocalInput(undefined)).toBe('');
    expect(isoToLocalInput('not a date')).toBe('');
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('2026-03-31')).toBeNull();
    expect(localInputToIso('31/03/2026 10:00')).toBeNull();
  });

  it('rejects impossible days and times instead of rolling them over', () => {
    expect(localInputToIso('2026-02-30T10:00')).toBeNull();
    expect(localInputToIso('2026-13-01T10:00')).toBeNull();
    expect(localInputToIso('2026-04-01T24:00')).toBeNull();
    expect(localInputToIso('2026-04-01T10:60')).toBeNull();
  });
});

describe('discount form: values and payload', () => {
  it('fills the form from a stored discount and sends the same discount back', () => {
    const values = discountToForm(stored);
    expect(values).toEqual({
      title: 'Spring sale', companyId: '3', status: 'active', description: 'Ten percent off', discountCode: 'SPRING10',
      affiliateLink: 'https://firm.example/a', discountPercentage: '10', validUntil: '2026-03-31T23:59', mediaUrl: '/media/ab.webp',
    });
    expect(toDiscountPayload(values)).toEqual({
      title: 'Spring sale', companyId: 3, status: 'active', description: 'Ten percent off', discountCode: 'SPRING10',
      affiliateLink: 'https://firm.example/a', discountPercentage: 10, validUntil: stored.validUntil, mediaUrl: '/media/ab.webp',
    });
  });

  it('sends empty optional fields as null and trims text', () => {
    expect(toDiscountPayload({ ...emptyDiscountForm(), title: '  Deal ', companyId: '4', discountCode: '   ' })).toEqual({
      title: 'Deal', companyId: 4, status: 'active', description: null, discountCode: null, affiliateLink: null,
      discountPercentage: null, validUntil: null, mediaUrl: null,
    });
  });

  it('keeps 0 % as a number, not as empty', () => {
    const values = discountToForm({ ...stored, discountPercentage: 0, validUntil: null });
    expect(values.discountPercentage).toBe('0');
    expect(values.validUntil).toBe('');
    expect(toDiscountPayload(values).discountPercentage).toBe(0);
  });
});

describe('discount form: docs/spec.md §5 rules', () => {
  it('answers the messages of common/messages.ts', () => {
    expect(discountRules.title(' ')).toBe(MSG.titleRequired);
    expect(discountRules.companyId('')).toBe(MSG.companyRequired);
    expect(discountRules.companyId('3')).toBe(true);
    expect(discountRules.status('paused')).toBe(MSG.discountStatusInvalid);
    expect(discountRules.affiliateLink('firm.example')).toBe(MSG.invalidUrl('Affiliate link'));
    expect(discountRules.affiliateLink('https://firm.example')).toBe(true);
    expect(discountRules.discountPercentage('101')).toBe(MSG.discountPercentageRange);
    expect(discountRules.discountPercentage('')).toBe(true);
    expect(discountRules.validUntil('2026-02-30T10:00')).toBe(MSG.validUntilInvalid);
    expect(discountRules.validUntil('')).toBe(true);
    expect(discountRules.mediaUrl('/media/x.webp')).toBe(true);
    expect(discountRules.mediaUrl('javascript:alert(1)')).toBe(MSG.invalidImage('Media URL'));
  });
});
