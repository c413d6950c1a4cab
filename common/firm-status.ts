/**
 * A firm's status (issue #17): the four statuses, what each means to a trader, and the rules every list and card
 * follow. A module of its own so a card shows a status without loading the firm filters (common/firms.ts re-exports it).
 */

export const FIRM_STATUSES = ['active', 'under-watch', 'paused', 'closed'] as const;
export type FirmStatus = (typeof FIRM_STATUSES)[number];
export const FIRM_STATUS_LABELS: Record<FirmStatus, string> = {
  active: 'Active', 'under-watch': 'Under watch', paused: 'Payouts paused', closed: 'Closed',
};
/**
 * What each status means to a trader, after the firm's name ("Acme is …"). Under watch: still selling,
 * but we see signs (late payouts, rule changes) a trader should weigh; paused: it does not pay out or sell now.
 */
export const FIRM_STATUS_MEANINGS: Record<Exclude<FirmStatus, 'active'>, string> = {
  'under-watch': 'under watch: it still sells accounts, but we are watching reports of trouble',
  paused: 'paused: it does not sell accounts or pay out at the moment',
  closed: 'closed: it no longer sells accounts',
};
/** The statuses /firms lists when the URL names none: firms that still sell accounts. */
export const DEFAULT_FIRM_STATUSES: readonly FirmStatus[] = ['active', 'under-watch'];
/** A status change's one-line reason, at most this long. */
export const STATUS_REASON_MAX = 200;

/**
 * Whether a firm's codes are promoted: a closed firm's codes are listed last, marked, and never the
 * '#1 CHOICE' (issue #17). The one rule the lists' order and every card's badge follow.
 */
export function isPromoted(firm: { status: FirmStatus }): boolean {
  return firm.status !== 'closed';
}

/** The '#1 CHOICE' badge: the featured firm, unless it is closed. */
export function isTopChoice(firm: { featured: boolean; status: FirmStatus }): boolean {
  return firm.featured && isPromoted(firm);
}

/** A status reason is one line of at most STATUS_REASON_MAX characters. */
export function isStatusReason(value: unknown): boolean {
  return typeof value === 'string' && value.length <= STATUS_REASON_MAX && !/[\r\n]/.test(value);
}
