import { Button, Heading, Link, Text } from '@react-email/components';
import { createElement as h } from 'react';
import { COLORS, Layout, renderMail } from './layout.js';

export const CONFIRM_SUBJECT = 'Confirm your subscription to Verified Trader Funding';

/** The double opt-in mail: a button and the same link in plain text (issue #16). */
export function confirmSubscriptionMail(input: { siteUrl: string; confirmUrl: string }) {
  return renderMail(
    h(Layout, { preview: 'One click to start receiving verified deals every Monday.', siteUrl: input.siteUrl },
      h(Heading, { as: 'h1', style: { fontSize: '22px', margin: '0 0 12px', color: COLORS.ink } }, 'Confirm your subscription'),
      h(Text, null, 'Thanks for signing up for verified prop-firm deals. Please confirm that this address is yours — we send nothing until you do.'),
      h(Button, {
        href: input.confirmUrl,
        style: { backgroundColor: COLORS.brand, color: COLORS.ink, padding: '12px 20px', borderRadius: '10px', fontWeight: 700, textDecoration: 'none' },
      }, 'Confirm my subscription'),
      h(Text, { style: { fontSize: '14px', color: COLORS.muted } }, 'Or open this link: ', h(Link, { href: input.confirmUrl, style: { color: COLORS.brand, wordBreak: 'break-all' } }, input.confirmUrl)),
      h(Text, { style: { fontSize: '14px', color: COLORS.muted } }, 'The link works for 7 days. If you did not sign up, ignore this message and you will not hear from us again.'),
    ),
  );
}
