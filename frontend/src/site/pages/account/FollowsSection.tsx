import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatDay } from '../../../../../common/account.js';
import {
  ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, FOLLOWS_SECTION_TEXT as TEXT, type AlertFrequency, type FollowDto, type FollowsResponse,
} from '../../../../../common/follow-api-types.js';
import { firmPath, timelineAnchor } from '../../../../../common/firm-pages.js';
import { apiFetch } from '../../../lib/api.js';
import { FOLLOWS_KEY } from '../../../lib/queries.js';
import { useFollows } from '../../hooks/useFollows.js';
import { FollowForm } from '../firms/FollowButton.js';
import { ACCOUNT_PATH } from '../../../../../common/email-sign-in.js';
import { ALERT_SETTINGS_FORM_PATH } from '../../../../../common/follow-intent.js';

/**
 * Firms you follow (issue #19), beside the other /account sections: each firm with its latest recorded change
 * (from firm_events, linked to its timeline entry), an Unfollow button, and how alert emails come.
 */
export function FollowsSection() {
  const follows = useFollows();
  const data = follows.data;
  return (
    <section id="follows" className="card account-section" aria-labelledby="follows-title">
      <h2 id="follows-title">{TEXT.heading}</h2>
      {follows.error && <p role="alert" className="error">{TEXT.loadFailed}</p>}
      {!data && !follows.error && <p className="muted" role="status">{TEXT.loading}</p>}
      {data && data.follows.length === 0 && <p className="muted">{TEXT.empty} <Link to="/firms">{TEXT.browse}</Link></p>}
      {data && data.follows.length > 0 && (
        <ul className="account-list">
          {data.follows.map((f) => <FollowItem key={f.companyId} follow={f} />)}
        </ul>
      )}
      {data && <FrequencyChoice frequency={data.frequency} />}
    </section>
  );
}

function FollowItem({ follow: f }: { follow: FollowDto }) {
  const follows = useFollows();
  const change = f.latestChange;
  return (
    <li className="account-item" data-follow-id={f.companyId}>
      <div className="account-item-head">
        <Link className="account-firm" to={firmPath(f.slug)}>{f.name}</Link>
        {/* A plain form first (no script needed: POST /follow, back to /account); with script, the same call in place. */}
        <FollowForm companyId={f.companyId} action="unfollow" next={ACCOUNT_PATH}
          onSubmit={() => void follows.setFollowing(f.companyId, false).catch(() => undefined)}>
          <button type="submit" className="button button-quiet" disabled={follows.pendingFor === f.companyId}>
            {TEXT.unfollow(f.name)}
          </button>
        </FollowForm>
      </div>
      <p className="account-latest" data-testid="latest-change">
        <span className="muted">{TEXT.latest}:</span>{' '}
        {change ? (
          <>
            {change.text}, {formatDay(change.at)} &middot; <Link to={`${firmPath(f.slug)}#${timelineAnchor(`e${change.eventId}`)}`}>{TEXT.timeline}<span className="visually-hidden"> of {f.name}</span></Link>
          </>
        ) : TEXT.noChange}
      </p>
    </li>
  );
}

function FrequencyChoice({ frequency }: { frequency: AlertFrequency }) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (value: AlertFrequency) =>
      apiFetch<{ frequency: AlertFrequency }>('/_api/me/alert-settings', { method: 'PUT', body: JSON.stringify({ frequency: value }) }),
    onSuccess: ({ frequency: saved }) => client.setQueryData<FollowsResponse>(FOLLOWS_KEY, (old) => (old ? { ...old, frequency: saved } : old)),
  });
  const [choice, setChoice] = useState(frequency);
  // Saved by the plain form (no script): the server sent the reader back here saying so.
  const savedByForm = new URLSearchParams(useLocation().search).get('alerts') === 'saved';
  return (
    <form className="account-frequency" method="post" action={ALERT_SETTINGS_FORM_PATH} onSubmit={(e) => { e.preventDefault(); save.mutate(choice); }}>
      <label htmlFor="alert-frequency">{TEXT.frequency}</label>
      {/* With script a choice saves at once; the button is the no-script form's (and saves the same way with it). */}
      <span className="account-frequency-row">
        <select id="alert-frequency" name="frequency" value={choice} disabled={save.isPending}
          onChange={(e) => {
            const value = e.currentTarget.value as AlertFrequency;
            setChoice(value);
            save.mutate(value);
          }}>
          {ALERT_FREQUENCIES.map((value) => <option key={value} value={value}>{ALERT_FREQUENCY_LABELS[value]}</option>)}
        </select>
        <button type="submit" className="button button-quiet" disabled={save.isPending}>{TEXT.save}</button>
      </span>
      <span role="status" className="muted">{save.isSuccess || (savedByForm && save.isIdle) ? TEXT.saved : save.isError ? save.error.message : ''}</span>
    </form>
  );
}
