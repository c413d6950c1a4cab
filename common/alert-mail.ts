/**
 * The words of an alert mail of a follow (issue #19): every change since the trader's last alert, grouped by
 * firm, each naming the change (field, before → after, or the code) with its link — the firm's timeline entry, or
 * the code on the firm's profile. Pure: the react-email template (backend/src/mail/templates/alert.ts), the Monday
 * digest's "Firms you follow" section and the tests build the same lines and the same plain-text part.
 */
import { SITE_NAME } from './constants.js';
import { firmPath, timelineAnchor } from './firm-pages.js';
import { describeChangeIn, type RuleValue } from './rule-changes.js';

export interface AlertChange {
  eventId: string;
  firmName: string;
  firmSlug: string;
  kind: 'rule' | 'status' | 'code';
  program: string | null;
  field: string;
  before: RuleValue;
  after: RuleValue;
  discountId: number | null;
  at: string;
}

export interface AlertMail {
  subject: string;
  html: string;
  text: string;
}

export const FOLLOW_SETTINGS_PATH = '/account';
export const FOLLOWED_SECTION_HEADING = 'Firms you follow';

export interface AlertLine { text: string; date: string; href: string; linkText: string }
export interface AlertFirm { name: string; slug: string; href: string; lines: AlertLine[] }

const siteBase = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

/** One change as a line and its link: the timeline entry, or the code on the firm's profile. */
export function alertLine(site: string, c: AlertChange): AlertLine {
  const text = describeChangeIn(c);
  const date = c.at.slice(0, 10);
  if (c.kind === 'code') return { text, date, href: `${site}${firmPath(c.firmSlug)}#deal-${c.discountId ?? ''}`, linkText: 'See the code' };
  return { text, date, href: `${site}${firmPath(c.firmSlug)}#${timelineAnchor(`e${c.eventId}`)}`, linkText: 'See the timeline' };
}

/** The changes grouped by firm, in the order they come. */
export function alertFirms(siteUrl: string, changes: readonly AlertChange[]): AlertFirm[] {
  const site = siteBase(siteUrl);
  const firms = new Map<string, AlertFirm>();
  for (const c of changes) {
    const firm = firms.get(c.firmSlug) ?? { name: c.firmName, slug: c.firmSlug, href: `${site}${firmPath(c.firmSlug)}`, lines: [] };
    firm.lines.push(alertLine(site, c));
    firms.set(c.firmSlug, firm);
  }
  return [...firms.values()];
}

export function alertSubject(changes: readonly AlertChange[], weekly = false): string {
  const firms = new Set(changes.map((c) => c.firmSlug));
  if (weekly) return `This week at the firms you follow: ${changes.length} change${changes.length === 1 ? '' : 's'}`;
  if (changes.length === 1) return `${changes[0]!.firmName}: ${describeChangeIn(changes[0]!)}`;
  return `${changes.length} changes at ${firms.size === 1 ? changes[0]!.firmName : `${firms.size} firms you follow`}`;
}

/** The changes as plain text: each firm, then each change with its date and link. */
export function alertChangesText(siteUrl: string, changes: readonly AlertChange[]): string {
  return alertFirms(siteUrl, changes)
    .map((f) => [f.name, ...f.lines.map((l) => `- ${l.text} (${l.date})\n  ${l.linkText}: ${l.href}`)].join('\n'))
    .join('\n\n');
}

export const alertFooterText = (siteUrl: string, unsubscribeUrl: string) =>
  `You get this because you follow these firms on ${SITE_NAME}.\nFollow settings: ${siteBase(siteUrl)}${FOLLOW_SETTINGS_PATH}\nStop alerts: ${unsubscribeUrl}`;

/** The whole plain-text part of an alert mail. */
export function alertText(siteUrl: string, changes: readonly AlertChange[], unsubscribeUrl: string): string {
  return `${alertChangesText(siteUrl, changes)}\n\n${alertFooterText(siteUrl, unsubscribeUrl)}\n`;
}
