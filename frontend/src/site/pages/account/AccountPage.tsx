import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ACCOUNT_TEXT } from '../../../../../common/account.js';
import { LOGIN_NEXT_PARAM } from '../../../../../common/login-path.js';
import { ApiRequestError } from '../../../lib/api.js';
import { useSession } from '../../../lib/session.js';
import { myReportsQuery } from './account-queries.js';
import { LeaveContext } from './leave-account.js';
import { ACCOUNT_SECTIONS } from './sections.js';
import './account.css';

/**
 * /account (issue #17): the signed-in trader's own page, one section after another (ACCOUNT_SECTIONS). The server
 * renders it for its owner only (never cached, noindex) and sends signed-out readers to /login; so does the browser
 * when the session ends while the page is open.
 */
export function AccountPage() {
  const session = useSession();
  const reports = useQuery(myReportsQuery());
  const location = useLocation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const leave = (to: string) => {
    setLeaving(true);
    void navigate(to);
  };

  const signedOut = session.status === 'unauthenticated' || (reports.error instanceof ApiRequestError && reports.error.status === 401);
  if (signedOut && !leaving) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?${new URLSearchParams({ [LOGIN_NEXT_PARAM]: next })}`} replace />;
  }

  return (
    <LeaveContext.Provider value={leave}>
      <div className="container section account">
        <h1>{ACCOUNT_TEXT.heading}</h1>
        {/* Who is signed in comes from the browser's session check (a page is never rendered with it on the server). */}
        <p className="muted account-who">{session.status === 'authenticated' ? ACCOUNT_TEXT.signedInAs(session.user.email) : '\u00a0'}</p>
        {ACCOUNT_SECTIONS.map(({ id, Section }) => (
          <Section key={id} />
        ))}
      </div>
    </LeaveContext.Provider>
  );
}
