import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { mergeMap, of, type Observable } from 'rxjs';
import { Keyed, PUBLIC_CACHE, type PublicCacheOptions } from './public-cache.options.js';
import { PublicCacheService, type Computed } from './public-cache.service.js';

/** Serves @PublicCache() handlers from the cache, and keeps what they compute on a miss. */
@Injectable()
export class PublicCacheInterceptor implements NestInterceptor {
  constructor(private readonly cache: PublicCacheService, private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler<Computed | Keyed>): Observable<void> {
    const options = this.reflector.get<PublicCacheOptions>(PUBLIC_CACHE, context.getHandler());
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const variant = options.variant?.(req);
    const hit = this.cache.lookupUrl(req.originalUrl, variant);
    if (hit) {
      this.cache.send(req, res, hit);
      return of(undefined);
    }
    const since = this.cache.readStarted();
    return next.handle().pipe(
      mergeMap(async (result) => {
        if (result instanceof Keyed) {
          const slot = { key: result.key, tables: options.tables, variant };
          const kept = this.cache.lookup(req, slot);
          this.cache.send(req, res, kept ?? this.cache.answer(req, res, slot, await result.compute(), since));
          return;
        }
        const slot = { key: options.key ?? req.originalUrl, tables: options.tables, variant };
        this.cache.send(req, res, this.cache.answer(req, res, slot, result, since));
      }),
    );
  }
}
