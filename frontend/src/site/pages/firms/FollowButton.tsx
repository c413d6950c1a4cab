/**
 * Follow a firm (issue #19): a signed-in trader follows or unfollows at once; a visitor who is not signed in is
 * offered the sign-in and brought back here (`?follow=1` follows on return). The server renders the sign-in link
 * (the page is cached for every visitor); the signed-in state comes after hydration from the session.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { FollowsResponse } from '../../../../../common/follow-api-types.js';
import { firmPath } from '../../../../../common/firm-pages.js';
import { apiFetch, apiPost } from '../../../lib/api.js';
import { useSession } from '../../../lib/session.js';

export const FOLLOWS_KEY = ['me', 'follows'] as const;
/** Where a visitor signs in; `next` brings them back to the follow. */
export const signInToFollowHref = (slug: string) => `/login?next=${encodeURIComponent(`${firmPath(slug)}?follow=1`)}`;

export function FollowButton({ companyId, slug, name }: { companyId: number; slug: string; name: string }) {
  const session = useSession();
  const signedIn = session.status === 'authenticated';
  const client = useQueryClient();
  const follows = useQuery({
    queryKey: FOLLOWS_KEY,
    queryFn: () => apiFetch<FollowsResponse>('/_api/me/follows'),
    enabled: signedIn,
  });
  const following = follows.data?.follows.some((f) => f.companyId === companyId) ?? false;
  const toggle = useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? apiPost<FollowsResponse>('/_api/me/follows', { companyId })
        : apiFetch<FollowsResponse>(`/_api/me/follows/${companyId}`, { method: 'DELETE' }),
    onSuccess: (data) => client.setQueryData(FOLLOWS_KEY, data),
  });
  // Back from signing in to follow: follow once, then drop the flag from the URL.
  const [params, setParams] = useSearchParams();
  const resumed = useRef(false);
  useEffect(() => {
    if (!signedIn || !follows.isSuccess || resumed.current || params.get('follow') !== '1') return;
    resumed.current = true;
    if (!following) toggle.mutate(true);
    const next = new URLSearchParams(params);
    next.delete('follow');
    setParams(next, { replace: true });
  }, [signedIn, follows.isSuccess, following, params, setParams, toggle]);

  if (!signedIn) {
    return <a className="button firm-follow" href={signInToFollowHref(slug)}>Follow {name}</a>;
  }
  return (
    <button type="button" className="button firm-follow" aria-pressed={following} disabled={toggle.isPending || follows.isPending}
      onClick={() => toggle.mutate(!following)}>
      {following ? `Following ${name}` : `Follow ${name}`}
      {toggle.isError && <span className="visually-hidden"> (failed: {toggle.error.message})</span>}
    </button>
  );
}
