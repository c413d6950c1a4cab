/**
 * Access, limits and body kinds are declared on the routes (the NestJS samples' way), not derived from
 * path patterns: each label is read by exactly one global guard (access.module.ts), and a test walks the
 * route table to check every route carries one.
 */
import { applyDecorators, SetMetadata } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { ExecutionContext } from '@nestjs/common';
import { USER_ROLES, type UserRole } from '../../../common/enums.js';
import { RATE_LIMIT_KEY, RateLimit, type RateLimitPolicy } from '../rate-limit/rate-limit.policy.js';

export const ROLES_KEY = 'access:roles';
export const PUBLIC_KEY = 'access:public';
export const BODY_KIND_KEY = 'access:body-kind';

/** Only callers signed in with one of these roles (401 without a session, 403 with another role). */
export const Roles = (...roles: UserRole[]) => SetMetadata(ROLES_KEY, roles);
/** Anyone, signed in or not. */
export const Public = () => SetMetadata(PUBLIC_KEY, true);
/** The admin area: admins only. A new staff role joins here (or names its routes with @Roles). */
export const AdminOnly = () => Roles('admin');
/** Any signed-in account, whatever its role (USER_ROLES is the one list of roles). */
export const SignedIn = () => Roles(...USER_ROLES);

// The rate-limit label is declared with its policies and guard in rate-limit/ and offered here with the others.
export { RateLimit, type RateLimitPolicy };

/**
 * What a write's body may be. `json` (the default): JSON only, small unless the caller is signed in.
 * `upload`: files — multipart, or JSON up to the upload size (images as data URLs). `form`: a plain HTML
 * form post (form-encoded, only with our own Origin). `one-click`: RFC 8058's `List-Unsubscribe=One-Click`, which
 * a mail provider POSTs form-encoded with no cookie and no Origin (safe: the signed token in the URL names the one
 * address it can unsubscribe).
 */
export type BodyKind = 'json' | 'upload' | 'form' | 'one-click' | 'results' | 'results-form';
export const TakesUploads = () => SetMetadata(BODY_KIND_KEY, 'upload' satisfies BodyKind);
export const TakesForm = () => SetMetadata(BODY_KIND_KEY, 'form' satisfies BodyKind);
/** A trader's results for the simulator (issue #28): JSON up to BODY_LIMITS.resultsBytes, from anyone. */
export const TakesResults = () => SetMetadata(BODY_KIND_KEY, 'results' satisfies BodyKind);
/** The simulator's form without JavaScript (POST /simulator): form-encoded or multipart (a CSV file), up to
 * BODY_LIMITS.resultsBytes, only with our own Origin. */
export const TakesResultsForm = () => SetMetadata(BODY_KIND_KEY, 'results-form' satisfies BodyKind);
export const TakesOneClickPost = () => SetMetadata(BODY_KIND_KEY, 'one-click' satisfies BodyKind);

/** Admin routes that take images: admins only, with the upload body. */
export const AdminUploads = () => applyDecorators(AdminOnly(), TakesUploads());

export interface RouteLabels {
  /** undefined: public. */
  roles?: UserRole[];
  isPublic: boolean;
  rateLimit?: RateLimitPolicy;
  bodyKind: BodyKind;
}

type Target = Parameters<Reflector['getAllAndOverride']>[1][number];

/** A route's labels: the method's own, else its controller's (for access: whichever declares it first). */
export function labelsOf(reflector: Reflector, targets: Target[]): RouteLabels {
  let roles: UserRole[] | undefined;
  let isPublic = false;
  for (const target of targets) {
    roles = reflector.get<UserRole[] | undefined>(ROLES_KEY, target);
    isPublic = !roles && reflector.get<boolean | undefined>(PUBLIC_KEY, target) === true;
    if (roles || isPublic) break;
  }
  return {
    roles,
    isPublic,
    rateLimit: reflector.getAllAndOverride<RateLimitPolicy | undefined>(RATE_LIMIT_KEY, targets),
    bodyKind: reflector.getAllAndOverride<BodyKind | undefined>(BODY_KIND_KEY, targets) ?? 'json',
  };
}

export const labelsOfContext = (reflector: Reflector, context: ExecutionContext): RouteLabels =>
  labelsOf(reflector, [context.getHandler(), context.getClass()]);
