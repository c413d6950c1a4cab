/**
 * The site's look in mail (react-email components, no JSX in the backend): dark header with the brand colour,
 * a light body for legibility in every client, 600 px wide and fluid below, and the sender's footer with the
 * unsubscribe and preferences links CAN-SPAM asks of every newsletter.
 */
import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import { createElement as h, type ReactNode } from 'react';
import { SITE_NAME } from '../../../../common/constants.js';

export const COLORS = { brand: '#0099ff', ink: '#0b1120', text: '#1f2937', muted: '#5b6477', card: '#f3f6fb', border: '#dbe3f0' };

export interface LayoutProps {
  preview: string;
  siteUrl: string;
  children?: ReactNode;
  /** Newsletters only: the visible unsubscribe link, the preferences link and the sender's postal footer. */
  footer?: { unsubscribeUrl: string; preferencesUrl: string };
}

export function Layout({ preview, siteUrl, children, footer }: LayoutProps) {
  return h(Html, { lang: 'en' },
    h(Head, null),
    h(Preview, null, preview),
    h(Body, { style: { backgroundColor: '#eef2f8', margin: 0, padding: '24px 0', fontFamily: 'Inter, Segoe UI, Helvetica, Arial, sans-serif' } },
      h(Container, { style: { maxWidth: '600px', width: '100%', backgroundColor: '#ffffff', borderRadius: '14px', overflow: 'hidden' } },
        h(Section, { style: { backgroundColor: COLORS.ink, padding: '20px 24px' } },
          h(Link, { href: siteUrl, style: { color: '#ffffff', fontSize: '18px', fontWeight: 700, textDecoration: 'none' } },
            h('span', { style: { color: COLORS.brand } }, '✔ '), SITE_NAME)),
        h(Section, { style: { padding: '24px', color: COLORS.text, fontSize: '16px', lineHeight: '24px' } }, children),
        h(Hr, { style: { borderColor: COLORS.border, margin: 0 } }),
        h(Section, { style: { padding: '16px 24px', color: COLORS.muted, fontSize: '12px', lineHeight: '18px' } },
          footer
            ? h(Text, { style: { margin: 0, fontSize: '12px', color: COLORS.muted } },
                'You receive this because you subscribed at ', h(Link, { href: siteUrl, style: { color: COLORS.muted } }, siteUrl.replace(/^https?:\/\//, '')), '. ',
                h(Link, { href: footer.unsubscribeUrl, style: { color: COLORS.muted } }, 'Unsubscribe'), ' · ',
                h(Link, { href: footer.preferencesUrl, style: { color: COLORS.muted } }, 'Email preferences'))
            : null,
          h(Text, { style: { margin: '8px 0 0', fontSize: '12px', color: COLORS.muted } }, `${SITE_NAME} · ${siteUrl.replace(/^https?:\/\//, '')}`)))));
}

/** HTML and the plain-text part of one message. */
export async function renderMail(element: ReturnType<typeof h>): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html) };
}
