import { MSG } from '../../../../common/messages.js';
import { useAccess } from '../components/access.js';
import { PageHeader } from '../components/PageHeader.js';
import { useSession } from '../../lib/session.js';

export const choices = (values: readonly string[]) => values.map((id) => ({ id, name: id }));

export const USERS = { to: '/admin/users', label: 'Back to Users' };

/**
 * The screens of users are admins' only (common/roles.ts): another role opening their URL gets Access Denied, without
 * a call the server would refuse (a 403 from a list would otherwise read as an expired session).
 */
export function AdminsOnly({ children }: { children: React.ReactNode }) {
  const access = useAccess('users');
  const session = useSession();
  if (access === 'none') {
    return <PageHeader title="Access Denied" subtitle={MSG.accessDenied(session.status === 'authenticated' ? session.user.role : 'unknown')} />;
  }
  return <>{children}</>;
}
