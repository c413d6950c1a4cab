import {
  COMPANY_ALIASES_MESSAGE, companyFormToPayload, companyToFormValues, EMPTY_COMPANY_FORM, parseAliases, validateAliases, validateCompanyName, validateRating, validateWebsiteUrl,
} from './company-form.js';
import { MSG } from './messages.js';

describe('company form', () => {
  it('sends empty optional fields as null and trims text', () => {
    expect(companyFormToPayload({ ...EMPTY_COMPANY_FORM, name: '  Acme  ' })).toEqual({
      name: 'Acme', aliases: [], description: null, logoUrl: null, websiteUrl: null, rating: null, whyChooseUs: null, featured: false,
    });
  });

  it('sends the rating as a number and keeps filled fields', () => {
    const payload = companyFormToPayload({
      name: 'Acme', aliases: 'Acme Funding, acme funding,, ACME  Co', description: 'A firm', logoUrl: '/media/a.webp', websiteUrl: 'https://acme.example',
      rating: '4.5', whyChooseUs: 'Fast payouts', featured: true,
    });
    expect(payload).toEqual({
      name: 'Acme', aliases: ['Acme Funding', 'ACME Co'], description: 'A firm', logoUrl: '/media/a.webp', websiteUrl: 'https://acme.example',
      rating: 4.5, whyChooseUs: 'Fast payouts', featured: true,
    });
  });

  it('round-trips a stored company through the form', () => {
    const company = { name: 'Acme', aliases: ['The Acme'], description: null, logoUrl: null, websiteUrl: 'https://a.example', rating: 0, whyChooseUs: null, featured: false };
    expect(companyToFormValues(company).rating).toBe('0');
    expect(companyFormToPayload(companyToFormValues(company))).toEqual(company);
    expect(companyToFormValues(null)).toEqual(EMPTY_COMPANY_FORM);
  });

  it('takes aliases comma or line separated, each at most 100 characters, at most 20', () => {
    expect(parseAliases('The 5%ers,\n The5ers , ,the5ers')).toEqual(['The 5%ers', 'The5ers']);
    expect(validateAliases('')).toBe(true);
    expect(validateAliases('x'.repeat(101))).toBe(COMPANY_ALIASES_MESSAGE);
    expect(validateAliases(Array.from({ length: 21 }, (_, i) => `n${i}`).join(','))).toBe(COMPANY_ALIASES_MESSAGE);
  });

  it('requires a name', () => {
    expect(validateCompanyName('   ')).toBe(MSG.companyNameRequired);
    expect(validateCompanyName('Acme')).toBe(true);
  });

  it('accepts only http(s) website URLs', () => {
    expect(validateWebsiteUrl('')).toBe(true);
    expect(validateWebsiteUrl('https://acme.example/x')).toBe(true);
    expect(validateWebsiteUrl('acme.example')).toBe(MSG.invalidUrl('Website URL'));
    expect(validateWebsiteUrl('javascript:alert(1)')).toBe(MSG.invalidUrl('Website URL'));
  });

  it('accepts ratings 0 to 5 in steps of 0.1', () => {
    for (const ok of ['', '0', '5', '4.7', '0.1']) expect(validateRating(ok)).toBe(true);
    for (const bad of ['-0.1', '5.1', '4.75', 'abc']) expect(validateRating(bad)).toBe(MSG.ratingRange);
  });
});
