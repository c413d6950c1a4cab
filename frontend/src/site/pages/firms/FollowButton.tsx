/**
 * Follow a firm (issue #19), the one button of the profile, the /firms rows and the discount cards. The server
 * renders a plain form for everyone (the page is cached and cannot know the reader): it posts to /follow, which
 * follows for a signed-in trader and sends anyone else to /login with the intent — so it works without JavaScript.
 * The page's URL says what that form just did (`?followed=` / `?unfollowed=`). After hydration a signed-in trader gets
 * the toggle with the follow's real state.
 */
import { FOLLOW_FORM_PATH, type FollowFormAction } from '../../../../../common/follow-intent.js';
import { useFollowIntent, useFollows } from '../../hooks/useFollows.js';
import './follow.css';

export function FollowButton({ companyId, name, compact = false }: { companyId: number; name: string; compact?: boolean }) {
  const follows = useFollows();
  const className = `button firm-follow${compact ? ' firm-follow-compact' : ''}`;
  if (!follows.signedIn) {
    const following = follows.done?.companyId === companyId && follows.done.following;
    return (
      <FollowForm companyId={companyId} action={following ? 'unfollow' : 'follow'} next={follows.currentPath} className="firm-follow-form">
        <button type="submit" className={className}>{following ? `Unfollow ${name}` : `Follow ${name}`}</button>
      </FollowForm>
    );
  }
  const following = follows.isFollowing(companyId);
  return (
    <button type="button" className={className} aria-pressed={following} disabled={!follows.ready || follows.pendingFor === companyId}
      onClick={() => void follows.setFollowing(companyId, !following).catch(() => undefined)}>
      {following ? `Following ${name}` : `Follow ${name}`}
    </button>
  );
}

/** The plain form of a follow or unfollow (POST /follow, 303 back to `next`); `onSubmit` takes it over with script. */
export function FollowForm({ companyId, action, next, className, onSubmit, children }: {
  companyId: number; action: FollowFormAction; next: string; className?: string; onSubmit?: () => void; children: React.ReactNode;
}) {
  return (
    <form method="post" action={FOLLOW_FORM_PATH} className={className}
      onSubmit={onSubmit && ((e) => { e.preventDefault(); onSubmit(); })}>
      <input type="hidden" name="companyId" value={companyId} />
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="next" value={next} />
      {children}
    </form>
  );
}

/**
 * What became of a follow: the one asked for before signing in (done by the page's script, or by the server when the
 * sign-in had no script), or the plain form's follow or unfollow (from the URL). `nameOf` names the firms the page
 * shows. A line the screen reader hears, then gone with the page.
 */
export function FollowIntentStatus({ nameOf }: { nameOf: (companyId: number) => string | undefined }) {
  const outcome = useFollowIntent();
  const follows = useFollows();
  const done = follows.done;
  // Once the trader's follows are known, a URL that no longer tells the truth (toggled since) says nothing.
  const doneName = done && (!follows.ready || follows.isFollowing(done.companyId) === done.following)
    ? (follows.nameOf(done.companyId) ?? nameOf(done.companyId)) : undefined;
  return (
    <p className="follow-intent" role="status">
      {outcome?.kind === 'followed' && <>You now follow {outcome.name}. You will hear of its rule changes and codes by email.</>}
      {outcome?.kind === 'failed' && <>We could not follow the firm: {outcome.message} Use its Follow button to try again.</>}
      {!outcome && done && doneName && (done.following
        ? <>You now follow {doneName}. You will hear of its rule changes and codes by email.</>
        : <>You no longer follow {doneName}.</>)}
    </p>
  );
}
