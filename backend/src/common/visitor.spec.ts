import { isCountableVisit, networkOf, networkVisitorKey } from './visitor.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('isCountableVisit', () => {
  it('counts a browser GET', () => {
    expect(isCountableVisit({ method: 'GET', userAgent: CHROME })).toBe(true);
    expect(isCountableVisit({ method: 'get', userAgent: SAFARI_IOS })).toBe(true);
  });

  it('does not count a HEAD, nor a request without a user agent', () => {
    expect(isCountableVisit({ method: 'HEAD', userAgent: CHROME })).toBe(false);
    expect(isCountableVisit({ method: 'GET', userAgent: undefined })).toBe(false);
    expect(isCountableVisit({ method: 'GET', userAgent: '   ' })).toBe(false);
  });

  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
    'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Twitterbot/1.0',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
    'curl/8.5.0',
    'Wget/1.21.4',
    'python-requests/2.31.0',
    'Go-http-client/1.1',
    'UptimeRobot/2.0 (+http://www.uptimerobot.com/) monitor',
  ])('does not count an automated agent: %s', (userAgent) => {
    expect(isCountableVisit({ method: 'GET', userAgent })).toBe(false);
  });
});

describe('networkOf (the visitor is the network, not the user agent)', () => {
  it('is the IPv4 address itself, also when written IPv4-mapped', () => {
    expect(networkOf('203.0.113.5')).toBe('203.0.113.5');
    expect(networkOf('::ffff:203.0.113.5')).toBe('203.0.113.5');
  });
  it('is the /64 of an IPv6 address, however it is written', () => {
    const net = networkOf('2001:db8:aa:bb:1:2:3:4');
    expect(net).toBe('2001:0db8:00aa:00bb::/64');
    expect(networkOf('2001:db8:aa:bb::ffff')).toBe(net);
    expect(networkOf('2001:DB8:AA:BB:ffff:ffff:ffff:ffff')).toBe(net);
    expect(networkOf('2001:db8:aa:bc::1')).not.toBe(net);
    expect(networkOf('::1')).toBe('0000:0000:0000:0000::/64');
  });
  it('is null without a readable address', () => {
    expect(networkOf(undefined)).toBeNull();
    expect(networkOf('not an ip')).toBeNull();
  });
});

describe('networkVisitorKey', () => {
  const key = Buffer.alloc(32, 7);
  const day = new Date('2026-11-25T10:00:00Z');

  it('is the same for one network all day, whatever else changes, and differs between networks', () => {
    const a = networkVisitorKey(key, '203.0.113.5', day);
    expect(networkVisitorKey(key, '203.0.113.5', new Date('2026-11-25T23:59:59Z'))).toBe(a);
    expect(networkVisitorKey(key, '::ffff:203.0.113.5', day)).toBe(a);
    expect(networkVisitorKey(key, '203.0.113.6', day)).not.toBe(a);
    expect(networkVisitorKey(key, '2001:db8::1', day)).toBe(networkVisitorKey(key, '2001:db8::9:9', day));
  });

  it('rotates daily, depends on the key and does not contain the address', () => {
    const a = networkVisitorKey(key, '203.0.113.5', day);
    expect(networkVisitorKey(key, '203.0.113.5', new Date('2026-11-26T00:00:00Z'))).not.toBe(a);
    expect(networkVisitorKey(Buffer.alloc(32, 8), '203.0.113.5', day)).not.toBe(a);
    expect(a).not.toContain('203.0.113.5');
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
