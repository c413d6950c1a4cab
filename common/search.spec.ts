import {
  asksForCodes, compactName, firmPart, MARK_END, MARK_START, markSnippet, normaliseSearchQuery, SEARCH_MAX_LENGTH, SEARCH_TEXT,
  searchHref, snippetText,
} from './search.js';

describe('normaliseSearchQuery', () => {
  it('trims, collapses whitespace and drops control characters', () => {
    expect(normaliseSearchQuery('  topstep \t\n coupon  ')).toEqual({ ok: true, q: 'topstep coupon' });
    expect(normaliseSearchQuery('a\u0000b')).toEqual({ ok: true, q: 'a b' });
    expect(normaliseSearchQuery('\u2028ftmo\u0007')).toEqual({ ok: true, q: 'ftmo' });
  });

  it('keeps punctuation and tsquery operators as typed', () => {
    expect(normaliseSearchQuery(`"ftmo" & !(topstep) | a:* \\`)).toEqual({ ok: true, q: `"ftmo" & !(topstep) | a:* \\` });
  });

  it('empty, blank or missing is an empty query', () => {
    for (const raw of ['', '   ', undefined, null, []]) expect(normaliseSearchQuery(raw)).toEqual({ ok: true, q: '' });
  });

  it('takes the first of repeated parameters', () => {
    expect(normaliseSearchQuery(['ftmo', 'apex'])).toEqual({ ok: true, q: 'ftmo' });
  });

  it('allows 200 characters after trimming, refuses 201', () => {
    expect(normaliseSearchQuery(`  ${'a'.repeat(SEARCH_MAX_LENGTH)}  `)).toEqual({ ok: true, q: 'a'.repeat(200) });
    expect(normaliseSearchQuery('a'.repeat(SEARCH_MAX_LENGTH + 1))).toEqual({ ok: false, message: SEARCH_TEXT.tooLong });
    // Counted in characters, not UTF-16 units: 200 emoji are 200 characters.
    expect(normaliseSearchQuery('🙂'.repeat(200)).ok).toBe(true);
  });
});

describe('names', () => {
  it('compacts spacing, case, accents and punctuation away', () => {
    expect(compactName('The 5%ers')).toBe('the5ers');
    expect(compactName('THE5ERS')).toBe('the5ers');
    expect(compactName('Café Crème!')).toBe('cafecreme');
  });

  it('drops code words to find the firm part, and says when codes are asked for', () => {
    expect(firmPart('topstpe coupon')).toBe('topstpe');
    expect(firmPart('apex promo codes')).toBe('apex');
    expect(firmPart('coupon')).toBe('coupon');
    expect(asksForCodes('topstep Coupon')).toBe(true);
    expect(asksForCodes('payout denied')).toBe(false);
  });
});

describe('markSnippet', () => {
  const m = (s: string) => `${MARK_START}${s}${MARK_END}`;

  it('turns the marks into <mark> and escapes everything else', () => {
    expect(markSnippet(`${m('payout')} <b>denied</b> & "x"`)).toBe('<mark>payout</mark> &lt;b&gt;denied&lt;/b&gt; &amp; &quot;x&quot;');
  });

  it('keeps tags paired whatever the marks', () => {
    expect(markSnippet(`${MARK_START}${MARK_START}a${MARK_END}${MARK_END} b ${MARK_START}c`)).toBe('<mark>a</mark> b <mark>c</mark>');
    expect(markSnippet(`${MARK_END}a`)).toBe('a');
    expect(markSnippet(m(''))).toBe('');
  });

  it('reads back as plain text', () => {
    expect(snippetText(markSnippet(`${m('a')} < b & 'c'`))).toBe(`a < b & 'c'`);
  });
});

it('builds the page address', () => {
  expect(searchHref('topstep coupon')).toBe('/search?q=topstep+coupon');
  expect(searchHref('a&b', 'post', 2)).toBe('/search?q=a%26b&type=post&page=2');
});
