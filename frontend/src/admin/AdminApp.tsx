import { Navigate } from 'react-router-dom';
import { useLogout, useSession } from '../lib/session.js';
import '../site/site.css';

/**
 * The admin entry (lazy chunk). The react-admin screens of SPEC §2 mount here;
 * this shell already enforces SPEC §6 on the client: /login when signed out, Access Denied without the role.
 */
export default function AdminApp() {
  const session = useSession();
  const logout = useLogout();

  if (session.status === 'loading') return <div className="container section"><div className="card skeleton" /></div>;
  if (session.status === 'unauthenticated') return <Navigate to="/login" replace />;
  const { user } = session;
  if (user.role !== 'admin') {
    return (
      <section className="container section narrow center">
        <h1>Access Denied</h1>
        <p>Access denied. Your role ({user.role}) lacks required permissions.</p>
      </section>
    );
  }
  return (
    <section className="container section">
      <h1>Admin Dashboard</h1>
      <div className="card">
        <p><strong>{user.displayName}</strong> &middot; {user.email} &middot; {user.role.toUpperCase()}</p>
        <button className="button" type="button" onClick={() => void logout()}>Logout</button>
      </div>
    </section>
  );
}
