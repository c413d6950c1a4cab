import type { EntityManager } from '@mikro-orm/postgresql';
import type { SubscriberStatus } from '../../../common/enums.js';
import { NewsletterSubscriber } from '../newsletter/newsletter-subscriber.entity.js';

const FIRST = ['james', 'maria', 'chen', 'olivia', 'lucas', 'amara', 'noah', 'sofia', 'ethan', 'priya',
  'mateo', 'hannah', 'kenji', 'leila', 'daniel', 'fatima', 'oscar', 'ines', 'ryan', 'yuki',
  'marcus', 'elena', 'tomas', 'zara', 'victor'];
const LAST = ['walker', 'santos', 'wei', 'bennett', 'moreau', 'okafor', 'fischer', 'rossi', 'clarke', 'sharma',
  'lopez', 'novak', 'tanaka', 'haddad', 'kim', 'rahman', 'lindqvist', 'ferreira', 'obrien', 'sato',
  'reid', 'petrova', 'kowalski', 'ali', 'dumont'];
const DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.test', 'inbox.test'];
/** docs/spec.md §3's labels, some posts' own forms, and null (shown as 'Direct'). */
const SOURCES: Array<string | null> = [
  'homepage', 'blog-sidebar', null, 'discounts-page', 'blog_sidebar_vtf', 'about-page-cta', 'blog-news-sidebar',
  'blog-post-ftmo-vs-fundednext-2025', 'blog-guides-sidebar', null, 'blog-reviews-sidebar', 'homepage',
  'blog-post-how-to-pass-a-prop-firm-challenge', 'discounts-page',
];
const COUNT = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

function email(i: number): string {
  const first = FIRST[i % FIRST.length];
  const last = LAST[(i * 7 + Math.floor(i / LAST.length) * 3) % LAST.length];
  const domain = DOMAINS[i % DOMAINS.length];
  const local = [`${first}.${last}`, `${first}${last}`, `${first[0]}${last}`, `${first}.${last}+deals`, `${first}_${last}${i}`][i % 5];
  return `${local}@${domain}`;
}

/**
 * 50 subscribers over the last 90 days (7 of them in the last week), about 80% still
 * subscribed, from every signup form; the newest first in id order like a real list grows.
 */
export async function seedNewsletterSubscribers(em: EntityManager): Promise<number> {
  if ((await em.count(NewsletterSubscriber)) > 0) return 0;
  const now = Date.now();
  for (let i = 0; i < COUNT; i++) {
    // Oldest first: i = 0 is ~89 days ago, the last 7 fall inside the 'New (Last 7 Days)' window.
    const daysAgo = i >= COUNT - 7 ? (COUNT - 1 - i) * 0.9 + 0.1 : 89 - i * (82 / (COUNT - 7));
    // 10 of 50 (20%) unsubscribed, spread over every address style and date.
    const status: SubscriberStatus = (i * 7) % 25 < 5 ? 'unsubscribed' : 'subscribed';
    em.persist(
      em.create(NewsletterSubscriber, {
        email: email(i),
        subscribedAt: new Date(now - daysAgo * DAY_MS - ((i * 37) % 600) * 60_000),
        status,
        source: SOURCES[i % SOURCES.length],
      }),
    );
  }
  await em.flush();
  return COUNT;
}
