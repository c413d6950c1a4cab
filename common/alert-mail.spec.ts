import { alertChangesText, alertFirms, alertSubject, alertText, type AlertChange } from './alert-mail.js';

const change = (over: Partial<AlertChange>): AlertChange => ({
  eventId: '7', firmName: 'Acme Funding', firmSlug: 'acme-funding', kind: 'rule', program: 'Classic', field: 'maxLoss',
  before: 10, after: 8, discountId: null, at: '2026-11-03T10:00:00.000Z', ...over,
});

describe('the words of an alert mail', () => {
  it('names one change in the subject, counts several', () => {
    expect(alertSubject([change({})])).toBe('Acme Funding: Classic: Max loss 10 % \u2192 8 %');
    expect(alertSubject([change({}), change({ eventId: '8', field: 'profitSplit', before: 80, after: 90 })])).toBe('2 changes at Acme Funding');
    expect(alertSubject([change({}), change({ eventId: '9', firmName: 'Beta', firmSlug: 'beta' })])).toBe('2 changes at 2 firms you follow');
    expect(alertSubject([change({})], true)).toBe('This week at the firms you follow: 1 change');
  });

  it('groups by firm; a rule change links to its timeline entry, a code to the code', () => {
    const firms = alertFirms('https://site.example/', [
      change({}),
      change({ eventId: '9', firmName: 'Beta', firmSlug: 'beta', kind: 'code', program: null, field: 'code-new', before: null, after: 'BETA10', discountId: 4 }),
    ]);
    expect(firms.map((f) => f.name)).toEqual(['Acme Funding', 'Beta']);
    expect(firms[0]!.lines[0]).toEqual({
      text: 'Classic: Max loss 10 % \u2192 8 %', date: '2026-11-03', href: 'https://site.example/firms/acme-funding#change-e7', linkText: 'See the timeline',
    });
    expect(firms[1]!.lines[0]!.href).toBe('https://site.example/firms/beta#deal-4');
    expect(firms[1]!.lines[0]!.linkText).toBe('See the code');
  });

  it('the plain-text part: each change with its date and link, the follow settings and the stop link', () => {
    const text = alertText('https://site.example', [change({})], 'https://site.example/_api/alerts/unsubscribe?token=t');
    expect(text).toContain('Acme Funding\n- Classic: Max loss 10 % \u2192 8 % (2026-11-03)\n  See the timeline: https://site.example/firms/acme-funding#change-e7');
    expect(text).toContain('Follow settings: https://site.example/account');
    expect(text).toContain('Stop alerts: https://site.example/_api/alerts/unsubscribe?token=t');
    expect(alertChangesText('https://site.example', [])).toBe('');
  });
});
