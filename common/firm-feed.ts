/**
 * A firm's Atom feed of changes (RFC 4287; issue #19): the same entries as the profile's timeline,
 * newest first, each linking to its place on the timeline and to its source.
 */
import { SITE_NAME } from './constants.js';
import type { TimelineEntryDto } from './firm-api-types.js';
import { FIRM_PAGE_TEXT, firmPath, timelineAnchor } from './firm-pages.js';
import { escapeXml } from './seo/feeds.js';
import { firmFeedPath } from './seo/page-head.js';

/** A feed reader needs the recent past, not the whole history. */
export const FEED_ENTRIES_MAX = 50;

export interface FeedFirm {
  slug: string;
  name: string;
  /** When the firm's record last changed: the feed's date when it has no entry yet. */
  updatedAt: string;
}

export function renderFirmAtom(siteUrl: string, firm: FeedFirm, timeline: readonly TimelineEntryDto[]): string {
  const site = siteUrl.replace(/\/+$/, '');
  const feedUrl = site + firmFeedPath(firm.slug);
  const profileUrl = site + firmPath(firm.slug);
  const entries = timeline.slice(0, FEED_ENTRIES_MAX);
  const updated = entries.reduce((max, e) => (e.at > max ? e.at : max), entries.length ? entries[0]!.at : new Date(firm.updatedAt).toISOString());
  const el = (name: string, text: string, attrs = '') => `<${name}${attrs}>${escapeXml(text)}</${name}>`;
  const items = entries.map((e) => {
    const summary = [e.text, e.date, e.note].filter(Boolean).join(' \u2014 ');
    return [
      '<entry>',
      el('id', `${profileUrl}#${timelineAnchor(e.id)}`),
      el('title', e.text),
      el('updated', e.at),
      `<link rel="alternate" type="text/html" href="${escapeXml(`${profileUrl}#${timelineAnchor(e.id)}`)}"/>`,
      e.sourceUrl ? `<link rel="related" href="${escapeXml(e.sourceUrl)}"/>` : '',
      el('summary', summary, ' type="text"'),
      '</entry>',
    ].filter(Boolean).join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    el('id', feedUrl),
    el('title', FIRM_PAGE_TEXT.firm.feedTitle(firm.name)),
    el('subtitle', FIRM_PAGE_TEXT.firm.feedSubtitle(firm.name)),
    el('updated', updated),
    `<author>${el('name', SITE_NAME)}${el('uri', site)}</author>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(feedUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(profileUrl)}"/>`,
    ...items,
    '</feed>',
    '',
  ].join('\n');
}
