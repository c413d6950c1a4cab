import type { AuthProvider } from 'react-admin';
import type { SessionResponse } from '../../../common/api-types.js';
import { apiFetch, apiPost } from '../lib/api.js';
import { queryClient } from '../lib/query-client.js';
import { SESSION_KEY } from '../lib/session.js';

/** Sends the browser to the site's sign-in page (SPEC §6), outside react-admin's /admin basename. */
function toLogin(): false {
  window.location.assign('/login');
  return false;
}

async function currentUser() {
  const session = await apiFetch<SessionResponse>('/_api/auth/session');
  if (!('user' in session)) throw new Error(session.error);
  return session.user;
}

/**
 * react-admin's view of the server session. Signing in happens on the public /login page;
 * AdminApp only mounts react-admin for a signed-in admin, and this keeps it honest afterwards
 * (an expired session or a withdrawn role sends the admin back to /login).
 */
export const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => {
    queryClient.setQueryData(SESSION_KEY, { error: 'Signed out' });
    await apiPost('/_api/auth/logout').catch((error) => console.warn('Logout failed', error));
    return toLogin();
  },
  checkAuth: async () => {
    const user = await currentUser().catch(() => null);
    if (!user || user.role !== 'admin') throw new Error('Not authenticated');
  },
  checkError: async (error: { status?: number }) => {
    if (error?.status === 401 || error?.status === 403) throw error;
  },
  getIdentity: async () => {
    const user = await currentUser();
    return { id: user.id, fullName: user.displayName, avatar: user.avatarUrl ?? undefined, email: user.email, role: user.role };
  },
  getPermissions: async () => (await currentUser()).role,
};
