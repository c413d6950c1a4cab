import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/** What the visitor rules read from a request. */
export interface VisitorSignals {
  method: string;
  ip: string | undefined;
  userAgent: string | undefined;
}

/**
 * Agents that follow links without a person behind them: search and social crawlers, link
 * previews, uptime monitors, HTTP libraries and command-line clients, headless browsers.
 */
const AUTOMATED_AGENT =
  /bot\b|bot[/;-]|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|monitor|pingdom|lighthouse|headless|phantomjs|curl\/|wget\/|python-|httpx|aiohttp|go-http-client|java\/|okhttp|libwww|node-fetch|axios\/|undici|scrapy|httpclient/i;

/**
 * Whether a request is a person's visit to count: a HEAD only looks (link checkers), and a
 * request without a user agent, or with a known automated one, is not a visitor.
 */
export function isCountableVisit({ method, userAgent }: Pick<VisitorSignals, 'method' | 'userAgent'>): boolean {
  if (method.toUpperCase() !== 'GET') return false;
  return isPersonAgent(userAgent);
}

/** A user agent that may be a person's browser: present and not a known automated one. */
export function isPersonAgent(userAgent: string | undefined): boolean {
  const agent = userAgent?.trim();
  return Boolean(agent) && !AUTOMATED_AGENT.test(agent!);
}

/**
 * The network a request comes from, the unit one person cannot easily multiply (issue #18): an IPv4
 * address (/32, also when written IPv4-mapped, ::ffff:a.b.c.d), or the /64 of an IPv6 address — what one
 * household or phone is given. The user agent plays no part: changing it is free. null when there is no
 * readable address.
 */
export function networkOf(ip: string | undefined): string | null {
  if (!ip) return null;
  const address = ip.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return isIPv4(mapped[1]!) ? mapped[1]! : null;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return null;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The 8 hextets of an IPv6 address, each as 4 lowercase hex digits (an embedded IPv4 tail included). */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -v4[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') as [string, string] : [text, null];
  const left = head ? head.split(':') : [];
  const right = tail === null ? [] : tail ? tail.split(':') : [];
  const zeros = tail === null ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((h) => h.padStart(4, '0'));
}

/** The UTC day a visitor key belongs to: the hash's key changes with it. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * A visitor for reports and clicks: the request's network (networkOf), as a keyed hash (HMAC-SHA-256) whose
 * key rotates every UTC day — derived from the secret (AppConfig.visitorKey) and the date — so no address is
 * stored, yesterday's keys cannot be linked to today's, and without the secret the hash cannot be reversed
 * by trying all addresses. The same network gets the same key all day, whatever its user agent.
 */
export function networkVisitorKey(key: Buffer, ip: string | undefined, now: Date): string {
  const network = networkOf(ip) ?? `unreadable:${ip ?? ''}`;
  const dayKey = createHmac('sha256', key).update(`day:${utcDay(now)}`).digest();
  return createHmac('sha256', dayKey).update(network).digest('base64url');
}
