/**
 * Each admin form's cases through both sides: the form's zod schema (what the dialog shows on blur) and the
 * server's ValidationPipe with the DTO the call reaches (what the API answers), for the body the form would send.
 * Both must agree: the same verdict and, when refused, the same message on the same field.
 */
import { companyFormSchema, companyFormToPayload, EMPTY_COMPANY_FORM, type CompanyFormValues } from '../../../common/company-form.js';
import { discountFormSchema, emptyDiscountForm, toDiscountPayload, type DiscountFormValues } from '../../../common/discount-form.js';
import { isHttpUrl, isImageReference, zodFormErrors } from '../../../common/form-rules.js';
import { loginFormSchema } from '../../../common/login-form.js';
import { MSG } from '../../../common/messages.js';
import { EMPTY_POST, postFormSchema, toPayload, type PostFormValues } from '../../../common/post-form.js';
import { newsletterSignupSchema } from '../../../common/schemas.js';
import { CreateBlogPostDto } from '../blog-posts/dto/blog-post.dto.js';
import { CreateCompanyDto } from '../companies/dto/company.dto.js';
import { CreateDiscountDto } from '../discounts/dto/discount.dto.js';
import { LoginDto } from '../auth/dto/login.dto.js';
import { SubscribeDto } from '../newsletter/dto/newsletter.dto.js';
import { ApiError } from './api-error.js';
import { createValidationPipe } from './validation.pipe.js';

const DATA_IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

/** The server's verdict on a body: {} when accepted, else its message per field. */
async function serverErrors(metatype: new () => object, body: object): Promise<Record<string, string>> {
  try {
    await createValidationPipe().transform(body, { type: 'body', metatype });
    return {};
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return ((error.getResponse() as { errors?: Record<string, string> }).errors ?? {}) as Record<string, string>;
  }
}

type Case<V> = [what: string, change: Partial<V>, expected: Record<string, string>];

describe('one http(s) URL rule and one image rule for both sides', () => {
  it.each([
    ['https://acme.example/x', true], ['http://localhost:3000', true], ['acme.example', false], ['javascript:alert(1)', false],
    ['ftp://acme.example', false], ['https://exa mple.com', false], ['', false], ['https://', false],
  ])('isHttpUrl(%j) is %s', (value, ok) => expect(isHttpUrl(value)).toBe(ok));

  it.each([
    ['https://acme.example/logo.png', true], ['/media/abc.webp', true], [DATA_IMAGE, true], ['DATA:image/png;base64,x', true],
    ['/etc/passwd', false], ['logo.png', false], ['/media/../x', false],
  ])('isImageReference(%j) is %s', (value, ok) => expect(isImageReference(value)).toBe(ok));
});

describe('the company form, through zod and through the server', () => {
  const valid: CompanyFormValues = { ...EMPTY_COMPANY_FORM, name: 'Acme Funding', websiteUrl: 'https://acme.example', rating: '4.5' };
  const cases: Case<CompanyFormValues>[] = [
    ['a valid company', {}, {}],
    ['an empty name', { name: '  ' }, { name: MSG.companyNameRequired }],
    ['a website without a scheme', { websiteUrl: 'acme.example' }, { websiteUrl: MSG.invalidUrl('Website URL') }],
    ['a javascript: website', { websiteUrl: 'javascript:alert(1)' }, { websiteUrl: MSG.invalidUrl('Website URL') }],
    ['a rating above 5', { rating: '5.5' }, { rating: MSG.ratingRange }],
    ['a rating in hundredths', { rating: '4.55' }, { rating: MSG.ratingRange }],
    ['a logo as a data: image', { logoUrl: DATA_IMAGE }, {}],
    ['an uploaded logo', { logoUrl: '/media/abc.webp' }, {}],
    ['a logo that is no URL', { logoUrl: 'logo.png' }, { logoUrl: MSG.invalidImage('Logo') }],
  ];
  it.each(cases)('%s', async (_what, change, expected) => {
    const values = { ...valid, ...change };
    expect(zodFormErrors(companyFormSchema, values)).toEqual(expected);
    expect(await serverErrors(CreateCompanyDto, companyFormToPayload(values))).toEqual(expected);
  });
});

