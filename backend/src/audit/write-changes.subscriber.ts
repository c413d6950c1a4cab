import { ChangeSetType, type EventSubscriber, type FlushEventArgs } from '@mikro-orm/core';
import { adminWriteContext, type FieldChanges } from './admin-write-context.js';

/** Never written to the audit log: secrets, and what every update changes anyway. */
const NOT_LOGGED = /password|secret|token|^searchVector$|^updatedAt$|^version$/i;

/** A value as the log stores it: dates as ISO text, references as their id. */
export function loggable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object' && !Array.isArray(value) && 'id' in value) return (value as { id: unknown }).id;
  return value ?? null;
}

/**
 * Collects, for the admin write in progress (AuditInterceptor's context), each updated record's changed fields
 * as [before, after] from the ORM's own change sets: what really changed, not what the body said.
 */
export class WriteChangesSubscriber implements EventSubscriber {
  onFlush({ uow }: FlushEventArgs): void {
    const context = adminWriteContext.getStore();
    if (!context) return;
    for (const cs of uow.getChangeSets()) {
      if (cs.type !== ChangeSetType.UPDATE) continue;
      const id = (cs.entity as { id?: unknown }).id;
      const key = `${cs.meta.className}#${String(id)}`;
      const fields: FieldChanges = context.changes.get(key) ?? {};
      for (const name of Object.keys(cs.payload)) {
        if (NOT_LOGGED.test(name)) continue;
        const before = loggable((cs.originalEntity as Record<string, unknown> | undefined)?.[name]);
        const after = loggable((cs.entity as Record<string, unknown>)[name]);
        if (JSON.stringify(before) === JSON.stringify(after)) continue;
        fields[name] = [name in fields ? fields[name][0] : before, after];
      }
      if (Object.keys(fields).length) context.changes.set(key, fields);
    }
  }
}
