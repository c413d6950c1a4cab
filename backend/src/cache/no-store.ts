import { SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

export const NO_STORE_KEY = 'cache:no-store';

/**
 * No browser or proxy may keep this route's answers: `no-store` for the admin area (subscribers' emails,
 * unpublished work; set by @AdminResource), `private, no-store` for a signed-in trader's own answers (payout
 * amounts, follows, claims: theirs alone, and not for the next user of a shared browser, issue 35).
 */
export const NoStore = (cacheControl: 'no-store' | 'private, no-store' = 'no-store') => SetMetadata(NO_STORE_KEY, cacheControl);

type Target = Parameters<Reflector['getAllAndOverride']>[1][number];

/** The route's Cache-Control from its label (the handler's own, else its controller's), or undefined. */
export const noStoreOf = (reflector: Reflector, targets: Target[]): string | undefined =>
  reflector.getAllAndOverride<string | undefined>(NO_STORE_KEY, targets);

export const noStoreOfContext = (reflector: Reflector, context: ExecutionContext): string | undefined =>
  noStoreOf(reflector, [context.getHandler(), context.getClass()]);
