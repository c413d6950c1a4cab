import { Link, Route, Routes, useNavigate } from 'react-router-dom';
import { MSG } from '../../../common/messages.js';
import { useLogout } from '../lib/session.js';
import { SiteLayout } from '../site/layout/SiteLayout.js';

function AccessDeniedPage({ role }: { role: string }) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <section className="container section narrow center">
      <h1>Access Denied</h1>
      <p>{MSG.accessDenied(role)}</p>
      <p style={{ display: 'flex', gap: 12, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Link className="button" to="/">Return to Homepage</Link>
        <button type="button" className="button button-ghost" style={{ fontFamily: 'inherit' }} onClick={() => void logout().then(() => navigate('/login'))}>Sign out</button>
      </p>
    </section>
  );
}

/** docs/spec.md §6 for a signed-in user without the admin role, inside the site's header and footer (a way home and out). */
export function AccessDenied({ role }: { role: string }) {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route path="*" element={<AccessDeniedPage role={role} />} />
      </Route>
    </Routes>
  );
}
