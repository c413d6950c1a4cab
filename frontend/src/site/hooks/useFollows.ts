/**
 * The one hook behind every Follow button (profile, /firms rows, discount cards) and the follow a signed-out
 * visitor asked for before signing in (issue #19). The follows are read once per page from the session's
 * `GET /_api/me/follows` after hydration: the server-rendered (cached) HTML is the same for everyone, the
 * followed state is the client's.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { followDoneOf, followIntentOf, withoutFollowIntent } from '../../../../common/follow-intent.js';
import type { FollowsResponse } from '../../../../common/follow-api-types.js';
import { apiFetch, apiPost } from '../../lib/api.js';
import { FOLLOWS_KEY, followsQuery } from '../../lib/queries.js';
import { useSession } from '../../lib/session.js';

export function useFollows() {
  const session = useSession();
  const signedIn = session.status === 'authenticated';
  const location = useLocation();
  const client = useQueryClient();
  const follows = useQuery({ ...followsQuery(), enabled: signedIn });
  const toggle = useMutation({
    mutationFn: ({ companyId, follow }: { companyId: number; follow: boolean }) =>
      follow
        ? apiPost<FollowsResponse>('/_api/me/follows', { companyId })
        : apiFetch<FollowsResponse>(`/_api/me/follows/${companyId}`, { method: 'DELETE' }),
    onSuccess: (data) => client.setQueryData(FOLLOWS_KEY, data),
  });
  return {
    signedIn,
    data: follows.data,
    error: follows.error,
    /** The follows are known (signed in and loaded): only then is a button's state the truth. */
    ready: signedIn && follows.isSuccess,
    isFollowing: (companyId: number) => follows.data?.follows.some((f) => f.companyId === companyId) ?? false,
    nameOf: (companyId: number) => follows.data?.follows.find((f) => f.companyId === companyId)?.name ?? null,
    setFollowing: (companyId: number, follow: boolean) => toggle.mutateAsync({ companyId, follow }),
    pendingFor: toggle.isPending ? toggle.variables?.companyId ?? null : null,
    /** This page, as the plain follow form's `next`. */
    currentPath: `${location.pathname}${location.search}`,
    /** What the plain follow form just did, as the page's URL says (`?followed=` / `?unfollowed=`). */
    done: followDoneOf(location.search),
  };
}

export type FollowIntentOutcome = { kind: 'followed'; name: string } | { kind: 'failed'; message: string } | null;

/**
 * Back from signing in to follow (`?follow=<id>` in the URL): follows that firm once, drops the parameter
 * (replace: the back button does not follow again) and says what happened. Mounted once per page that has
 * Follow buttons, so the follow happens even when the firm's row is not on the page any more.
 */
export function useFollowIntent(): FollowIntentOutcome {
  const follows = useFollows();
  const location = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);
  const [outcome, setOutcome] = useState<FollowIntentOutcome>(null);
  const companyId = followIntentOf(location.search);
  useEffect(() => {
    if (companyId === null || !follows.ready || started.current) return;
    started.current = true;
    void navigate({ pathname: location.pathname, search: withoutFollowIntent(location.search), hash: location.hash }, { replace: true, preventScrollReset: true });
    follows.setFollowing(companyId, true).then(
      (data) => setOutcome({ kind: 'followed', name: data.follows.find((f) => f.companyId === companyId)?.name ?? 'the firm' }),
      (error: unknown) => setOutcome({ kind: 'failed', message: error instanceof Error ? error.message : 'Please try again.' }),
    );
  }, [companyId, follows, location, navigate]);
  return outcome;
}
