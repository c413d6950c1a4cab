import { Button, Heading, Link, Text } from '@react-email/components';
import { createElement as h } from 'react';
import { SITE_NAME } from '../../../../common/constants.js';
import { INVITATION_HOURS } from '../../../../common/invitations.js';
import { COLORS, Layout, renderMail } from './layout.js';

/** What each invitable role may do, in the words of common/roles.ts. */
const ROLE_WORDS: Record<string, string> = {
  admin: 'an admin (everything: content, subscribers, users and settings)',
  editor: 'an editor (blog posts and media; companies, discounts and firms to read)',
};

/** The invitation to the admin (issue #20): a button and the same link in plain text, single use, 72 hours. */
export function invitationMail(input: { siteUrl: string; acceptUrl: string; role: string; invitedBy: string | null }) {
  const who = input.invitedBy ? `${input.invitedBy} invited you` : 'You are invited';
  return renderMail(
    h(Layout, { preview: `${who} to help run ${SITE_NAME}.`, siteUrl: input.siteUrl },
      h(Heading, { as: 'h1', style: { fontSize: '22px', margin: '0 0 12px', color: COLORS.ink } }, `Join the ${SITE_NAME} admin`),
      h(Text, null, `${who} to the ${SITE_NAME} admin as ${ROLE_WORDS[input.role] ?? input.role}. Choose a password to accept; you will be signed in straight away.`),
      h(Button, {
        href: input.acceptUrl,
        style: { backgroundColor: COLORS.brand, color: COLORS.ink, padding: '12px 20px', borderRadius: '10px', fontWeight: 700, textDecoration: 'none' },
      }, 'Accept the invitation'),
      h(Text, { style: { fontSize: '14px', color: COLORS.muted } }, 'Or open this link: ', h(Link, { href: input.acceptUrl, style: { color: COLORS.brand, wordBreak: 'break-all' } }, input.acceptUrl)),
      h(Text, { style: { fontSize: '14px', color: COLORS.muted } }, `The link works once, for ${INVITATION_HOURS} hours. If you did not expect this invitation, ignore this message.`),
    ),
  );
}
