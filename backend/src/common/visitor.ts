import { createHmac } from 'node:crypto';

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
 * The same visitor's key across requests, without a cookie and without keeping their address: a
 * keyed hash (HMAC-SHA-256) of IP and user agent. The key comes from the session secret
 * (AppConfig.visitorKey), so the hash cannot be reversed by trying all addresses without it.
 */
export function visitorKey(key: Buffer, { ip, userAgent }: Pick<VisitorSignals, 'ip' | 'userAgent'>): string {
  return createHmac('sha256', key).update(`${ip ?? ''}\n${userAgent ?? ''}`).digest('base64url');
}
