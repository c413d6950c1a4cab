import { Heading } from '@react-email/components';
import { createElement as h } from 'react';
import type { PriceExampleDto } from '../../../../common/api-types.js';
import { CARD_TOKEN, dealCardTexts } from '../../../../common/campaigns.js';
import { priceExampleTexts } from '../../../../common/price-rule.js';
import { COLORS, Layout, renderMail } from './layout.js';
import { FOLLOWS_SLOT, RECIPIENT_SLOT, UNSUBSCRIBE_SLOT } from './slots.js';

export interface CardDeal {
  id: number; title: string; companyName: string; discountCode: string | null; discountPercentage: number | null; lastVerifiedAt: string | null;
  /** The card's "Was … now …": cheapestEligible, as GET /_api/discounts answers it (DiscountsService.priceExamples). */
  priceExample?: PriceExampleDto | null;
}
export interface CardPost { id: number; slug: string; title: string; excerpt: string | null }

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const card = (inner: string) =>
  `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:12px 0;border:1px solid ${COLORS.border};border-radius:12px;background:${COLORS.card}"><tr><td style="padding:16px">${inner}</td></tr></table>`;

function dealCard(d: CardDeal, siteUrl: string, now: Date): string {
  const t = dealCardTexts(d, now);
  // The one price rule (common/price-rule.ts), worded as on the /discounts card.
  const prices = priceExampleTexts(d.priceExample ?? null);
  return card(
    `<div style="font-size:13px;color:${COLORS.muted}">${esc(d.companyName)}</div>` +
    `<div style="font-size:18px;font-weight:700;color:${COLORS.ink};margin:2px 0 8px">${esc(d.title)}${t.off ? ` — <span style="color:${COLORS.brand}">${esc(t.off)}</span>` : ''}</div>` +
    (prices
      ? `<div style="margin:0 0 8px" data-deal-prices="${d.id}">Was <s>${esc(prices.was)}</s> now <strong style="color:${COLORS.ink}">${esc(prices.now)}</strong>` +
        ` <span style="font-size:13px;color:${COLORS.muted}">(${esc(prices.account)})</span></div>`
      : '') +
    (t.code ? `<div style="margin:0 0 8px">Code: <strong style="font-family:monospace;font-size:16px;letter-spacing:1px;background:#fff;border:1px dashed ${COLORS.brand};padding:2px 8px;border-radius:6px">${esc(t.code)}</strong></div>` : '') +
    `<div style="font-size:13px;color:${COLORS.muted}">✔ ${esc(t.verified)}</div>` +
    `<div style="margin-top:10px"><a href="${esc(siteUrl)}/discounts" style="color:${COLORS.brand};font-weight:700">Get this deal →</a></div>`,
  );
}

function postCard(p: CardPost, siteUrl: string): string {
  return card(
    `<div style="font-size:17px;font-weight:700;color:${COLORS.ink}">${esc(p.title)}</div>` +
    (p.excerpt ? `<div style="margin:6px 0 0;color:${COLORS.text}">${esc(p.excerpt)}</div>` : '') +
    `<div style="margin-top:10px"><a href="${esc(siteUrl)}/blog/${encodeURIComponent(p.slug)}" style="color:${COLORS.brand};font-weight:700">Read the post →</a></div>`,
  );
}

/**
 * A campaign's message, rendered once: the body (the sanitised campaign HTML, its `{{deal:ID}}`/`{{post:ID}}`
 * paragraphs replaced by cards), every body link rewritten to the click-counting redirect, in the site's layout
 * with the unsubscribe and preferences footer. Per-recipient parts are slots (mail.types.ts fillLetter, in the mail thread).
 */
export async function renderCampaign(input: {
  campaignId: number; subject: string; previewText: string; html: string; siteUrl: string; now: Date;
  deals: Map<number, CardDeal>; posts: Map<number, CardPost>;
}): Promise<{ html: string; text: string; links: string[] }> {
  const { siteUrl } = input;
  let body = input.html.replace(/<p>\s*(\{\{(?:deal|post):\d{1,9}\}\})\s*<\/p>/g, '$1').replace(CARD_TOKEN, (_m, kind: string, id: string) => {
    if (kind === 'deal') {
      const d = input.deals.get(Number(id));
      return d ? dealCard(d, siteUrl, input.now) : '';
    }
    const p = input.posts.get(Number(id));
    return p ? postCard(p, siteUrl) : '';
  });
  const links: string[] = [];
  body = body.replace(/href="(https?:\/\/[^"]+)"/g, (_m, url: string) => {
    const target = url.replace(/&amp;/g, '&');
    let index = links.indexOf(target);
    if (index < 0) index = links.push(target) - 1;
    return `href="${esc(siteUrl)}/_api/newsletter/click/${input.campaignId}/${index}?r=${RECIPIENT_SLOT}"`;
  });
  const rendered = await renderMail(
    h(Layout, {
      preview: input.previewText || input.subject,
      siteUrl,
      footer: {
        unsubscribeUrl: `${siteUrl}/newsletter/unsubscribe?token=${UNSUBSCRIBE_SLOT}`,
        preferencesUrl: `${siteUrl}/newsletter/preferences?token=${RECIPIENT_SLOT}`,
      },
    },
      h(Heading, { as: 'h1', style: { fontSize: '22px', margin: '0 0 12px', color: COLORS.ink } }, input.subject),
      h('div', { dangerouslySetInnerHTML: { __html: body } }),
      h('div', null, FOLLOWS_SLOT)),
  );
  return { ...rendered, links };
}
