import { CAMPAIGN_DIFF_FIELDS, diffRevisions, diffText, htmlToText } from './revision-diff.js';

const joined = (parts: Array<{ kind: string; text: string }>, kinds: string[]) =>
  parts.filter((p) => kinds.includes(p.kind)).map((p) => p.text).join('');

describe('revision diff', () => {
  it('marks the words removed and added, keeping the rest', () => {
    expect(diffText('The quick brown fox', 'The slow brown fox jumps')).toEqual([
      { kind: 'same', text: 'The ' },
      { kind: 'removed', text: 'quick' },
      { kind: 'added', text: 'slow' },
      { kind: 'same', text: ' brown fox' },
      { kind: 'added', text: ' jumps' },
    ]);
  });

  it('gives back each side exactly: before = same + removed, after = same + added', () => {
    const before = 'Payouts every 14 days, after the first 30.\nSupport by email.';
    const after = 'Payouts every 7 days after the first 14.\nSupport by chat and email.';
    const parts = diffText(before, after);
    expect(joined(parts, ['same', 'removed'])).toBe(before);
    expect(joined(parts, ['same', 'added'])).toBe(after);
  });

  it('identical texts are one unchanged part; empty to text is all added', () => {
    expect(diffText('same text', 'same text')).toEqual([{ kind: 'same', text: 'same text' }]);
    expect(diffText('', 'new')).toEqual([{ kind: 'added', text: 'new' }]);
    expect(diffText('old', '')).toEqual([{ kind: 'removed', text: 'old' }]);
  });

  it('compares a body as the text a reader sees, not its markup', () => {
    expect(htmlToText('<h2>Rules</h2><p>Keep &amp; follow <strong>them</strong>.</p><ul><li>One</li><li>Two</li></ul>')).toBe(
      'Rules\nKeep & follow them.\nOne\nTwo',
    );
    // Only markup changed: no difference shown.
    expect(diffRevisions({ content: '<p>Same words</p>' }, { content: '<p><em>Same</em> words</p>' })).toEqual([]);
  });

  it('lists only the fields that differ, title, excerpt and body, in that order', () => {
    const diff = diffRevisions(
      { title: 'Old title', excerpt: 'Short', content: '<p>Body one.</p>', slug: 'a' },
      { title: 'New title', excerpt: 'Short', content: '<p>Body two.</p>', slug: 'b' },
    );
    expect(diff.map((d) => d.label)).toEqual(['Title', 'Body']);
    expect(diff[0].parts).toEqual([
      { kind: 'removed', text: 'Old' },
      { kind: 'added', text: 'New' },
      { kind: 'same', text: ' title' },
    ]);
  });

  it("compares a campaign's subject, preview text and content (as text) when given its fields", () => {
    const diff = diffRevisions(
      { subject: 'Weekly deals', previewText: 'Codes inside', html: '<p>Five <b>codes</b>.</p>', audience: { kind: 'all' } },
      { subject: 'Weekly deals', previewText: 'New Codes inside', html: '<p>Six <b>codes</b>.</p>', audience: { kind: 'sources', sources: ['x'] } },
      CAMPAIGN_DIFF_FIELDS,
    );
    expect(diff.map((d) => [d.label, d.parts.map((p) => `${p.kind}:${p.text}`)])).toEqual([
      ['Preview text', ['added:New ', 'same:Codes inside']],
      ['Content', ['removed:Five', 'added:Six', 'same: codes.']],
    ]);
  });

  it('stays fast on long bodies with a change in the middle', () => {
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i}`).join(' ');
    const started = Date.now();
    const parts = diffText(words, words.replace('w10000', 'changed'));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(parts.filter((p) => p.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'w10000' },
      { kind: 'added', text: 'changed' },
    ]);
  });
});
