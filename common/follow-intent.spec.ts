import {
  alertSettingsFormOf, FOLLOW_INTENT_PARAM, followDoneOf, followDonePath, followFormOf, followIntentOf, followIntentOfNext, signInToFollowHref, withFollowIntent, withoutFollowIntent,
} from './follow-intent.js';
import { loginReturnPath } from './login-path.js';

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

describe('the follow form without JavaScript', () => {
  it('reports what was done in the page URL, dropping the intent and any earlier outcome', () => {
    expect(followDonePath('/firms/acme', 3, true)).toBe('/firms/acme?followed=3');
    expect(followDonePath('/firms?size=100000&follow=3&followed=9', 3, false)).toBe('/firms?size=100000&unfollowed=3');
    expect(followDonePath('/discounts?unfollowed=3#deal-4', 3, true)).toBe('/discounts?followed=3#deal-4');
    expect(followDonePath('//evil.example/x', 3, true)).toBe('/?followed=3');
    expect(followDoneOf('followed=3')).toEqual({ companyId: 3, following: true });
    expect(followDoneOf(new URLSearchParams('size=1&unfollowed=12'))).toEqual({ companyId: 12, following: false });
    for (const none of ['', 'followed=', 'followed=0', 'unfollowed=x', 'follow=3']) expect(followDoneOf(none)).toBeNull();
  });

  it('reads only the fields our form sends', () => {
    expect(followFormOf({ companyId: '3', action: 'follow', next: '/firms?size=100000' })).toEqual({ companyId: 3, action: 'follow', next: '/firms?size=100000' });
    expect(followFormOf({ companyId: '3', action: 'unfollow', next: 'https://evil.example/' })).toEqual({ companyId: 3, action: 'unfollow', next: '/' });
    for (const bad of [undefined, {}, { companyId: '3' }, { companyId: '0', action: 'follow' }, { companyId: 3, action: 'follow' }, { companyId: '3', action: 'delete' }, { companyId: ['3'], action: 'follow' }]) {
      expect(followFormOf(bad)).toBeNull();
    }
  });
});

describe('the alert-emails form without JavaScript', () => {
  it('takes one of the three choices and nothing else', () => {
    expect(alertSettingsFormOf({ frequency: 'weekly' })).toBe('weekly');
    expect(alertSettingsFormOf({ frequency: 'off' })).toBe('off');
    for (const bad of [undefined, {}, { frequency: 'daily' }, { frequency: ['weekly'] }, { frequency: 'WEEKLY' }]) expect(alertSettingsFormOf(bad)).toBeNull();
  });
});
