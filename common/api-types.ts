/** Shapes the API answers with; both sides type against these. */
import type { SubscriberStatus, UserRole } from './enums.js';

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

/** SPEC §3 "Newsletter subscriber". subscribedAt is ISO 8601; a null source is shown as 'Direct'. */
export interface NewsletterSubscriberDto {
  id: number;
  email: string;
  subscribedAt: string;
  status: SubscriberStatus;
  source: string | null;
}

/** SPEC §3 "Newsletter signup input" (sent plain or as superjson `{json, meta}`). */
export interface NewsletterSignupInput {
  email: string;
  source?: string | null;
}

/** Answer of subscribe and unsubscribe: a message to show the visitor. */
export interface NewsletterMessageResponse {
  message: string;
}

/** The admin page's stat cards (SPEC §2): 'Total Subscribers', 'New (Last 7 Days)', 'Active / Unsubscribed'. */
export interface NewsletterStatsDto {
  total: number;
  newLast7Days: number;
  active: number;
  unsubscribed: number;
}

/** The one error body of every non-2xx answer (DESIGN §3). */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errors?: Record<string, string>;
}
