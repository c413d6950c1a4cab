/**
 * The one hook behind every Follow button (profile, /firms rows, discount cards) and the follow a signed-out
 * visitor asked for before signing in (issue #19). The follows are read once per page from the session's
 * `GET /_api/me/follows` after hydration: the server-rendered (cached) HTML is the same for everyone, the
 * followed state is the client's.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { followDoneOf, followIntentOf, withoutFollowIntent } from '../../../../common/follow-intent.js';
import type { FollowsResponse } from '../../../../common/follow-api-types.js';
import { apiFetch, apiPost } from '../../lib/api.js';
import { FOLLOWS_KEY, followsQuery } from '../../lib/queries.js';
import { useSession } from '../../lib/session.js';

/** What every Follow button of a page reads: whether the reader is signed in, and then what they follow. */
function usePageFollows() {
  const signedIn = useSession().status === 'authenticated';
  const { pathname, search } = useLocation();
  const follows = useQuery({ ...followsQuery(), enabled: signedIn });
  const { data, error, isSuccess } = follows;
  // The same value until one of these changes: the session check that follows hydration (signed out before and
  // after, for most readers) re-renders no button.
  return useMemo(() => ({
    signedIn,
    data,
    error,
    /** The follows are known (signed in and loaded): only then is a button's state the truth. */
    ready: signedIn && isSuccess,
    isFollowing: (companyId: number) => data?.follows.some((f) => f.companyId === companyId) ?? false,
    nameOf: (companyId: number) => data?.follows.find((f) => f.companyId === companyId)?.name ?? null,
    /** This page, as the plain follow form's `next`. */
    currentPath: `${pathname}${search}`,
    /** What the plain follow form just did, as the page's URL says (`?followed=` / `?unfollowed=`). */
    done: followDoneOf(search),
  }), [signedIn, data, error, isSuccess, pathname, search]);
}

const PageFollowsContext = createContext<ReturnType<typeof usePageFollows> | null>(null);

/** Reads the session and the follows once for the whole page (the site's layout), however many buttons it has. */
export function FollowsProvider({ children }: { children: ReactNode }) {
  return <PageFollowsContext.Provider value={usePageFollows()}>{children}</PageFollowsContext.Provider>;
}

export function useFollows() {
  const page = useContext(PageFollowsContext);
  if (!page) throw new Error('useFollows needs a FollowsProvider above it (the site layout has one)');
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: ({ companyId, follow }: { companyId: number; follow: boolean }) =>
      follow
        ? apiPost<FollowsResponse>('/_api/me/follows', { companyId })
        : apiFetch<FollowsResponse>(`/_api/me/follows/${companyId}`, { method: 'DELETE' }),
    onSuccess: (data) => client.setQueryData(FOLLOWS_KEY, data),
  });
  return {
    ...page,
    setFollowing: (companyId: number, follow: boolean) => toggle.mutateAsync({ companyId, follow }),
    pendingFor: toggle.isPending ? toggle.variables?.companyId ?? null : null,
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
