import { z } from 'zod';
import { NEWSLETTER_SOURCES } from './enums.js';
import {
  EMAIL_PATTERN, isNewsletterEmail, isNewsletterSource, isSubscriberStatus, newsletterCsvRow, newsletterExportFileName,
  newsletterFormMessage, newsletterFormRedirect, newsletterFormResultOf, newsletterSourceLabel, normalizeEmail,
} from './newsletter.js';
import { newsletterSignupSchema } from './schemas.js';
import { MSG } from './messages.js';

describe('newsletter rules', () => {
  it('normalizes an address by trimming and lower-casing it', () => {
    expect(normalizeEmail('  Trader@Example.COM \n')).toBe('trader@example.com');
  });

  it.each(['trader@example.com', 'first.last+deals@mail.test', "o'neil@example.org", '+1@example.com'])('accepts %s', (email) => {
    expect(isNewsletterEmail(email)).toBe(true);
  });

  it.each(['', 'trader', 'trader@', '@example.com', 'a@b', 'a b@example.com', 'a..b@example.com', null, 42, `${'a'.repeat(250)}@x.io`])(
    'refuses %p',
    (email) => expect(isNewsletterEmail(email)).toBe(false),
  );

  it("checks addresses exactly as zod's z.email() does (the API's schemas), without zod in the page bundle", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    const samples = [
      'trader@example.com', 'first.last+deals@mail.test', "o'neil@example.org", '+1@example.com', 'a@b', 'a..b@example.com',
      '.a@example.com', 'a.@example.com', 'a@-example.com', 'a@example.c', 'a@sub.example.co.uk', 'ü@example.com', 'a@example.com.',
    ];
    for (const email of samples) expect([email, isNewsletterEmail(email)]).toEqual([email, z.email().safeParse(email).success]);
  });

  it('accepts every SPEC source label and blog-post-{slug}', () => {
    for (const source of [...NEWSLETTER_SOURCES, 'blog-post-ftmo-review-2025', 'blog-post-a']) {
      expect(isNewsletterSource(source)).toBe(true);
    }
  });

  it.each(['', 'twitter', 'Homepage', 'blog-post-', 'blog-post-Bad-Slug', 'blog-post-two--dashes', 'blog-post-x-', 'blog-post-a b', 42, null])(
    'refuses source %p',
    (source) => expect(isNewsletterSource(source)).toBe(false),
  );

  it('knows the two statuses', () => {
    expect(isSubscriberStatus('subscribed')).toBe(true);
    expect(isSubscriberStatus('unsubscribed')).toBe(true);
    expect(isSubscriberStatus('pending')).toBe(false);
  });

  it('names the export after the UTC date (docs/spec.md §9)', () => {
    expect(newsletterExportFileName(new Date('2025-03-04T23:59:00Z'))).toBe('newsletter_subscribers_2025-03-04.csv');
  });

  it("writes a CSV row with an ISO date and 'unknown' for an empty status or source (docs/spec.md §3)", () => {
    expect(newsletterCsvRow({ email: 'a@example.com', subscribedAt: new Date('2025-01-02T03:04:05.678Z'), status: 'subscribed', source: 'homepage' }))
      .toEqual(['a@example.com', '2025-01-02T03:04:05.678Z', 'subscribed', 'homepage']);
    expect(newsletterCsvRow({ email: 'a@example.com', subscribedAt: '2025-01-02T03:04:05Z', status: '', source: null }))
      .toEqual(['a@example.com', '2025-01-02T03:04:05.000Z', 'unknown', 'unknown']);
  });

  it("shows a missing source as 'Direct'", () => {
    expect(newsletterSourceLabel(null)).toBe('Direct');
    expect(newsletterSourceLabel('')).toBe('Direct');
    expect(newsletterSourceLabel('homepage')).toBe('homepage');
  });

  it('the form schema applies the same rules with SPEC words', () => {
    expect(newsletterSignupSchema.parse({ email: ' A@Example.com ' })).toEqual({ email: 'a@example.com' });
    expect(newsletterSignupSchema.safeParse({ email: 'nope' }).error?.issues[0].message).toBe(MSG.newsletterEmailInvalid);
    expect(newsletterSignupSchema.safeParse({ email: 'a@example.com', source: 'elsewhere' }).error?.issues[0].message).toBe(MSG.newsletterSourceInvalid);
  });
});

describe('the signup form posted without JavaScript', () => {
  it('maps every answer of the subscribe call to a code and back to the same words', () => {
    for (const message of [MSG.newsletterSubscribed, MSG.newsletterAlreadySubscribed, MSG.newsletterResubscribed]) {
      expect(newsletterFormMessage(newsletterFormResultOf(message))).toEqual({ ok: true, message });
    }
    expect(newsletterFormResultOf('anything else')).toBe('failed');
    expect(newsletterFormMessage('invalid')).toEqual({ ok: false, message: `Subscription failed: ${MSG.newsletterEmailInvalid}` });
    expect(newsletterFormMessage('failed')!.message).toBe('Subscription failed: An unknown error occurred');
    expect(newsletterFormMessage('limited')!.ok).toBe(false);
    expect(newsletterFormMessage('<script>')).toBeNull();
    expect(newsletterFormMessage(null)).toBeNull();
  });

  it('redirects back to the same-site page it came from, with the result and source', () => {
    expect(newsletterFormRedirect('/', 'subscribed', 'homepage')).toBe('/?newsletter=subscribed&source=homepage#newsletter');
    expect(newsletterFormRedirect('/blog?tag=ftmo&newsletter=failed', 'invalid', null)).toBe('/blog?tag=ftmo&newsletter=invalid#newsletter');
  });

  it('never redirects to another host', () => {
    for (const evil of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/ /x', 42, undefined]) {
      expect(newsletterFormRedirect(evil, 'failed', null)).toBe('/?newsletter=failed#newsletter');
    }
  });
});
