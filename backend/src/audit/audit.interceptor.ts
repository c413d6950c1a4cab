import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { Observable, mergeMap } from 'rxjs';
import type { PublicUser } from '../../../common/api-types.js';
import type { FieldChanges } from '../../../common/team-api-types.js';
import { adminWriteContext, BULK_SUMMARY_KEY, type AdminWriteContext } from './admin-write-context.js';
import { adminWriteOfContext } from './admin-write.js';
import { AuditService } from './audit.service.js';

/** The entity whose own fields an update of each resource changes (its children are left out of the log). */
const PRIMARY_ENTITY: Record<string, string> = {
  'blog-posts': 'BlogPost',
  companies: 'Company',
  discounts: 'Discount',
  'firm-changes': 'FirmChange',
  'newsletter-subscribers': 'NewsletterSubscriber',
  users: 'User',
};

/**
 * Registered once, globally: every admin write runs inside a context naming its actor (read by the ORM
 * subscriber and the revision store) and, when it succeeds, appends one audit entry, as the route's labels say
 * (@AdminResource, @Audit: admin-write.ts). A failed write changed nothing and logs nothing. A new admin write
 * without a label fails route-labels.e2e-spec.ts, so none goes unlogged by oversight.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly audit: AuditService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    const write = adminWriteOfContext(this.reflector, context);
    const user = (req.user as PublicUser | undefined) ?? null;
    const store: AdminWriteContext = { actor: user, changes: new Map() };
    return new Observable((subscriber) =>
      adminWriteContext.run(store, () => {
        const handled = next.handle();
        const logged = write
          ? handled.pipe(
              mergeMap(async (result: unknown) => {
                const resourceId = idOf(req, result);
                await this.audit.append({
                  actor: user,
                  action: write.action,
                  resource: write.resource,
                  resourceId,
                  changes: changesFor(write.action, store, write.resource, resourceId),
                });
                return result;
              }),
            )
          : handled;
        return logged.subscribe(subscriber);
      }),
    );
  }
}

function idOf(req: Request, result: unknown): string | null {
  const fromParams = (req.params as Record<string, string | undefined>)?.id;
  if (fromParams) return fromParams;
  const body = req.body as { id?: unknown; ids?: unknown } | undefined;
  if (typeof body?.id === 'number' || typeof body?.id === 'string') return String(body.id);
  if (Array.isArray(body?.ids)) return body.ids.join(',').slice(0, 60);
  const answered = (result as { id?: unknown } | null)?.id;
  return typeof answered === 'number' || typeof answered === 'string' ? String(answered) : null;
}

/**
 * Updates log each changed field; a bulk write logs its own summary (action, scope, count: noteBulkWrite); other
 * writes what their service noted for their own record (noteChanges).
 */
function changesFor(action: string, store: AdminWriteContext, resource: string, id: string | null): FieldChanges {
  if (action === 'bulk') return store.changes.get(BULK_SUMMARY_KEY) ?? {};
  return action === 'update' || action === 'restore' ? changesOf(store, resource, id) : noted(store, resource, id);
}

function changesOf(store: AdminWriteContext, resource: string, id: string | null): FieldChanges {
  const entity = PRIMARY_ENTITY[resource];
  if (entity && id) return store.changes.get(`${entity}#${id}`) ?? {};
  return Object.assign({}, ...store.changes.values()) as FieldChanges;
}

/** What a service noted for its own record (noteChanges), e.g. an invitation's role and status. */
function noted(store: AdminWriteContext, resource: string, id: string | null): FieldChanges {
  const entity = PRIMARY_ENTITY[resource];
  return (entity && id && store.changes.get(`${entity}#${id}`)) || {};
}
