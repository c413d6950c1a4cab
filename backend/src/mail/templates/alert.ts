/**
 * The alert mail of a follow (issue #19) in the site's mail layout (react-email): every change grouped by firm,
 * each naming the change with a link to the timeline entry or the code; the follow settings and the one-click
 * "Stop alerts" link in the footer. The plain-text part is common/alert-mail.ts's, word for word the same lines.
 * `FollowedChanges` is also the "Firms you follow" section of a weekly trader's Monday digest.
 */
import { Heading, Link, Section, Text } from '@react-email/components';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  FOLLOWED_SECTION_HEADING, FOLLOW_SETTINGS_PATH, alertChangesText, alertFirms, alertSubject, alertText, type AlertChange, type AlertMail,
} from '../../../../common/alert-mail.js';
import { SITE_NAME } from '../../../../common/constants.js';
import { COLORS, Layout, renderMail } from './layout.js';

export function FollowedChanges({ siteUrl, changes }: { siteUrl: string; changes: readonly AlertChange[] }) {
  return h(Section, null, ...alertFirms(siteUrl, changes).map((firm) =>
    h(Section, { key: firm.slug, style: { margin: '0 0 16px' } },
      h(Heading, { as: 'h2', style: { fontSize: '18px', margin: '16px 0 8px', color: COLORS.ink } },
        h(Link, { href: firm.href, style: { color: COLORS.ink, textDecoration: 'none' } }, firm.name)),
      h('ul', { style: { margin: 0, paddingLeft: '20px' } }, ...firm.lines.map((line, i) =>
        h('li', { key: i, style: { margin: '0 0 8px' } },
          h('strong', null, line.text), ' ',
          h('span', { style: { color: COLORS.muted, fontSize: '13px' } }, `(${line.date})`), ' · ',
          h(Link, { href: line.href, style: { color: COLORS.brand, fontWeight: 700 } }, line.linkText)))))));
}

export async function renderAlertMail(siteUrl: string, changes: readonly AlertChange[], unsubscribeUrl: string, weekly = false): Promise<AlertMail> {
  const site = siteUrl.replace(/\/+$/, '');
  const subject = alertSubject(changes, weekly);
  const { html } = await renderMail(
    h(Layout, { preview: subject, siteUrl: site },
      h(Heading, { as: 'h1', style: { fontSize: '22px', margin: '0 0 12px', color: COLORS.ink } },
        weekly ? 'This week at the firms you follow' : 'News from the firms you follow'),
      h(FollowedChanges, { siteUrl: site, changes }),
      h(Text, { style: { fontSize: '13px', color: COLORS.muted, margin: '24px 0 0' } },
        `You get this because you follow these firms on ${SITE_NAME}. `,
        h(Link, { href: `${site}${FOLLOW_SETTINGS_PATH}`, style: { color: COLORS.muted } }, 'Follow settings'), ' · ',
        h(Link, { href: unsubscribeUrl, style: { color: COLORS.muted } }, 'Stop alerts'))),
  );
  return { subject, html, text: alertText(site, changes, unsubscribeUrl) };
}

/** A weekly trader's "Firms you follow" section of the Monday digest: an HTML fragment and its plain text. */
export function followedSection(siteUrl: string, changes: readonly AlertChange[]): { html: string; text: string } {
  const site = siteUrl.replace(/\/+$/, '');
  const html = renderToStaticMarkup(h(Section, { style: { margin: '24px 0 0', borderTop: `1px solid ${COLORS.border}`, paddingTop: '8px' } },
    h(Heading, { as: 'h2', style: { fontSize: '20px', margin: '8px 0', color: COLORS.ink } }, FOLLOWED_SECTION_HEADING),
    h(FollowedChanges, { siteUrl: site, changes }),
    h(Text, { style: { fontSize: '13px', color: COLORS.muted } },
      h(Link, { href: `${site}${FOLLOW_SETTINGS_PATH}`, style: { color: COLORS.muted } }, 'Follow settings'))));
  return { html, text: `${FOLLOWED_SECTION_HEADING}\n\n${alertChangesText(site, changes)}\n\nFollow settings: ${site}${FOLLOW_SETTINGS_PATH}\n` };
}
