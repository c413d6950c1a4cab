import { isCountableVisit, visitorKey } from './visitor.js';

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

describe('visitorKey', () => {
  const key = Buffer.alloc(32, 7);

  it('is the same for the same address and agent, different when either changes', () => {
    const a = visitorKey(key, { ip: '203.0.113.5', userAgent: CHROME });
    expect(visitorKey(key, { ip: '203.0.113.5', userAgent: CHROME })).toBe(a);
    expect(visitorKey(key, { ip: '203.0.113.6', userAgent: CHROME })).not.toBe(a);
    expect(visitorKey(key, { ip: '203.0.113.5', userAgent: SAFARI_IOS })).not.toBe(a);
  });

  it('depends on the key and does not contain the address', () => {
    const a = visitorKey(key, { ip: '203.0.113.5', userAgent: CHROME });
    expect(visitorKey(Buffer.alloc(32, 8), { ip: '203.0.113.5', userAgent: CHROME })).not.toBe(a);
    expect(a).not.toContain('203.0.113.5');
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('keeps the two fields apart: moving a character between them changes the key', () => {
    expect(visitorKey(key, { ip: '1.2.3.4', userAgent: '5x' })).not.toBe(visitorKey(key, { ip: '1.2.3.45', userAgent: 'x' }));
  });
});
