import { isStaff } from '../../../common/roles.js';
import type { AuthProvider } from 'react-admin';
import { apiPost } from '../lib/api.js';
import { queryClient } from '../lib/query-client.js';
import { SESSION_KEY, sessionQuery } from '../lib/session.js';

/** Sends the browser to the site's sign-in page (docs/spec.md §6), outside react-admin's /admin basename. */
function toLogin(): false {
  window.location.assign('/login');
  return false;
}

/**
 * The session the site already holds (AdminApp only mounts for a signed-in admin, so it is cached): react-admin asks
 * checkAuth on every page and getIdentity/getPermissions besides, and asking the server each time cost every admin
 * page four round trips before its list. A server that no longer agrees answers an admin call 401/403 (checkError).
 */
async function currentUser() {
  const session = await queryClient.fetchQuery(sessionQuery());
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
    if (!user || !isStaff(user.role)) throw new Error('Not authenticated');
  },
  checkError: async (error: { status?: number }) => {
    if (error?.status === 401 || error?.status === 403) {
      // The cached session is now known to be wrong: asking again moves AdminApp to /login (or Access Denied)
      // even when react-admin skips its own logout (it does once per burst of failing calls).
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      // A 403 is a signed-in person whose role does not reach this screen (issue #20: an editor on an admin's URL):
      // say so and keep them signed in; only a 401 (no session, or a deactivated account) signs out.
      if (error.status === 403) throw Object.assign(new Error('ra.notification.not_authorized'), { logoutUser: false });
      throw error;
    }
  },
  getIdentity: async () => {
    const user = await currentUser();
    return { id: user.id, fullName: user.displayName, avatar: user.avatarUrl ?? undefined, email: user.email, role: user.role };
  },
  getPermissions: async () => (await currentUser()).role,
};
