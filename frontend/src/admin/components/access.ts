import { accessTo, mayTake, type Access } from '../../../../common/roles.js';
import { useSession } from '../../lib/session.js';

/** What the signed-in person may do with an admin resource (common/roles.ts); the server enforces the same table. */
export function useAccess(resource: string): Access {
  const session = useSession();
  return accessTo(session.status === 'authenticated' ? session.user.role : undefined, resource);
}

/** Whether the signed-in person may take an action of a resource (editors draft campaigns but do not send them). */
export function useMayTake(resource: string, action: string): boolean {
  const session = useSession();
  return mayTake(session.status === 'authenticated' ? session.user.role : undefined, resource, action);
}
