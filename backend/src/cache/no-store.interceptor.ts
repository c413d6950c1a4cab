import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import { noStoreOfContext } from './no-store.js';

/**
 * Registered once, globally (CacheModule), like the access guards: a route labelled @NoStore (every admin resource
 * through @AdminResource, a trader's own /_api/me answers) gets its Cache-Control before the handler runs, so
 * streamed answers (the CSV export) have it too; errors get it from AllExceptionsFilter.
 */
@Injectable()
export class NoStoreInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const cacheControl = noStoreOfContext(this.reflector, context);
      if (cacheControl) context.switchToHttp().getResponse<Response>().setHeader('Cache-Control', cacheControl);
    }
    return next.handle();
  }
}
