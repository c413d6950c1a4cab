/** Shapes of the follow calls (issue #19). */
export const ALERT_FREQUENCIES = ['immediate', 'weekly', 'off'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  immediate: 'As they happen (at most one email every 15 minutes)',
  weekly: 'Weekly, in the Monday digest',
  off: 'No alert emails',
};

export interface FollowDto {
  companyId: number;
  slug: string;
  name: string;
  followedAt: string;
  /** The firm's newest recorded change (rule, status or code), or null. */
  latestChange: { text: string; at: string; eventId: string } | null;
}

export interface FollowsResponse {
  follows: FollowDto[];
  frequency: AlertFrequency;
}

export const FOLLOW_MSG = {
  companyId: 'companyId must be the id of a firm',
  /** A post to the plain follow form that is not our form's. */
  form: 'The follow form needs a firm (companyId) and an action (follow or unfollow).',
  tooManyFollows: (minutes: number) => `Too many follow changes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  frequency: `frequency must be one of: ${ALERT_FREQUENCIES.join(', ')}`,
  unsubscribed: 'You will get no more alert emails. You still follow your firms; turn alerts back on in your follow settings.',
  badToken: 'This unsubscribe link is not valid.',
};

/** The /account section "Firms you follow" (issue #19). */
export const FOLLOWS_SECTION_TEXT = {
  heading: 'Firms you follow',
  empty: 'You follow no firm yet. Follow one from its profile, a row of the firms table or a deal, and hear of its rule changes and codes.',
  browse: 'Browse the firms',
  latest: 'Latest change',
  noChange: 'No change recorded yet',
  timeline: 'Rule history',
  unfollow: (name: string) => `Unfollow ${name}`,
  frequency: 'Alert emails',
  saved: 'Saved.',
  save: 'Save',
  loading: 'Loading the firms you follow…',
  loadFailed: 'The firms you follow could not be loaded. Please try again.',
} as const;
