import { FOLLOW_INTENT_PARAM, followIntentOf, followIntentOfNext, signInToFollowHref, withFollowIntent, withoutFollowIntent } from './follow-intent.js';
import { loginReturnPath } from './login-form.js';

describe('the intent to follow a firm, carried through sign-in', () => {
  it('reads a plain positive firm id and nothing else', () => {
    expect(followIntentOf('follow=12')).toBe(12);
    expect(followIntentOf(new URLSearchParams('size=100000&follow=7'))).toBe(7);
    for (const bad of ['', 'follow=', 'follow=0', 'follow=-3', 'follow=1.5', 'follow=1e3', 'follow=abc', 'follow=012', 'follow=99999999999', 'follow=2147483648']) {
      expect(followIntentOf(bad)).toBeNull();
    }
  });

  it('adds the intent to the page the visitor is on, keeping its query and hash', () => {
    expect(withFollowIntent('/firms?size=100000&sort=trueCost', 3)).toBe('/firms?size=100000&sort=trueCost&follow=3');
    expect(withFollowIntent('/firms/acme?follow=9#timeline', 3)).toBe('/firms/acme?follow=3#timeline');
    expect(withFollowIntent('/discounts', 4)).toBe('/discounts?follow=4');
  });

  it('never sends the visitor to another site, even from a hostile current path', () => {
    for (const hostile of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      expect(withFollowIntent(hostile, 5)).toBe('/?follow=5');
    }
  });

  it('the Follow link of a signed-out visitor: /login with a safe next that holds the intent', () => {
    const href = signInToFollowHref('/firms?size=100000', 12);
    const next = new URL(href, 'http://site.invalid').searchParams.get('next')!;
    expect(href.startsWith('/login?next=')).toBe(true);
    expect(next).toBe('/firms?size=100000&follow=12');
    expect(loginReturnPath(next)).toBe(next);
    expect(followIntentOfNext(next)).toBe(12);
    expect(followIntentOfNext('/firms')).toBeNull();
  });

  it('drops the intent once acted on, keeping the rest of the query', () => {
    expect(withoutFollowIntent('size=100000&follow=12&sort=trueCost')).toBe('?size=100000&sort=trueCost');
    expect(withoutFollowIntent(`${FOLLOW_INTENT_PARAM}=12`)).toBe('');
  });
});
