/**
 * The alert mail of a follow (issue #19): every change since the trader's last alert, grouped by
 * firm, each naming the change (field, before → after, or the code) with links to the firm's
 * timeline and to the code. Pure: the sender and the tests build the same message.
 */
import { SITE_NAME } from './constants.js';
import { firmPath, timelineAnchor } from './firm-pages.js';
import { describeChangeIn, type RuleValue } from './rule-changes.js';
import { escapeHtml } from './seo/page-head.js';

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

/** One change as a line and its link: the timeline entry, or the code on the firm's profile. */
export function alertLine(site: string, c: AlertChange): { text: string; href: string; linkText: string } {
  const text = describeChangeIn(c);
  if (c.kind === 'code') return { text, href: `${site}${firmPath(c.firmSlug)}#deal-${c.discountId ?? ''}`, linkText: 'See the code' };
  return { text, href: `${site}${firmPath(c.firmSlug)}#${timelineAnchor(`e${c.eventId}`)}`, linkText: 'See the timeline' };
}

export function renderAlertMail(siteUrl: string, changes: readonly AlertChange[], unsubscribeUrl: string, weekly = false): AlertMail {
  const site = siteUrl.replace(/\/+$/, '');
  const firms = [...new Map(changes.map((c) => [c.firmSlug, c.firmName])).entries()];
  const subject = weekly
    ? `This week at the firms you follow: ${changes.length} change${changes.length === 1 ? '' : 's'}`
    : changes.length === 1
      ? `${changes[0]!.firmName}: ${describeChangeIn(changes[0]!)}`
      : `${changes.length} changes at ${firms.length === 1 ? firms[0]![1] : `${firms.length} firms you follow`}`;
  const settings = `${site}${FOLLOW_SETTINGS_PATH}`;
  const textParts: string[] = [];
  const htmlParts: string[] = [];
  for (const [slug, name] of firms) {
    textParts.push(`${name}`);
    htmlParts.push(`<h2 style="font-size:18px;margin:20px 0 8px">${escapeHtml(name)}</h2><ul>`);
    for (const c of changes.filter((x) => x.firmSlug === slug)) {
      const line = alertLine(site, c);
      textParts.push(`- ${line.text} (${c.at.slice(0, 10)})\n  ${line.linkText}: ${line.href}`);
      htmlParts.push(`<li>${escapeHtml(line.text)} <small>(${escapeHtml(c.at.slice(0, 10))})</small> &middot; <a href="${escapeHtml(line.href)}">${line.linkText}</a></li>`);
    }
    htmlParts.push('</ul>');
  }
  const footerText = `You get this because you follow these firms on ${SITE_NAME}.\nFollow settings: ${settings}\nStop alerts: ${unsubscribeUrl}`;
  return {
    subject,
    text: `${textParts.join('\n')}\n\n${footerText}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${htmlParts.join('')}`
      + `<p style="color:#555;font-size:13px;margin-top:24px">You get this because you follow these firms on ${escapeHtml(SITE_NAME)}. `
      + `<a href="${escapeHtml(settings)}">Follow settings</a> &middot; <a href="${escapeHtml(unsubscribeUrl)}">Stop alerts</a></p></body></html>`,
  };
}