describe('the discount form, through zod and through the server', () => {
  const valid: DiscountFormValues = { ...emptyDiscountForm(), title: '20% off', companyId: '3', status: 'active', discountPercentage: '20' };
  const cases: Case<DiscountFormValues>[] = [
    ['a valid discount', {}, {}],
    ['an empty title', { title: '' }, { title: MSG.titleRequired }],
    ['no company', { companyId: '' }, { companyId: MSG.companyRequired }],
    ['an ftp affiliate link', { affiliateLink: 'ftp://acme.example' }, { affiliateLink: MSG.invalidUrl('Affiliate link') }],
    ['a percentage above 100', { discountPercentage: '101' }, { discountPercentage: MSG.discountPercentageRange }],
    ['a media data: image', { mediaUrl: DATA_IMAGE }, {}],
    ['a media http URL', { mediaUrl: 'https://cdn.example/a.png' }, {}],
    ['a media text that is no URL', { mediaUrl: 'banner' }, { mediaUrl: MSG.invalidImage('Media URL') }],
  ];
  it.each(cases)('%s', async (_what, change, expected) => {
    const values = { ...valid, ...change };
    expect(zodFormErrors(discountFormSchema, values)).toEqual(expected);
    expect(await serverErrors(CreateDiscountDto, toDiscountPayload(values))).toEqual(expected);
  });
});

describe('the blog post form, through zod and through the server', () => {
  const valid: PostFormValues = { ...EMPTY_POST, title: 'Hello', slug: 'hello', content: '<p>Hi</p>' };
  const cases: Case<PostFormValues>[] = [
    ['a valid post', {}, {}],
    ['an empty title', { title: ' ' }, { title: MSG.titleRequired }],
    ['an empty slug', { slug: '' }, { slug: MSG.slugRequired }],
    ['a slug with capitals and spaces', { slug: 'Hello World' }, { slug: MSG.slugFormat }],
    ['an empty content', { content: '' }, { content: MSG.contentRequired }],
    ['a featured image as a data: image', { featuredImageUrl: DATA_IMAGE }, {}],
    ['a featured image that is no URL', { featuredImageUrl: 'hero.jpg' }, { featuredImageUrl: MSG.invalidImage('Featured image') }],
  ];
  it.each(cases)('%s', async (_what, change, expected) => {
    const values = { ...valid, ...change };
    expect(zodFormErrors(postFormSchema, values)).toEqual(expected);
    expect(await serverErrors(CreateBlogPostDto, toPayload(values))).toEqual(expected);
  });
});

describe('the newsletter form, through zod and through the server', () => {
  const cases: Array<[what: string, body: { email: string; source?: string }, expected: Record<string, string>]> = [
    ['a valid address', { email: 'Trader@Example.com ', source: 'homepage' }, {}],
    ['no address', { email: '' }, { email: MSG.newsletterEmailInvalid }],
    ['an address without a domain', { email: 'trader@' }, { email: MSG.newsletterEmailInvalid }],
    ['an unknown source', { email: 'trader@example.com', source: 'somewhere' }, { source: MSG.newsletterSourceInvalid }],
    ["a post's own source", { email: 'trader@example.com', source: 'blog-post-hello' }, {}],
  ];
  it.each(cases)('%s', async (_what, body, expected) => {
    expect(zodFormErrors(newsletterSignupSchema, body)).toEqual(expected);
    expect(await serverErrors(SubscribeDto, body)).toEqual(expected);
  });
});

describe('the sign-in form, through zod and through the server', () => {
  const cases: Array<[what: string, body: Record<string, unknown>, expected: Record<string, string>]> = [
    ['a valid sign-in', { email: 'admin@example.com', password: 'secret' }, {}],
    ['an address typed with spaces around it', { email: '  admin@example.com ', password: 'secret' }, {}],
    ['nothing typed', { email: '', password: '' }, { email: MSG.emailRequired, password: MSG.passwordRequired }],
    ['an address without a domain', { email: 'admin@', password: 'secret' }, { email: MSG.emailRequired }],
    ['no password', { email: 'admin@example.com', password: '' }, { password: MSG.passwordRequired }],
  ];
  it.each(cases)('%s', async (_what, body, expected) => {
    expect(zodFormErrors(loginFormSchema, body)).toEqual(expected);
    expect(await serverErrors(LoginDto, body)).toEqual(expected);
  });

  it('the server judges a field that is missing or not text as an empty one', async () => {
    expect(await serverErrors(LoginDto, { email: 42 })).toEqual({ email: MSG.emailRequired, password: MSG.passwordRequired });
  });
});
