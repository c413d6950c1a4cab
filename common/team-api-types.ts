/** Shapes of the team features' answers (issue #20): the audit log, revisions and preview links. */

export type FieldChanges = Record<string, [unknown, unknown]>;

/** GET /_api/admin/audit-log (ra-data-simple-rest). */
export interface AuditEntryDto {
  id: number;
  at: string;
  /** null for a failed sign-in of an unknown address, or a change made by the system. */
  actor: { id: number | null; email: string | null };
  action: string;
  resource: string;
  resourceId: string | null;
  /** For updates, each changed field as [before, after]; secrets never appear. */
  changes: FieldChanges;
}

/** GET /_api/admin/{resource}/:id/revisions, newest first. */
export interface RevisionDto {
  id: number;
  recordId: number;
  at: string;
  actor: { id: number | null; name: string | null };
  /** create | save | restore | autosave */
  kind: string;
  fields: Record<string, unknown>;
}

/** POST /_api/admin/blog-posts/:id/preview-link */
export interface PreviewLinkDto {
  url: string;
  expiresAt: string;
}

/** One record waiting for its time on the dashboard's "Scheduled next" (issue #20). */
export interface ScheduledItemDto {
  resource: 'blog-posts' | 'campaigns';
  id: number;
  title: string;
  /** When it publishes (a post) or sends (a campaign). */
  at: string;
  /** Its time has passed and its job has not run yet (it runs within seconds, or at the next start). */
  overdue: boolean;
}

/** GET /_api/admin/schedule: what publishes or sends next, and the publishing jobs that failed for good. */
export interface ScheduleDto {
  next: ScheduledItemDto[];
  failed: import('./mail-api-types.js').ProblemJobDto[];
}
