/**
 * Who may do what in the admin (issue #20), as one table: the server's route labels are checked against it
 * route by route (backend/test/roles.e2e-spec.ts), and the admin hides what a role cannot do from it.
 * `admin` may do everything; `editor` writes blog posts and uploads media, reads companies, discounts and firms,
 * and has no access to subscribers, users, settings, jobs, the outbox or the audit log.
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
};

export function isStaff(role: string | undefined): boolean {
  return (STAFF_ROLES as readonly string[]).includes(role ?? '');
}

/** What a role may do with an admin resource. */
export function accessTo(role: string | undefined, resource: string): Access {
  if (role === 'admin') return 'write';
  if (role === 'editor') return EDITOR_ACCESS[resource] ?? 'none';
  return 'none';
}

/** Whether a role may call this admin route: reads need 'read', anything else 'write'. */
export function mayCall(role: string | undefined, method: string, resource: string): boolean {
  const access = accessTo(role, resource);
  return method.toUpperCase() === 'GET' ? access !== 'none' : access === 'write';
}
