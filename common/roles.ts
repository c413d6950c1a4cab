/**
 * Who may do what in the admin (issue #20), as one table: the server's route labels are checked against it
 * route by route (backend/test/roles.e2e-spec.ts), and the admin hides what a role cannot do from it.
 * `admin` may do everything; `editor` writes blog posts and campaign drafts and uploads media, reads companies,
 * discounts and firms, and has no access to subscribers, users, settings, jobs, the outbox or the audit log.
 */
import type { UserRole } from './enums.js';

export type Access = 'none' | 'read' | 'write';

/** The roles that may enter the admin at all. */
export const STAFF_ROLES = ['admin', 'editor'] as const satisfies readonly UserRole[];

/** The editor's access per admin resource (the first path segment after /_api/admin/); admins write everything. */
export const EDITOR_ACCESS: Record<string, Access> = {
  'blog-posts': 'write',
  media: 'write',
  companies: 'read',
  discounts: 'read',
  'firm-changes': 'read',
  campaigns: 'write',
};

/**
 * Actions of a resource an editor writes that still stay an admin's: editors draft campaigns; sending,
 * scheduling (the server refuses an editor's save that schedules), test sends, cancelling, deleting, the digest
 * and the newsletter settings are not theirs. An action is what adminRouteAction names.
 */
export const EDITOR_ADMIN_ONLY_ACTIONS: Record<string, readonly string[]> = {
  campaigns: ['send', 'test', 'cancel', 'delete', 'digest', 'settings'],
};

/**
 * The action an admin route (or URL) names: 'delete' for a DELETE, else its first segment after the resource
 * that is neither a parameter nor an id (`/_api/admin/campaigns/:id/send` → 'send'); undefined for the record or list itself.
 */
export function adminRouteAction(method: string, path: string): string | undefined {
  if (method.toUpperCase() === 'DELETE') return 'delete';
  return path.split('?')[0]!.split('/').slice(4).find((s) => s !== '' && !s.startsWith(':') && !/^\d+$/.test(s));
}

export function isStaff(role: string | undefined): boolean {
  return (STAFF_ROLES as readonly string[]).includes(role ?? '');
}

/** What a role may do with an admin resource. */
export function accessTo(role: string | undefined, resource: string): Access {
  if (role === 'admin') return 'write';
  if (role === 'editor') return EDITOR_ACCESS[resource] ?? 'none';
  return 'none';
}

/** Whether an editor may take this action of a resource they may write (see EDITOR_ADMIN_ONLY_ACTIONS). */
export function mayTake(role: string | undefined, resource: string, action: string): boolean {
  if (accessTo(role, resource) !== 'write') return false;
  return role !== 'editor' || !(EDITOR_ADMIN_ONLY_ACTIONS[resource] ?? []).includes(action);
}

/**
 * Whether a role may call this admin route: reads need 'read', anything else 'write'; an admin-only action
 * (the route's `action`, adminRouteAction) is refused to editors whatever the method.
 */
export function mayCall(role: string | undefined, method: string, resource: string, action?: string): boolean {
  if (role === 'editor' && action !== undefined && (EDITOR_ADMIN_ONLY_ACTIONS[resource] ?? []).includes(action)) return false;
  const access = accessTo(role, resource);
  return method.toUpperCase() === 'GET' ? access !== 'none' : access === 'write';
}
