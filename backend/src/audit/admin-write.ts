/**
 * Which admin calls are writes the audit log records, and as what action: declared on the routes (the way
 * access is, access/route-labels.ts), never read from the URL. A controller names its resource once
 * (@AdminResource); each write names its action (@Audit) or says it changes no record (@NotAudited).
 * route-labels.e2e-spec.ts walks the route table: an admin write with neither label fails it.
 */
import { applyDecorators, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { NoStore } from '../cache/no-store.js';

export const ADMIN_RESOURCE_KEY = 'audit:resource';
export const AUDIT_ACTION_KEY = 'audit:action';

export interface AdminWrite {
  resource: string;
  action: string;
}

/**
 * The admin resource a controller serves (`blog-posts`): the audit log's resource, the read-only fields'
 * key (common/edit-conflict.ts), and answers no browser or proxy may keep (they carry subscribers' emails or
 * unpublished work).
 */
export const AdminResource = (resource: string) => applyDecorators(SetMetadata(ADMIN_RESOURCE_KEY, resource), NoStore());

/** An admin write, logged as `action` (create, update, delete, bulk, export, restore, invite...) once it succeeds. */
export const Audit = (action: string) => SetMetadata(AUDIT_ACTION_KEY, action);

/** A write that changes no record (an autosave, kept as a revision instead): not logged. */
export const NotAudited = () => SetMetadata(AUDIT_ACTION_KEY, null);

type Target = Parameters<Reflector['getAllAndOverride']>[1][number];

/** The resource a route belongs to (its controller's label), or undefined outside the admin area. */
export const adminResourceOf = (reflector: Reflector, targets: Target[]): string | undefined =>
  reflector.getAllAndOverride<string | undefined>(ADMIN_RESOURCE_KEY, targets);

/**
 * `undefined`: the route has no audit label at all; `null`: not a logged write (a read, or @NotAudited).
 * The action is the handler's own label: a controller-wide action would log every read.
 */
export const auditLabelOf = (reflector: Reflector, [handler]: Target[]): string | null | undefined =>
  reflector.get<string | null | undefined>(AUDIT_ACTION_KEY, handler!);

/** The audit entry a successful call of this route appends, or null. */
export function adminWriteOf(reflector: Reflector, targets: Target[]): AdminWrite | null {
  const resource = adminResourceOf(reflector, targets);
  const action = auditLabelOf(reflector, targets);
  return resource && action ? { resource, action } : null;
}

export const adminWriteOfContext = (reflector: Reflector, context: ExecutionContext): AdminWrite | null =>
  adminWriteOf(reflector, [context.getHandler(), context.getClass()]);
