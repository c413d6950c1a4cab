/** Campaigns and the Monday digest (issue #16): shapes shared by the server and the admin, and the digest's content rules. */
import { formatPercentage } from './discount-page.js';
import { verifiedLabel } from './proof.js';

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Who gets a campaign: every confirmed subscriber, or those who signed up from the given sources. */
export type CampaignAudience = { kind: 'all' } | { kind: 'sources'; sources: string[] };

export interface CampaignStats {
  recipients: number;
  sent: number;
  /** Closed without delivery: the in-doubt ones below included. */
  failed: number;
  /**
   * Of the failed: handed to the mail server, then the connection broke or no answer came (issue #35). The server may
   * have delivered them, so they are never sent again.
   */
  inDoubt: number;
  bounced: number;
  unsubscribed: number;
  clicks: number;
}

export interface CampaignDto {
  id: number;
  kind: 'campaign' | 'digest';
  subject: string;
  previewText: string;
  html: string;
  status: CampaignStatus;
  scheduledAt: string | null;
  sentAt: string | null;
  audience: CampaignAudience;
  stats: CampaignStats;
  createdAt: string;
  updatedAt: string;
  /** Optimistic locking (issue #20): a save sending an older one is a 409. */
  version: number;
}

/** A signup source a campaign's audience can pick, with its confirmed, reachable subscribers. */
export interface AudienceSourceDto {
  source: string;
  subscribers: number;
}

export interface DigestInfoDto {
  nextRunAt: string;
  autoSend: boolean;
  lastDigestAt: string | null;
}

export interface NewsletterSettingsDto {
  digestAutoSend: boolean;
  /** Messages per second a campaign is sent at (throttling). */
  sendRatePerSecond: number;
}

/** Prefix of a test send's subject. */
export const TEST_SUBJECT_PREFIX = '[Test] ';

/** In a campaign's HTML, a paragraph holding only `{{deal:ID}}` or `{{post:ID}}` becomes a deal or post card. */
export const CARD_TOKEN = /\{\{(deal|post):(\d{1,9})\}\}/g;

// ---- The digest's content rules ----

export interface DigestDiscount {
  id: number;
  title: string;
  companyName: string;
  discountCode: string | null;
  discountPercentage: number | null;
  createdAt: string;
  validUntil: string | null;
  lastVerifiedAt: string | null;
}
export interface DigestPost { id: number; title: string; publishedAt: string }
export interface DigestFirmChange { id: number; companyName: string; date: string; change: string }

export interface DigestContent {
  subject: string;
  previewText: string;
  newDeals: DigestDiscount[];
  endingSoon: DigestDiscount[];
  posts: DigestPost[];
  firmChanges: DigestFirmChange[];
}

/** A deal "ends soon" when its end is within this many days of the digest. */
export const DIGEST_ENDING_DAYS = 7;

/**
 * What a digest says, from what changed since `since` (the last digest, or a week before `now`): deals added since
 * then, deals ending within 7 days (each deal once: a new one is not repeated as ending), posts published since then
 * and firm changes dated since then. Null when nothing changed: an empty week drafts nothing.
 */
export function digestContent(
  input: { discounts: DigestDiscount[]; posts: DigestPost[]; firmChanges: DigestFirmChange[] },
  since: Date,
  now: Date,
): DigestContent | null {
  const after = (iso: string) => new Date(iso).getTime() > since.getTime() && new Date(iso).getTime() <= now.getTime();
  const newDeals = input.discounts.filter((d) => after(d.createdAt));
  const horizon = now.getTime() + DIGEST_ENDING_DAYS * 86_400_000;
  const endingSoon = input.discounts.filter((d) => {
    if (!d.validUntil || newDeals.includes(d)) return false;
    const end = new Date(d.validUntil).getTime();
    return end > now.getTime() && end <= horizon;
  });
  const posts = input.posts.filter((p) => after(p.publishedAt));
  const sinceDay = since.toISOString().slice(0, 10);
  const today = now.toISOString().slice(0, 10);
  const firmChanges = input.firmChanges.filter((c) => c.date > sinceDay && c.date <= today);
  if (!newDeals.length && !endingSoon.length && !posts.length && !firmChanges.length) return null;

  const best = newDeals.reduce<DigestDiscount | null>((top, d) => ((d.discountPercentage ?? 0) > (top?.discountPercentage ?? 0) ? d : top), null);
  const subject = newDeals.length
    ? `${newDeals.length} new verified deal${newDeals.length === 1 ? '' : 's'} this week${best?.discountPercentage ? `: up to ${formatPercentage(best.discountPercentage)}% off` : ''}`
    : endingSoon.length
      ? `${endingSoon.length} deal${endingSoon.length === 1 ? '' : 's'} ending soon`
      : 'This week at Verified Trader Funding';
  const previewText = [
    newDeals.length && `${newDeals.length} new deal${newDeals.length === 1 ? '' : 's'}`,
    endingSoon.length && `${endingSoon.length} ending soon`,
    posts.length && `${posts.length} new post${posts.length === 1 ? '' : 's'}`,
    firmChanges.length && `${firmChanges.length} firm change${firmChanges.length === 1 ? '' : 's'}`,
  ].filter(Boolean).join(' · ');
  return { subject, previewText, newDeals, endingSoon, posts, firmChanges };
}

/** The digest's body as campaign HTML (cards by token, so the admin can edit it before it goes out). */
export function digestHtml(content: DigestContent): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const section = (title: string, body: string) => `<h2>${esc(title)}</h2>${body}`;
  const cards = (kind: 'deal' | 'post', ids: number[]) => ids.map((id) => `<p>{{${kind}:${id}}}</p>`).join('');
  return [
    `<p>Here is what changed this week: verified codes, deals about to end, and what we published.</p>`,
    content.newDeals.length ? section('New verified deals', cards('deal', content.newDeals.map((d) => d.id))) : '',
    content.endingSoon.length ? section('Ending soon', cards('deal', content.endingSoon.map((d) => d.id))) : '',
    content.posts.length ? section('New on the blog', cards('post', content.posts.map((p) => p.id))) : '',
    content.firmChanges.length
      ? section('Firm changes', `<ul>${content.firmChanges.map((c) => `<li><strong>${esc(c.companyName)}</strong> (${esc(c.date)}): ${esc(c.change)}</li>`).join('')}</ul>`)
      : '',
  ].join('');
}

/** The verification line of a deal card: the site's own label (common/proof.ts), so mail and pages agree. */
export function dealCardTexts(d: Pick<DigestDiscount, 'discountPercentage' | 'discountCode' | 'lastVerifiedAt'>, now: Date) {
  return {
    off: d.discountPercentage ? `${formatPercentage(d.discountPercentage)}% off` : null,
    code: d.discountCode,
    verified: verifiedLabel(d.lastVerifiedAt, now),
  };
}
