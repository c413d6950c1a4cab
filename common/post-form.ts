/**
 * The blog post form (docs/spec.md §2 "Blog post form layout", §5): what the form holds, how a stored post fills it,
 * the body it sends, and its field rules. Pure, so the mapping is unit-tested.
 */
import type { BlogPostJson } from './api-types.js';
import type { BlogCategory, BlogStatus } from './enums.js';
import { isImageReference, zodForm, type FieldRule } from './form-rules.js';
import { MSG } from './messages.js';
import { isValidSlug } from './slugify.js';

/**
 * What the post form holds (docs/spec.md §2 "Blog post form layout"): tags as one comma-separated text, the publish date
 * and time as the editor's local YYYY-MM-DDTHH:mm (issue #18: a date alone turned a scheduled 14:56 into midnight).
 */
export interface PostFormValues {
  title: string;
  slug: string;
  content: string;
  metaTitle: string;
  metaDescription: string;
  status: BlogStatus;
  publishedAt: string;
  category: BlogCategory;
  tags: string;
  /** The firms the post is about (issue #18), picked by name. */
  companyIds: number[];
  featuredImageUrl: string;
  excerpt: string;
  authorName: string;
}

/** The body of docs/spec.md §7's create call (and of the update). */
export interface PostPayload {
  title: string;
  slug: string;
  content: string;
  status: BlogStatus;
  category: BlogCategory;
  excerpt: string | null;
  featuredImageUrl: string | null;
  authorName: string | null;
  tags: string[];
  companyIds: number[];
  publishedAt: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
}

export const EMPTY_POST: PostFormValues = {
  title: '',
  slug: '',
  content: '',
  metaTitle: '',
  metaDescription: '',
  status: 'draft',
  publishedAt: '',
  category: 'general',
  tags: '',
  companyIds: [],
  featuredImageUrl: '',
  excerpt: '',
  authorName: '',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored date as the local calendar day the admin picked (YYYY-MM-DD). */
export function toDateInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The picked local day (YYYY-MM-DD) as an ISO instant at local midnight. */
export function fromDateInput(day: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** A stored instant as the editor's local date and time to the minute (YYYY-MM-DDTHH:mm), as a datetime-local input holds it. */
export function toDateTimeInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${toDateInput(iso)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The editor's local date and time (YYYY-MM-DDTHH:mm, or a day alone: its midnight) as an ISO instant. */
export function fromDateTimeInput(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** 'Europe/Paris (UTC+01:00)': the zone the editor's dates and times are in, shown beside them. */
export function timeZoneLabel(at: Date, timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone): string {
  const offset = -at.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `${timeZone} (UTC${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)})`;
}

export function valuesFromPost(post: BlogPostJson): PostFormValues {
  return {
    title: post.title ?? '',
    slug: post.slug ?? '',
    content: post.content ?? '',
    metaTitle: post.metaTitle ?? '',
    metaDescription: post.metaDescription ?? '',
    status: post.status ?? 'draft',
    publishedAt: toDateTimeInput(post.publishedAt),
    category: post.category ?? 'general',
    tags: (post.tags ?? []).join(', '),
    companyIds: post.companyIds ?? [],
    featuredImageUrl: post.featuredImageUrl ?? '',
    excerpt: post.excerpt ?? '',
    authorName: post.authorName ?? '',
  };
}

/** docs/spec.md §5: tags are split on commas, trimmed, and empty entries dropped. */
export function parseTags(text: string): string[] {
  return text.split(',').map((t) => t.trim()).filter(Boolean);
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/**
 * The body of the create or update call. `stored`: the post as loaded — a publish date the editor did not change
 * goes back as the stored instant itself (seconds included), so saving without a change never moves a date.
 */
export function toPayload(v: PostFormValues, stored?: Pick<BlogPostJson, 'publishedAt'> | null): PostPayload {
  const unchanged = stored?.publishedAt && toDateTimeInput(stored.publishedAt) === v.publishedAt;
  return {
    title: v.title.trim(),
    slug: v.slug.trim(),
    content: v.content,
    status: v.status,
    category: v.category,
    excerpt: orNull(v.excerpt),
    featuredImageUrl: orNull(v.featuredImageUrl),
    authorName: orNull(v.authorName),
    tags: parseTags(v.tags),
    companyIds: v.companyIds ?? [],
    // A draft has no publish date (docs/spec.md §4: the picker is shown only while published); an archived post keeps its own.
    publishedAt: v.status === 'draft' ? null : unchanged ? stored!.publishedAt : fromDateTimeInput(v.publishedAt),
    metaTitle: orNull(v.metaTitle),
    metaDescription: orNull(v.metaDescription),
  };
}

/** docs/spec.md §5 field rules, as react-hook-form `validate` functions (run on blur and on submit). */
export const POST_RULES = {
  title: (v: string) => (v.trim() ? true : MSG.titleRequired),
  slug: (v: string) => (!v.trim() ? MSG.slugRequired : isValidSlug(v.trim()) ? true : MSG.slugFormat),
  content: (v: string) => (v.trim() ? true : MSG.contentRequired),
  /** Empty, or what any image field takes, as the server's `OptionalImage('Featured image')`. */
  featuredImageUrl: (v: string) => v.trim() === '' || isImageReference(v.trim()) || MSG.invalidImage('Featured image'),
} satisfies Record<string, FieldRule>;

/** The zod schema the post form validates with. */
export const postFormSchema = zodForm(POST_RULES);
