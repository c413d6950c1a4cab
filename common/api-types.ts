/** Shapes the API answers with; both sides type against these. */
import type { DiscountStatus, UserRole } from './enums.js';

export interface PublicUser {
  id: number;
  displayName: string;
  email: string;
  role: UserRole;
  avatarUrl: string | null;
}

export type SessionResponse = { user: PublicUser } | { error: string };

export interface CompanyDto {
  id: number;
  name: string;
  description: string | null;
  logoUrl: string | null;
  websiteUrl: string | null;
  rating: number | null;
  whyChooseUs: string | null;
  featured: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A discount as the API answers it (SPEC §3). Money and percentages are numbers; dates are strings. */
export interface DiscountDto {
  id: number;
  companyId: number;
  title: string;
  description: string | null;
  discountCode: string | null;
  affiliateLink: string | null;
  status: DiscountStatus;
  discountAmount: number | null;
  discountPercentage: number | null;
  originalPrice: number | null;
  discountedPrice: number | null;
  termsAndConditions: string | null;
  /** A calendar date, 'YYYY-MM-DD'. */
  validFrom: string | null;
  /** An instant, ISO 8601 in UTC. */
  validUntil: string | null;
  mediaUrl: string | null;
  /** Follows of the affiliate link through /go/:id. */
  clicks: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /_api/discounts: each discount with its whole public company. */
export interface PublicDiscountDto extends DiscountDto {
  company: CompanyDto;
}

/** Admin answers (both faces): the company's id and name only. */
export interface AdminDiscountDto extends DiscountDto {
  company: { id: number; name: string };
}

/** The one error body of every non-2xx answer (DESIGN §3). */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errors?: Record<string, string>;
}
