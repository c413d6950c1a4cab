/**
 * Bulk actions of the admin lists (issue #18): one request `POST /_api/admin/{resource}/bulk` names an action and
 * the records it applies to — either the ids the admin ticked, or the list's filter when "Select all" chose every
 * record matching it (not just the rows loaded in the browser). The server applies it in one statement.
 */

/** Blog posts: publish (stamping a publish date where none is set), back to draft, archive, delete. */
export const BLOG_BULK_ACTIONS = ['publish', 'unpublish', 'archive', 'delete'] as const;
export type BlogBulkAction = (typeof BLOG_BULK_ACTIONS)[number];

/** Newsletter subscribers: unsubscribe, subscribe again (an admin's correction), delete. */
export const SUBSCRIBER_BULK_ACTIONS = ['unsubscribe', 'resubscribe', 'delete'] as const;
export type SubscriberBulkAction = (typeof SUBSCRIBER_BULK_ACTIONS)[number];

/** Discounts: set one status (the admin sets it by hand, docs/spec.md §4), or delete. */
export const DISCOUNT_BULK_ACTIONS = ['activate', 'coming-soon', 'expire', 'delete'] as const;
export type DiscountBulkAction = (typeof DISCOUNT_BULK_ACTIONS)[number];

/** Companies (firms): delete — all or none, refused while any of them still has discounts (as a single delete). */
export const COMPANY_BULK_ACTIONS = ['delete'] as const;
export type CompanyBulkAction = (typeof COMPANY_BULK_ACTIONS)[number];

/** Payout reports: approve (only approved reports count on the site). */
export const PAYOUT_REPORT_BULK_ACTIONS = ['approve'] as const;
export type PayoutReportBulkAction = (typeof PAYOUT_REPORT_BULK_ACTIONS)[number];

/** The body: exactly one of `ids` and `filter` (the list's own filter object, as `GET ?filter=` takes it). */
export interface BulkRequest<A extends string = string> {
  action: A;
  ids?: number[];
  filter?: Record<string, unknown>;
}

/** The answer: how many records the action changed. */
export interface BulkResult {
  action: string;
  count: number;
}

/** At most this many ids in one request; more is "select all" by filter. */
export const BULK_MAX_IDS = 1000;

export const BULK_MSG = {
  actionInvalid: (actions: readonly string[]) => `Action must be one of: ${actions.join(', ')}`,
  scopeRequired: 'Send either ids (the selected records) or filter (every record matching it), not both',
  idsInvalid: `ids must be a list of 1 to ${BULK_MAX_IDS} record ids`,
  filterInvalid: 'filter must be an object of the list\'s filters',
} as const;

const count = (n: number) => n.toLocaleString('en-US');
/** A list noun's plural: "posts", "companies". */
export const pluralOf = (noun: string) => (/[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`);
const plural = (n: number, noun: string) => `${count(n)} ${n === 1 ? noun : pluralOf(noun)}`;

/** The verb a confirmation and its button start with, per action. */
const VERBS: Record<string, string> = {
  publish: 'Publish',
  unpublish: 'Unpublish',
  archive: 'Archive',
  delete: 'Delete',
  unsubscribe: 'Unsubscribe',
  resubscribe: 'Resubscribe',
  activate: 'Set to Active:',
  'coming-soon': 'Set to Coming Soon:',
  expire: 'Set to Expired:',
  approve: 'Approve',
};

/** The confirmation's question, naming the count: "Publish 1,200 posts?". */
export function bulkConfirmTitle(action: string, n: number, noun: string): string {
  return `${VERBS[action] ?? action} ${plural(n, noun)}?`;
}

/** The toast once done: "1,200 posts published." */
export function bulkDoneMessage(action: string, n: number, noun: string): string {
  const done: Record<string, string> = {
    publish: 'published', unpublish: 'set to draft', archive: 'archived', delete: 'deleted', unsubscribe: 'unsubscribed', resubscribe: 'resubscribed',
    activate: 'set to Active', 'coming-soon': 'set to Coming Soon', expire: 'set to Expired', approve: 'approved',
  };
  return `${plural(n, noun)} ${done[action] ?? action}.`;
}

/** The bulk toolbar's label: what is selected, in words. */
export function selectionLabel(n: number, noun: string, allMatching: boolean): string {
  return allMatching ? `All ${plural(n, noun)} matching the filter selected` : `${plural(n, noun)} selected`;
}
