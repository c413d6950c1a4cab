import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { LIVE_FIELDS, READ_ONLY_FIELDS } from '../../../common/edit-conflict.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { adminResourceOf } from './admin-write.js';

/** What every admin controller with a PUT also has: its own GET of one record (the answer react-admin holds). */
interface RecordReader {
  get(id: number | string): Promise<Record<string, unknown>>;
}

/** Two JSON values alike as the client saw them (dates as ISO strings, key order ignored for objects). */
function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => x.localeCompare(y)))
      : v,
  ) ?? 'undefined';
}

/**
 * Each admin resource's read-only fields (common/edit-conflict.ts, declared once; the resource is the controller's
 * @AdminResource label) on `PUT /:id`: react-admin's
 * stock update sends the record back whole, so a read-only field equal to the record's own (or one that moves on
 * its own, LIVE_FIELDS) is dropped before validation; one that differs is a 400 naming it (the body's `id` must name the record of the path). SPEC's
 * POST face keeps refusing them by name: no DTO declares them.
 */
@Injectable()
export class ReadOnlyFieldsInterceptor implements NestInterceptor {
  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly reflector: Reflector,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    if (req.method !== 'PUT' || !req.body || typeof req.body !== 'object' || Array.isArray(req.body)) return next.handle();
    const resource = adminResourceOf(this.reflector, [context.getHandler(), context.getClass()]);
    const fields = resource ? READ_ONLY_FIELDS[resource] : undefined;
    const body = req.body as Record<string, unknown>;
    const id = typeof req.params.id === 'string' ? req.params.id : undefined;
    const present = fields ? fields.filter((f) => f in body) : [];
    if (fields && 'id' in body && String(body.id) !== id) throw readOnlyChanged(['id']);
    if (present.length > 0) {
      const changed = await this.changedFields(context, id, body, present);
      if (changed.length > 0) throw readOnlyChanged(changed);
    }
    if (fields) for (const field of [...present, 'id']) delete body[field];
    return next.handle();
  }

  private async changedFields(context: ExecutionContext, id: string | undefined, body: Record<string, unknown>, present: string[]) {
    const controller = this.moduleRef.get<RecordReader>(context.getClass(), { strict: false });
    // A missing record is the handler's 404 to answer, with its own words: nothing here to compare against.
    const current = id === undefined ? null : await controller.get(/^\d+$/.test(id) ? Number(id) : id).catch(() => null);
    if (!current) return [];
    // A save from an older version is the handler's 409 (with who changed it): read-only fields that moved since
    // that version (a slug after a rename, say) are not this client's change.
    if ('version' in body && 'version' in current && body.version !== current.version) return [];
    return present.filter((f) => !LIVE_FIELDS.has(f) && !sameJson(body[f], current[f]));
  }
}

function readOnlyChanged(names: string[]): ApiError {
  return new ApiError(400, MSG.readOnlyChanged(names), Object.fromEntries(names.map((n) => [n, MSG.readOnlyField])));
}
