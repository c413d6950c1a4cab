import { AsyncLocalStorage } from 'node:async_hooks';
import type { PublicUser } from '../../../common/api-types.js';

/** Field name → [before, after] of one record. */
export type FieldChanges = Record<string, [unknown, unknown]>;

/** What one admin write knows about itself while it runs: who makes it and what the ORM changed. */
export interface AdminWriteContext {
  actor: PublicUser | null;
  /** Per `${EntityName}#${id}`, the fields each flushed update changed. */
  changes: Map<string, FieldChanges>;
}

/**
 * Carried through the request by AuditInterceptor, so the ORM subscriber and the revision store learn who
 * writes without every service passing the user along.
 */
export const adminWriteContext = new AsyncLocalStorage<AdminWriteContext>();

export function currentActor(): PublicUser | null {
  return adminWriteContext.getStore()?.actor ?? null;
}

/** The key a bulk write's summary is kept under in `changes` (AuditInterceptor logs it as the entry's changes). */
export const BULK_SUMMARY_KEY = 'bulk';

/**
 * A bulk write (one SQL statement, so no ORM change sets) says what it did for the audit log: the action, the scope
 * (ids or filter) and how many records it changed, each as [null, value].
 */
export function noteBulkWrite(summary: Record<string, unknown>): void {
  const store = adminWriteContext.getStore();
  if (!store) return;
  store.changes.set(BULK_SUMMARY_KEY, Object.fromEntries(Object.entries(summary).map(([k, v]) => [k, [null, v ?? null]])));
}

/**
 * For a write the ORM's change sets do not see (raw SQL, a create): the fields it changed as [before, after], so
 * AuditInterceptor logs them with the write's entry (e.g. an invitation's role and status).
 */
export function noteChanges(entityName: string, id: number | string, fields: FieldChanges): void {
  const context = adminWriteContext.getStore();
  if (!context) return;
  const key = `${entityName}#${String(id)}`;
  context.changes.set(key, { ...context.changes.get(key), ...fields });
}
