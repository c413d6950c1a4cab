/**
 * Follow a firm (issue #19), the one button of the profile, the /firms rows and the discount cards. The server
 * renders the signed-out form — a link to /login that returns to this page with the intent to follow — for
 * everyone (the page is cached); after hydration a signed-in trader gets the toggle with its state.
 */
import { useFollowIntent, useFollows } from '../../hooks/useFollows.js';
import './follow.css';

export function FollowButton({ companyId, name, compact = false }: { companyId: number; name: string; compact?: boolean }) {
  const follows = useFollows();
  const className = `button firm-follow${compact ? ' firm-follow-compact' : ''}`;
  if (!follows.signedIn) {
    return <a className={className} href={follows.signInHref(companyId)} rel="nofollow">Follow {name}</a>;
  }
  const following = follows.isFollowing(companyId);
  return (
    <button type="button" className={className} aria-pressed={following} disabled={!follows.ready || follows.pendingFor === companyId}
      onClick={() => void follows.setFollowing(companyId, !following).catch(() => undefined)}>
      {following ? `Following ${name}` : `Follow ${name}`}
    </button>
  );
}

/** What became of the follow asked for before signing in: a line the screen reader hears, then gone with the page. */
export function FollowIntentStatus() {
  const outcome = useFollowIntent();
  return (
    <p className="follow-intent" role="status">
      {outcome?.kind === 'followed' && <>You now follow {outcome.name}. You will hear of its rule changes and codes by email.</>}
      {outcome?.kind === 'failed' && <>We could not follow the firm: {outcome.message} Use its Follow button to try again.</>}
    </p>
  );
}
