import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { READ_ONLY_FIELDS } from '../../../common/edit-conflict.js';

const ADMIN_RESOURCE = /^\/_api\/admin\/([^/]+)/i;

/**
 * Drops each admin resource's read-only fields (common/edit-conflict.ts, declared once) from `PUT /:id` bodies
 * before validation, so react-admin may send the record back whole (the path names the record, so the body's
 * `id` goes too). SPEC's POST face keeps refusing them by name: no DTO declares them, so a field added to an
 * answer is writable on neither face until a DTO says so.
 */
@Injectable()
export class ReadOnlyFieldsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    if (req.method === 'PUT' && req.body && typeof req.body === 'object' && !Array.isArray(req.body)) {
      const resource = ADMIN_RESOURCE.exec((req.route as { path?: string } | undefined)?.path ?? '')?.[1];
      const fields = resource ? READ_ONLY_FIELDS[resource] : undefined;
      const body = req.body as Record<string, unknown>;
      if (fields) for (const field of [...fields, 'id']) delete body[field];
    }
    return next.handle();
  }
}
