/** Shapes of the payout reports and claims API (issue #17). */
import type { ClaimStatus, PayoutFigures, PayoutOutcome, PayoutReportStatus } from './payouts.js';

export interface MyPayoutReportDto {
  id: number;
  companyId: number;
  companyName: string;
  companySlug: string;
  programName: string | null;
  accountSize: number | null;
  amount: number;
  requestedOn: string;
  outcome: PayoutOutcome;
  resolvedOn: string | null;
  firmReason: string | null;
  note: string | null;
  /** URLs of the private proof images (/_api/files/…), served only to the author and admins. */
  proof: string[];
  status: PayoutReportStatus;
  rejectionReason: string | null;
  createdAt: string;
  /** The report's claim, if one was filed. */
  claimId: number | null;
}

export interface AdminPayoutReportDto extends MyPayoutReportDto {
  userId: number | null;
  userEmail: string | null;
  proofVerified: boolean;
  flagged: boolean;
  flagReason: string | null;
  reviewedAt: string | null;
}

/** A public line of a profile's recent reports: no names, the amount as a band. */
export interface PublicPayoutReportDto {
  amountBand: string;
  programName: string | null;
  outcome: PayoutOutcome;
  /** Days from request to resolution; null while pending. */
  days: number | null;
  requestedOn: string;
}

/** A month of a firm's approved reports, for the profile's chart. */
export interface PayoutMonthDto {
  month: string;
  paid: number;
  denied: number;
}

export interface FirmPayoutsDto extends PayoutFigures {
  recent: PublicPayoutReportDto[];
  months: PayoutMonthDto[];
}

export interface ClaimEventDto {
  at: string;
  by: 'trader' | 'admin';
  status: ClaimStatus | null;
  note: string | null;
}

export interface PayoutClaimDto {
  id: number;
  reportId: number;
  companyName: string;
  companySlug: string;
  amount: number;
  accountId: string | null;
  statement: string | null;
  purchaseEvidence: string[];
  status: ClaimStatus;
  paidAmount: number | null;
  paidOn: string | null;
  createdAt: string;
  decidedAt: string | null;
  timeline: ClaimEventDto[];
}

export interface AdminPayoutClaimDto extends PayoutClaimDto {
  userId: number | null;
  userEmail: string | null;
  /** No decision CLAIM_DECISION_DAYS after filing. */
  overdue: boolean;
}
