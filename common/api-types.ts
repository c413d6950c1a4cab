/** Shapes the API answers with; both sides type against these. */
import type { UserRole } from './enums.js';

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

/** POST /_api/admin/media: the stored image, ready for an image field. */
export interface MediaUploadResponse {
  url: string;
  width: number;
  height: number;
}

/** The one error body of every non-2xx answer (DESIGN §3). */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errors?: Record<string, string>;
}
