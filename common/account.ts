/**
 * The trader's /account page (issue #17): its words and the pure rules it shows (which report may become a
 * claim, how a status reads). Kept apart from messages.ts to keep merges easy.
 */
import type { MyPayoutReportDto, PayoutClaimDto } from './payout-api-types.js';
import { CLAIM_FILE_WITHIN_DAYS, daysBetween, type ClaimStatus, type PayoutOutcome, type PayoutReportStatus } from './payouts.js';
import { ACCOUNT_PATH } from './email-sign-in.js';

export { ACCOUNT_PATH };
/** The query parameter that opens the report form, with a firm chosen (its slug) or none ('new'). */
export const REPORT_PARAM = 'report';
/** The query parameter that opens one of my claims (its id). */
export const CLAIM_PARAM = 'claim';
/** Where a firm profile's "Report a payout" link leads: the form on /account with that firm chosen. */
export const reportPayoutHref = (slug?: string) => `${ACCOUNT_PATH}?${REPORT_PARAM}=${encodeURIComponent(slug ?? 'new')}`;

export const ACCOUNT_TEXT = {
  title: 'Your account',
  description: 'Your payout reports, your payout-guarantee claims and your account.',
  heading: 'Your account',
  signedInAs: (email: string) => `Signed in as ${email}`,
  reportsHeading: 'My payout reports',
  reportsEmpty: 'You have not reported a payout yet.',
  reportPayout: 'Report a payout',
  claimsHeading: 'My claims',
  claimsEmpty: 'You have not filed a claim. A denied payout report can become a payout-guarantee claim.',
  signOutHeading: 'Sign out',
  signOut: 'Sign out',
  deleteHeading: 'Delete my account',
  deleteExplain:
    'Deleting your account removes your email address, your notes, the firms\u2019 reasons, program names and proof images from your reports and claims. Reports we already approved stay as anonymous figures; the others are deleted.',
  deleteStart: 'Delete my account\u2026',
  deleteConfirm: 'Yes, delete my account',
  deleteCancel: 'Cancel',
  deleteQuestion: 'Delete your account for good? This cannot be undone.',
  deleting: 'Deleting\u2026',
  loadFailed: 'Your account could not be loaded. Please try again.',
  // The report form
  formHeading: 'Report a payout',
  formIntro: 'Tell other traders how your payout request went. We review every report before it counts; your name is never shown.',
  firm: 'Firm',
  chooseFirm: 'Choose a firm',
  programName: 'Program (optional)',
  programLabel: 'Program',
  accountSize: 'Account size in USD (optional)',
  amount: 'Amount requested in USD',
  requestedOn: 'Requested on',
  outcome: 'Outcome',
  resolvedOn: 'Paid or denied on (optional)',
  firmReason: 'The firm\u2019s reason (optional)',
  note: 'Note (optional)',
  proof: (max: number) => `Screenshots (up to ${max} images; only you and our reviewers see them)`,
  submitReport: 'Send report',
  sending: 'Sending\u2026',
  reportSent: 'Thank you. Your report awaits review.',
  cancel: 'Cancel',
  // The claim form
  fileClaim: 'File a claim',
  claimHeading: (firm: string) => `Payout-guarantee claim: ${firm}`,
  claimIntro: 'Send us proof that you bought through our link or code, the account id at the firm and what happened.',
  purchaseEvidence: (max: number) => `Purchase evidence (1 to ${max} images: receipt, order email)`,
  accountId: 'Account id at the firm',
  statement: 'What happened',
  submitClaim: 'Send claim',
  claimSent: 'Your claim was received. We email you at each step.',
  viewClaim: 'View claim',
  hideClaim: 'Hide claim',
  timelineHeading: 'Timeline',
  replyLabel: 'Your answer',
  sendReply: 'Send answer',
  replySent: 'Your answer was sent.',
  needsInfo: 'We need more information from you: see the latest note and answer below.',
  paidLine: (amount: string, on: string) => `Paid ${amount} on ${on}`,
  lastEvent: (on: string, what: string) => `${on}: ${what}`,
  // Columns
  colFirm: 'Firm',
  colAmount: 'Amount',
  colRequested: 'Requested on',
  colOutcome: 'Outcome',
  colStatus: 'Status',
  colLatest: 'Latest',
  colActions: 'Actions',
} as const;

export const REPORT_STATUS_LABEL: Record<PayoutReportStatus, string> = {
  'awaiting-review': 'Awaiting review',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const OUTCOME_LABEL: Record<PayoutOutcome, string> = { paid: 'Paid', denied: 'Denied', pending: 'Pending' };

export const CLAIM_STATUS_LABEL: Record<ClaimStatus, string> = {
  submitted: 'Submitted',
  'under-review': 'Under review',
  'needs-info': 'Needs information',
  approved: 'Approved',
  paid: 'Paid',
  rejected: 'Rejected',
};

/** Dollars as traders read them: $1,250 or $1,250.50. */
export function formatUsd(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: amount % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;
}

/** An ISO instant or day as a calendar day (UTC), the same on the server and in the browser. */
export function formatDay(iso: string): string {
  return new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/**
 * Whether a report may still become a claim, as the API decides it (payout-claims.service): my denied report,
 * not rejected by review, with no claim yet, within CLAIM_FILE_WITHIN_DAYS of the denial (its resolution day,
 * else its request day).
 */
export function canFileClaim(report: Pick<MyPayoutReportDto, 'outcome' | 'status' | 'claimId' | 'resolvedOn' | 'requestedOn'>, now: Date): boolean {
  if (report.outcome !== 'denied' || report.status === 'rejected' || report.claimId !== null) return false;
  return daysBetween(report.resolvedOn ?? report.requestedOn, now.toISOString()) <= CLAIM_FILE_WITHIN_DAYS;
}

/** The line a claim shows in the list: its newest timeline entry (a note if it has one, else its status). */
export function lastClaimEvent(claim: Pick<PayoutClaimDto, 'timeline' | 'status' | 'createdAt'>): { at: string; text: string } {
  const last = claim.timeline[claim.timeline.length - 1];
  if (!last) return { at: claim.createdAt, text: CLAIM_STATUS_LABEL[claim.status] };
  const status = last.status ? CLAIM_STATUS_LABEL[last.status] : last.by === 'trader' ? 'Your answer' : 'Note';
  return { at: last.at, text: last.note ? `${status} \u2014 ${last.note}` : status };
}
