import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../common/api-types.js';
import { MSG } from '../../../common/messages.js';
import { apiPost } from './api.js';
import { SESSION_KEY, sessionQuery } from './queries.js';

export type AuthState =
  | { status: 'loading' }
  | { status: 'authenticated'; user: PublicUser }
  | { status: 'unauthenticated'; error?: string };

export { SESSION_KEY, sessionQuery };

/** docs/spec.md §4/§7: fetched once, never stale, retried once — the one entry the site and the admin both read. */
export function useSession(): AuthState {
  const { data, error, isPending } = useQuery(sessionQuery());
  if (isPending) return { status: 'loading' };
  if (error) return { status: 'unauthenticated', error: error.message || MSG.sessionCheckFailed };
  if (data && 'user' in data) return { status: 'authenticated', user: data.user };
  return { status: 'unauthenticated', error: data?.error };
}

/** Clears the cached user, calls logout, then resets cached data; a failure is only logged (docs/spec.md §4). */
export function useLogout() {
  const client = useQueryClient();
  return async () => {
    client.setQueryData(SESSION_KEY, { error: MSG.notAuthenticated });
    try {
      await apiPost('/_api/auth/logout');
    } catch (error) {
      console.warn('Logout failed', error);
    }
    await client.resetQueries();
  };
}
