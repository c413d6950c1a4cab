/** Enumerations of docs/spec.md §3, shared by the API, the database and the pages. */
export const USER_ROLES = ['admin', 'editor', 'user'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const BLOG_STATUSES = ['draft', 'published', 'archived'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

export const BLOG_CATEGORIES = ['review', 'guide', 'news', 'general'] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export const DISCOUNT_STATUSES = ['active', 'coming_soon', 'expired'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

export const SUBSCRIBER_STATUSES = ['subscribed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const NEWSLETTER_SOURCES = [
  'blog_sidebar_vtf',
  'blog-sidebar',
  'blog-news-sidebar',
  'blog-guides-sidebar',
  'blog-reviews-sidebar',
  'homepage',
  'discounts-page',
  'about-page-cta',
] as const;
/** Any fixed label above, or `blog-post-{slug}`. */
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number] | `blog-post-${string}`;
